import { describe, expect, it } from 'vitest';
import { generateCatalogue } from './demo-catalogue.ts';

const catalogue = generateCatalogue('demo');
const spec = (p: (typeof catalogue.products)[number], title: string) =>
  p.specifications.find((s) => s.title === title)?.details;

describe('the demo catalogue says what a price buys (decision 014, item 9)', () => {
  it('every product has a selling unit, and its text says the same', () => {
    for (const p of catalogue.products) {
      expect(p.sellingUnit, p.name).not.toBe('');
      expect(p.description, p.name).toContain(
        p.sellingUnit === 'each' ? 'Sold individually' : `Sold by the ${p.sellingUnit}`,
      );
    }
  });

  it('a unit that counts agrees with the specification that counts it', () => {
    for (const p of catalogue.products) {
      const booklets = spec(p, 'Booklets per box');
      if (booklets) expect(p.sellingUnit).toBe(`display box of ${booklets}`);
      const display = spec(p, 'Display');
      if (display) expect(`display of ${display}`).toBe(`${p.sellingUnit} units`);
      if (spec(p, 'Pack') === '10 devices per display box') expect(p.sellingUnit).toBe('box of 10');
      const form = spec(p, 'Form');
      if (form?.includes('capsules')) expect(p.sellingUnit).toMatch(/capsules$/);
      if (form === 'Pressed tablets') expect(p.sellingUnit).toMatch(/tablets$/);
    }
  });

  it('options at one price are never different quantities of the product', () => {
    const quantity = /^(box|pack|case|display) of \d+$|^\d+ ?(ct|g|kg)$/i;
    const offenders = catalogue.products.flatMap((p) =>
      p.variants.filter((v) => quantity.test(v.name)).map((v) => `${p.name} — ${v.name}`),
    );
    expect(offenders).toEqual([]);
  });
});
