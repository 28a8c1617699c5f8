import { describe, expect, it } from 'vitest';
import { type ComplianceAttributes, ComplianceAttributesSchema } from './attributes.ts';
import { describeRate, lineExcise, rateOnLine, type TaxRate } from './excise.ts';

const attrs = (over: Partial<ComplianceAttributes>) => ComplianceAttributesSchema.parse(over);
let id = 0;
const rate = (over: Partial<TaxRate>): TaxRate => ({
  id: ++id,
  state: 'MN',
  name: 'Minnesota tobacco products tax',
  kinds: ['ends_device', 'e_liquid', 'pod_cartridge'],
  basis: 'percent_wholesale',
  rateMilli: 95_000,
  effectiveFrom: '2019-10-01',
  effectiveUntil: null,
  collects: true,
  source: 'Minn. Stat. § 297F.05',
  retired: false,
  ...over,
});

describe('each rate kind, rounded half up per line', () => {
  it('% of the wholesale price', () => {
    const a = attrs({ kind: 'ends_device' });
    expect(rateOnLine(rate({}), a, 1000, 3)).toBe(2850); // 95 % of $30.00
    expect(rateOnLine(rate({ rateMilli: 40_000 }), a, 1999, 1)).toBe(800); // 799.6 → 800
    expect(rateOnLine(rate({ rateMilli: 10_000 }), a, 1005, 1)).toBe(101); // 100.5 → 101 (half up)
    expect(rateOnLine(rate({ rateMilli: 10_000 }), a, 1004, 1)).toBe(100); // 100.4 → 100
  });

  it('cents per ml of e-liquid, with ml to the hundredth', () => {
    const perMl = rate({ basis: 'per_ml', rateMilli: 15_000 }); // 15 ¢/ml
    expect(rateOnLine(perMl, attrs({ kind: 'e_liquid', liquidMlPerUnit: 30 }), 1500, 2)).toBe(900);
    expect(rateOnLine(perMl, attrs({ kind: 'pod_cartridge', liquidMlPerUnit: 1.2 }), 500, 5)).toBe(90);
    // 5 ¢ × 0.7 ml = 3.5 ¢ → 4 ¢
    expect(
      rateOnLine(rate({ basis: 'per_ml', rateMilli: 5000 }), attrs({ liquidMlPerUnit: 0.7 }), 1, 1),
    ).toBe(4);
    expect(rateOnLine(perMl, attrs({ kind: 'e_liquid' }), 1500, 2)).toBeNull();
  });

  it('cents per unit and per cartridge', () => {
    expect(rateOnLine(rate({ basis: 'per_unit', rateMilli: 150_000 }), attrs({}), 999, 4)).toBe(600);
    const perCart = rate({ basis: 'per_cartridge', rateMilli: 150_000 });
    expect(rateOnLine(perCart, attrs({ cartridgesPerUnit: 4 }), 999, 2)).toBe(1200);
    expect(rateOnLine(perCart, attrs({}), 999, 2)).toBeNull();
  });

  it('big figures stay exact (no floating point)', () => {
    expect(rateOnLine(rate({ rateMilli: 33_333 }), attrs({}), 99_999_999, 10_000)).toBe(
      Number((99_999_999n * 10_000n * 33_333n * 2n + 100_000n) / 200_000n),
    );
  });
});

describe('lineExcise', () => {
  const rates = [
    rate({}),
    rate({ id: 90, state: 'CT', name: 'CT open systems', kinds: ['e_liquid'], rateMilli: 10_000 }),
    rate({
      id: 91,
      state: 'CT',
      name: 'CT closed systems',
      kinds: ['pod_cartridge'],
      basis: 'per_ml',
      rateMilli: 40_000,
    }),
    rate({ id: 92, state: 'LA', basis: 'per_ml', rateMilli: 15_000, effectiveFrom: '2023-07-01' }),
    rate({ id: 93, state: 'PA', rateMilli: 40_000, collects: false }),
  ];
  it('only the ship-to state, only kinds it names, only in force, only what the store collects', () => {
    const liquid = attrs({ kind: 'e_liquid', liquidMlPerUnit: 30 });
    expect(lineExcise(rates, liquid, 'MN', '2026-11-24', 1000, 2).cents).toBe(1900);
    expect(lineExcise(rates, liquid, 'CT', '2026-11-24', 1000, 2).rates).toEqual([
      { id: 90, name: 'CT open systems', cents: 200 },
    ]);
    const pod = attrs({ kind: 'pod_cartridge', liquidMlPerUnit: 2 });
    expect(lineExcise(rates, pod, 'CT', '2026-11-24', 1000, 3).cents).toBe(240);
    expect(lineExcise(rates, liquid, 'LA', '2023-06-30', 1000, 1).cents).toBe(0);
    expect(lineExcise(rates, liquid, 'LA', '2023-07-01', 1000, 1).cents).toBe(450);
    expect(lineExcise(rates, liquid, 'PA', '2026-11-24', 1000, 1).cents).toBe(0);
    expect(lineExcise(rates, attrs({ kind: 'kratom' }), 'MN', '2026-11-24', 1000, 1).cents).toBe(0);
    expect(lineExcise(rates, liquid, 'TX', '2026-11-24', 1000, 1)).toEqual({
      cents: 0,
      rates: [],
      missing: [],
    });
  });

  it('a rate that needs a figure the product lacks is reported, not guessed', () => {
    const noMl = attrs({ kind: 'e_liquid' });
    expect(lineExcise(rates, noMl, 'LA', '2026-11-24', 1000, 1)).toEqual({
      cents: 0,
      rates: [],
      missing: ['Minnesota tobacco products tax'],
    });
  });

  it('invariant: the lines of an order add up to its tax whatever the split', () => {
    const a = attrs({ kind: 'e_liquid', liquidMlPerUnit: 10 });
    for (const [price, qty] of [
      [1999, 7],
      [1, 1],
      [12345, 3],
    ] as const) {
      const whole = lineExcise(rates, a, 'MN', '2026-11-24', price, qty);
      expect(whole.rates.reduce((n, r) => n + r.cents, 0)).toBe(whole.cents);
    }
  });
});

describe('describeRate', () => {
  it('reads as the law prints it', () => {
    expect(describeRate({ basis: 'percent_wholesale', rateMilli: 95_000 })).toBe(
      '95% of the wholesale price',
    );
    expect(describeRate({ basis: 'per_ml', rateMilli: 15_000 })).toBe('15¢ per ml of e-liquid');
    expect(describeRate({ basis: 'per_cartridge', rateMilli: 150_000 })).toBe('$1.50 per cartridge');
    expect(describeRate({ basis: 'percent_wholesale', rateMilli: 12_500 })).toBe(
      '12.5% of the wholesale price',
    );
  });
});
