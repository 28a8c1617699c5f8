import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitByKind } from './excise-split.ts';

describe('excise split by kind of rate (decision 018)', () => {
  it('gives a line charged at one rate all to its kind, a credit negative', () => {
    expect(splitByKind(250, { per_ml: 250 })).toEqual({ per_ml: 250 });
    expect(splitByKind(-250, { per_ml: 250 })).toEqual({ per_ml: -250 });
    expect(splitByKind(0, { per_ml: 250 })).toEqual({});
  });

  it('splits in proportion, the odd cents to the largest remainders, ties to the kind listed first', () => {
    expect(splitByKind(100, { percent_wholesale: 300, per_ml: 100 })).toEqual({
      percent_wholesale: 75,
      per_ml: 25,
    });
    // 10 in thirds: 3.33 each, one cent left for the first listed.
    expect(splitByKind(10, { percent_wholesale: 1, per_ml: 1, per_unit: 1 })).toEqual({
      percent_wholesale: 4,
      per_ml: 3,
      per_unit: 3,
    });
    // 2/3 and 1/3 of 10: 6.67 and 3.33; the cent goes to the larger remainder.
    expect(splitByKind(10, { per_unit: 2, per_cartridge: 1 })).toEqual({ per_unit: 7, per_cartridge: 3 });
    expect(splitByKind(-10, { per_unit: 2, per_cartridge: 1 })).toEqual({ per_unit: -7, per_cartridge: -3 });
    // A small share with a large remainder gets the cent before a large share with a small one.
    expect(splitByKind(10, { percent_wholesale: 19, per_ml: 71, per_unit: 10 })).toEqual({
      percent_wholesale: 2,
      per_ml: 7,
      per_unit: 1,
    });
    // A weight below nothing weighs nothing.
    expect(splitByKind(9, { per_ml: -5, per_unit: 5 })).toEqual({ per_unit: 9 });
    // A share that rounds to nothing is left out.
    expect(splitByKind(1, { per_unit: 10, per_ml: 1 })).toEqual({ per_unit: 1 });
  });

  it('calls excise with no rate to weigh it by unattributed', () => {
    expect(splitByKind(99, {})).toEqual({ unattributed: 99 });
    expect(splitByKind(-99, { per_ml: 0 })).toEqual({ unattributed: -99 });
    expect(splitByKind(0, {})).toEqual({});
  });

  it('always adds up to the whole, in whole cents of its sign', () => {
    const weight = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.record({ percent_wholesale: weight, per_ml: weight, per_unit: weight, per_cartridge: weight }),
        (total, weights) => {
          const parts = Object.values(splitByKind(total, weights));
          expect(parts.reduce((n, c) => n + c, 0)).toBe(total);
          for (const c of parts) {
            expect(Number.isInteger(c)).toBe(true);
            expect(Math.sign(c)).toBe(Math.sign(total));
          }
        },
      ),
    );
  });
});
