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
