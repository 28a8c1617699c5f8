import { describe, expect, it } from 'vitest';
import { pageCount, paginationWindow } from './pagination.ts';

describe('paginationWindow', () => {
  it('centres the current page in a window of five', () => {
    expect(paginationWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });
  it('sticks to the edges', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(paginationWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it('shrinks when there are fewer pages than the window', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(3, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 0)).toEqual([1]);
  });
  it('clamps out-of-range pages', () => {
    expect(paginationWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(paginationWindow(-4, 7)).toEqual([1, 2, 3, 4, 5]);
  });
  it('always contains the current page and is contiguous', () => {
    for (let total = 1; total <= 12; total++) {
      for (let page = 1; page <= total; page++) {
        const w = paginationWindow(page, total);
        expect(w).toContain(page);
        expect(w.length).toBe(Math.min(5, total));
        for (let i = 1; i < w.length; i++) expect(w[i]).toBe(w[i - 1]! + 1);
      }
    }
  });
  it('counts pages of twenty', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });
});
