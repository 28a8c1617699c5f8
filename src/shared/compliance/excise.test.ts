import { describe, expect, it } from 'vitest';
import { type ComplianceAttributes, ComplianceAttributesSchema } from './attributes.ts';
import {
  describeRate,
  lineExcise,
  rateOnLine,
  type TaxRate,
  TaxRateBodySchema,
  TaxRateSchema,
} from './excise.ts';

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

  it('a rate stops on its end day: charged the day before, not on it or after', () => {
    const ended = [rate({ effectiveFrom: '2024-01-01', effectiveUntil: '2025-07-01' })];
    const a = attrs({ kind: 'e_liquid' });
    expect(lineExcise(ended, a, 'MN', '2025-06-30', 1000, 1).cents).toBe(950);
    expect(lineExcise(ended, a, 'MN', '2025-07-01', 1000, 1)).toEqual({ cents: 0, rates: [], missing: [] });
    expect(lineExcise(ended, a, 'MN', '2026-11-24', 1000, 1).cents).toBe(0);
    expect(lineExcise([{ ...ended[0]!, retired: true }], a, 'MN', '2025-06-30', 1000, 1).cents).toBe(0);
  });

  it('invariant: an order split over several lines and rates adds up, each line rounded once', () => {
    // Three rates on one state's lines: per ml and per unit on liquid and pods, a percentage on liquid.
    const both = [
      rate({ id: 1, state: 'LA', name: 'per ml', basis: 'per_ml', rateMilli: 5000 }),
      rate({ id: 2, state: 'LA', name: 'wholesale', kinds: ['e_liquid'], rateMilli: 12_500 }),
      rate({ id: 3, state: 'LA', name: 'per unit', kinds: ['e_liquid', 'pod_cartridge'], basis: 'per_unit' }),
    ];
    const order = [
      { a: attrs({ kind: 'e_liquid', liquidMlPerUnit: 30 }), price: 1999, qty: 3 },
      { a: attrs({ kind: 'e_liquid', liquidMlPerUnit: 30 }), price: 1999, qty: 4 }, // the same item, split
      { a: attrs({ kind: 'pod_cartridge', liquidMlPerUnit: 0.7 }), price: 333, qty: 7 },
      { a: attrs({ kind: 'accessory' }), price: 500, qty: 2 },
    ];
    const lines = order.map((l) => lineExcise(both, l.a, 'LA', '2026-11-24', l.price, l.qty));
    for (const line of lines) expect(line.rates.reduce((n, r) => n + r.cents, 0)).toBe(line.cents);
    const byRate = new Map<number, number>();
    for (const line of lines) for (const r of line.rates) byRate.set(r.id, (byRate.get(r.id) ?? 0) + r.cents);
    const total = lines.reduce((n, l) => n + l.cents, 0);
    expect([...byRate.values()].reduce((n, c) => n + c, 0)).toBe(total);
    // Each line rounds its own exact amount half up: 5 ¢ × 30 ml × 3 = 450; 12.5 % of 59.97 = 749.625 → 750.
    expect(lines[0]!.rates).toEqual([
      { id: 1, name: 'per ml', cents: 450 },
      { id: 2, name: 'wholesale', cents: 750 },
      { id: 3, name: 'per unit', cents: 285 },
    ]);
    // 12.5 % of 79.96 = 999.5 → 1000: the split rounds twice (750 + 1000), one line of 7 once (1749.125 → 1749).
    expect(lines[1]!.rates.map((r) => r.cents)).toEqual([600, 1000, 380]);
    expect(lineExcise(both, order[0]!.a, 'LA', '2026-11-24', 1999, 7).cents).toBe(1050 + 1749 + 665);
    expect(lines[2]!.rates.map((r) => r.cents)).toEqual([25, 665]); // 5 ¢ × 0.7 ml × 7 = 24.5 → 25
    expect(lines[3]).toEqual({ cents: 0, rates: [], missing: [] });
    expect(total).toBe(450 + 750 + 285 + 600 + 1000 + 380 + 25 + 665);
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

  it('a dollar or more reads in dollars, less in cents', () => {
    expect(describeRate({ basis: 'per_unit', rateMilli: 100_000 })).toBe('$1.00 per unit');
    expect(describeRate({ basis: 'per_unit', rateMilli: 99_999 })).toBe('99.999¢ per unit');
    expect(describeRate({ basis: 'per_ml', rateMilli: 500 })).toBe('0.5¢ per ml of e-liquid');
    expect(describeRate({ basis: 'per_cartridge', rateMilli: 1_000_000 })).toBe('$10.00 per cartridge');
  });
});

describe('a rate as staff write it', () => {
  const body = {
    state: 'MN',
    name: 'Minnesota tobacco products tax',
    kinds: ['e_liquid'],
    basis: 'percent_wholesale',
    rateMilli: 95_000,
    effectiveFrom: '2026-01-01',
    effectiveUntil: '2027-01-01',
    collects: true,
    source: 'Minn. Stat. § 297F.05',
  };
  const issues = (over: Record<string, unknown>) => {
    const r = TaxRateBodySchema.safeParse({ ...body, ...over });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('an end date must come after the start: the day after is the shortest rate there is', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ effectiveUntil: '2026-01-02' })).toEqual([]);
    expect(issues({ effectiveUntil: null })).toEqual([]);
    expect(issues({ effectiveUntil: '2026-01-01' })).toEqual([
      'effectiveUntil: The end date must be after the start date.',
    ]);
  });

  it('names a state by its two capital letters, and itself in words', () => {
    expect(issues({ state: 'MNX' })).toEqual(['state: Choose a state.']);
    expect(issues({ state: 'XMN' })).toEqual(['state: Choose a state.']);
    expect(issues({ name: '   ' })).toEqual(['name: Enter a name.']);
    expect(TaxRateBodySchema.parse({ ...body, name: '  MN tax ' }).name).toBe('MN tax');
  });

  it('a rate read back from the server keeps every field', () => {
    const stored = rate({ effectiveUntil: '2027-01-01' });
    expect(TaxRateSchema.parse(stored)).toEqual(stored);
  });
});
