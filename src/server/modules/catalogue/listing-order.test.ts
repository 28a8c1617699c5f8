import { describe, expect, it } from 'vitest';
import type { ProductEntry } from './catalogue-read-model.ts';
import { listingOrder, reposition } from './listing-order.ts';

/** Just what the listing order reads. */
const entry = (id: number, inStock: boolean, createdAt: number, name: string) =>
  ({ dbId: id, createdAt, card: { inStock, name } }) as unknown as ProductEntry;

describe('reposition', () => {
  it('puts moved entries where a full sort would, over random listings and flips', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const names = ['Äpfel', 'apple', 'Zebra', 'zeta', 'Mango 10 ml', 'Mango 2 ml', 'ß kit', 'Öl'];
    for (let round = 0; round < 300; round++) {
      const list = Array.from({ length: 1 + Math.floor(random() * 60) }, (_, i) =>
        entry(i, random() < 0.7, Math.floor(random() * 5), names[Math.floor(random() * names.length)]!),
      ).sort(listingOrder);
      const moved = new Set(list.filter(() => random() < 0.15));
      for (const e of moved) e.card.inStock = !e.card.inStock;
      const expected = [...list].sort(listingOrder);
      reposition(list, moved);
      const key = (e: ProductEntry) => `${e.card.inStock}|${e.createdAt}|${e.card.name}`;
      expect(list.map(key)).toEqual(expected.map(key));
      expect(new Set(list)).toEqual(new Set(expected));
    }
  });
});
