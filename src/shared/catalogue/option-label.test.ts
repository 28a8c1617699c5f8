import { describe, expect, it } from 'vitest';
import { optionLabel } from './option-label.ts';

describe('optionLabel', () => {
  it('names the product, an em dash between spaces, then the option', () => {
    expect(optionLabel('Geek Bar Pulse', 'Blue Razz')).toBe('Geek Bar Pulse — Blue Razz');
  });
});
