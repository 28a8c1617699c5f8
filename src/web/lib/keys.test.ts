import { describe, expect, it } from 'vitest';
import { keyed } from './keys.ts';

describe('keys for lists whose entries repeat', () => {
  it('keeps each key, and numbers the repeats', () => {
    expect(keyed(['a', 'b', 'a', 'a'], (s) => s).map((k) => k.key)).toEqual(['a', 'b', 'a#2', 'a#3']);
    expect(keyed([{ sku: 'X' }, { sku: 'X' }], (i) => i.sku).map((k) => [k.key, k.item.sku])).toEqual([
      ['X', 'X'],
      ['X#2', 'X'],
    ]);
  });
});
