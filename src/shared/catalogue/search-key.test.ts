import { describe, expect, it } from 'vitest';
import {
  buildSearchKey,
  normalizeForSearch,
  parseSearchQuery,
  SEARCH_KEY_SEPARATOR,
  toLikeSubstringPattern,
} from './search-key.ts';

function matches(names: string[], query: string): boolean {
  const q = normalizeForSearch(query);
  return q.length > 0 && buildSearchKey(names).includes(q);
}

describe('search normalisation (SPEC §5)', () => {
  it('ignores case and spaces', () => {
    expect(normalizeForSearch('  MANGO   ice ')).toBe('mangoice');
    expect(matches(['Mango Ice'], 'MANGO ice')).toBe(true);
    expect(matches(['Nimbus Bar'], 'nimbusbar')).toBe(true);
    expect(matches(['Nimbus Bar'], 'BUS B')).toBe(true);
  });
  it('folds tabs, newlines and full-width letters', () => {
    expect(normalizeForSearch('Ｍango\tIce\n')).toBe('mangoice');
  });
  it('never matches across two fields', () => {
    expect(matches(['Mango', 'Ice Pop'], 'mangoice')).toBe(false);
    expect(normalizeForSearch(`a${SEARCH_KEY_SEPARATOR}b`)).toBe('ab');
  });
  it('an empty or all-space query matches nothing', () => {
    expect(matches(['Anything'], '   ')).toBe(false);
  });
  it('escapes LIKE wildcards so they match literally', () => {
    expect(toLikeSubstringPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(toLikeSubstringPattern("'; drop table users;--")).toBe("%'; drop table users;--%");
  });
  it('leaves out a name with nothing searchable, adding no empty field', () => {
    expect(buildSearchKey(['Mango', ' \t ', 'Ice Pop'])).toBe(buildSearchKey(['Mango', 'Ice Pop']));
    expect(buildSearchKey(['', 'Mango'])).toBe('mango');
  });
});

describe('a query read as words (docs/decisions/014, item 2)', () => {
  it('splits on white space, each word normalised, each once', () => {
    expect(parseSearchQuery('  Razz  BLUE razz ')).toEqual({
      needle: 'razzbluerazz',
      words: ['razz', 'blue'],
    });
    expect(parseSearchQuery('SS-1358-01')).toEqual({ needle: 'ss-1358-01', words: ['ss-1358-01'] });
    expect(parseSearchQuery('Ｍango\tIce')).toEqual({ needle: 'mangoice', words: ['mango', 'ice'] });
  });
  it('reads at most eight words, the longest, in the order typed', () => {
    const { words } = parseSearchQuery('a bb ccc dddd eeeee ffffff ggggggg hhhhhhhh iiiiiiiii j');
    expect(words).toEqual(['bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'ggggggg', 'hhhhhhhh', 'iiiiiiiii']);
  });
  it('an empty or blank query has no words', () => {
    expect(parseSearchQuery(' \t ')).toEqual({ needle: '', words: [] });
    expect(parseSearchQuery('a\u001fb c')).toEqual({ needle: 'abc', words: ['ab', 'c'] });
  });
});
