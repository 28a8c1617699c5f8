/**
 * SPEC §5 Search: a case-insensitive substring match that ignores spaces.
 * Both the stored key and the query go through `normalizeForSearch`, so "MANGO ice" matches
 * "Mango Ice" and "nimbusbar" matches "Nimbus Bar".
 */
export const SEARCH_KEY_SEPARATOR = '\u001f';
export const SEARCH_QUERY_MAX_LENGTH = 100;

export function normalizeForSearch(text: string): string {
  // NFKC folds full-width and compatibility forms; \s and control characters are dropped so a
  // query can never contain the field separator and match across two fields.
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\s\u0000-\u001f\u007f]+/gu, '')
  );
}

/** The stored key: each searchable name normalised, joined by a separator no query can contain. */
export function buildSearchKey(names: readonly string[]): string {
  return names.map(normalizeForSearch).filter(Boolean).join(SEARCH_KEY_SEPARATOR);
}

/** Escapes LIKE wildcards so user text is matched literally (`50%` finds "50%", not everything). */
export function toLikeSubstringPattern(normalizedQuery: string): string {
  return `%${normalizedQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What a buyer typed, read three ways (docs/decisions/014, item 2): the spec's whole needle (case
 * and spaces ignored), its words (each found in some name, in any order) and, as the needle, an
 * exact code (an option's SKU, a product's SKU or product code, case and spaces ignored).
 */
export interface SearchQuery {
  needle: string;
  words: string[];
}

export function parseSearchQuery(text: string): SearchQuery {
  const needle = normalizeForSearch(text);
  const words = [
    ...new Set(
      text
        .normalize('NFKC')
        // White space parts words; a control character is dropped inside one, as in the needle.
        .split(/\s+/u)
        .map(normalizeForSearch)
        .filter(Boolean),
    ),
  ];
  // Some word holds whatever the needle holds: a non-empty needle has at least one word. A query
  // is read as at most SEARCH_MAX_WORDS words (the longest): each costs a pass over the index.
  if (words.length > SEARCH_MAX_WORDS) {
    const longest = new Set([...words].sort((a, b) => b.length - a.length).slice(0, SEARCH_MAX_WORDS));
    return { needle, words: words.filter((w) => longest.has(w)) };
  }
  return { needle, words };
}

/** The most words a query is read as (decision 014, item 2). */
export const SEARCH_MAX_WORDS = 8;
