import { describe, expect, it } from 'vitest';
import { cardKey } from './card-key.ts';

describe('product card key', () => {
  it('joins a card’s category, brand and product with "/", which the server splits back apart', () => {
    expect(cardKey({ categoryId: 'disposables', brandId: 'geek-bar', id: 'pulse' })).toBe(
      'disposables/geek-bar/pulse',
    );
  });
});
