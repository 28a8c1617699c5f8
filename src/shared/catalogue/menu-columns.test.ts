import { describe, expect, it } from 'vitest';
import { brandColumnCount, splitIntoColumns } from './menu-columns.ts';

describe('menu columns', () => {
  it('uses 2, 3 or 5 columns by brand count', () => {
    expect(brandColumnCount(1)).toBe(2);
    expect(brandColumnCount(4)).toBe(2);
    expect(brandColumnCount(5)).toBe(3);
    expect(brandColumnCount(6)).toBe(3);
    expect(brandColumnCount(7)).toBe(5);
    expect(brandColumnCount(40)).toBe(5);
  });
  it('keeps every item once, in order', () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    const cols = splitIntoColumns(items, 3);
    expect(cols.flat()).toEqual(items);
    expect(cols.map((c) => c.length)).toEqual([4, 4, 3]);
  });
  it('never leaves an empty column: 4 brands in 3 columns make 2 full ones', () => {
    expect(splitIntoColumns([1, 2, 3, 4], 3)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(splitIntoColumns([], 5)).toEqual([]);
  });
});
