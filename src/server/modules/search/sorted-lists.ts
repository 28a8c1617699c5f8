/** The search index's flat, ascending lists of numbers (search-index.ts). */

/** Lists of numbers as one array and where each list starts in it (one more start: the end). */
export function flatten(lists: number[][]): [Int32Array, Int32Array] {
  const at = new Int32Array(lists.length + 1);
  let n = 0;
  lists.forEach((list, k) => {
    at[k] = n;
    n += list.length;
  });
  at[lists.length] = n;
  const all = new Int32Array(n);
  lists.forEach((list, k) => {
    all.set(list, at[k]!);
  });
  return [all, at];
}

/** Which of the texts joined at `starts` holds the character at `offset` (binary search). */
export function productAt(starts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The numbers in both ascending lists (the first is the shorter: each step skips ahead in the second). */
export function intersect(short: ArrayLike<number>, long: Int32Array): number[] {
  const out: number[] = [];
  let j = 0;
  for (let k = 0; k < short.length; k++) {
    const x = short[k]!;
    // Gallop, then search: the long list may be thousands of times longer.
    let step = 1;
    while (j + step < long.length && long[j + step]! < x) step *= 2;
    let lo = j;
    let hi = Math.min(j + step, long.length - 1);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (long[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    j = lo;
    if (j >= long.length) break;
    if (long[j] === x) out.push(x);
  }
  return out;
}

/** The texts joined at `starts` (by a character no needle holds) that hold `needle`, ascending: one pass. */
export function scanTexts(text: string, starts: Int32Array, needle: string): number[] {
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at === -1) return found;
    const f = productAt(starts, at);
    found.push(f);
    from = starts[f + 1]!;
  }
}
