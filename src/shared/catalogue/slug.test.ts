import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('lower-cases, joins words with dashes, drops accents and punctuation', () => {
    expect(slugify('Glacier Puff — Banana Ice')).toBe('glacier-puff-banana-ice');
    expect(slugify('  Café Crème  ')).toBe('cafe-creme');
    expect(slugify('Papers & Tips')).toBe('papers-and-tips');
    expect(slugify('10,000 Puffs!!')).toBe('10-000-puffs');
  });
  it('is empty when nothing readable is left', () => {
    expect(slugify('—!?')).toBe('');
    expect(slugify('😀')).toBe('');
  });
  it('keeps at most 120 characters and never ends with a dash after the cut', () => {
    const long = `${'a'.repeat(119)} b`;
    expect(slugify(long)).toBe('a'.repeat(119));
    expect(slugify('x'.repeat(300))).toHaveLength(120);
  });
});
