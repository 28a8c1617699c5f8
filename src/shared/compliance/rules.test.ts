import { describe, expect, it } from 'vitest';
import { type ComplianceAttributes, ComplianceAttributesSchema, optionAttributes } from './attributes.ts';
import {
  conditionHolds,
  DaySchema,
  inForce,
  type JudgeInput,
  judge,
  type Rule,
  RuleBodySchema,
  RuleConditionSchema,
  RuleSchema,
} from './rules.ts';

const attrs = (over: Partial<ComplianceAttributes> = {}) => ComplianceAttributesSchema.parse(over);
const vape = attrs({ kind: 'ends_device', flavoured: true, nicotineMgPerMl: 50, liquidMlPerUnit: 13 });
let id = 0;
const rule = (over: Partial<Rule>): Rule => ({
  id: ++id,
  name: 'Flavoured vapes banned',
  states: ['MA'],
  condition: { kinds: ['ends_device', 'e_liquid', 'pod_cartridge'], flavoured: true },
  effect: 'no_sale',
  effectiveFrom: '2020-06-01',
  effectiveUntil: null,
  source: 'M.G.L. c. 270 § 28',
  retired: false,
  ...over,
});
const input = (over: Partial<JudgeInput>): JudgeInput => ({
  attributes: vape,
  productId: 7,
  state: 'MA',
  shipping: 'Delivery',
  day: '2026-11-24',
  rules: [],
  listed: () => false,
  licenceStates: new Set(['MA', 'TX']),
  ...over,
});
const reasons = (i: JudgeInput) => judge(i).blocks.map((b) => b.reason);

describe('conditions', () => {
  it('every condition given must hold; an empty one matches everything', () => {
    expect(conditionHolds({}, attrs())).toBe(true);
    expect(conditionHolds({ kinds: ['ends_device'], flavoured: true }, vape)).toBe(true);
    expect(conditionHolds({ kinds: ['ends_device'], flavoured: false }, vape)).toBe(false);
    expect(conditionHolds({ kinds: ['kratom'] }, vape)).toBe(false);
    expect(conditionHolds({ nicotineMgPerMlOver: 20 }, vape)).toBe(true);
    expect(conditionHolds({ nicotineMgPerMlOver: 50 }, vape)).toBe(false);
  });

  it('a figure left unknown fails closed: the limit counts as exceeded', () => {
    const hemp = attrs({ kind: 'hemp_cannabinoid', cannabinoid: 'delta_8' });
    const overLimit = { kinds: ['hemp_cannabinoid' as const], thcMgPerContainerOver: 0.4 };
    expect(conditionHolds(overLimit, hemp)).toBe(true);
    expect(conditionHolds(overLimit, { ...hemp, thcMgPerContainer: 0.4 })).toBe(false);
    expect(conditionHolds(overLimit, { ...hemp, thcMgPerContainer: 0.41 })).toBe(true);
    expect(conditionHolds({ cannabinoids: ['delta_8'] }, hemp)).toBe(true);
    expect(conditionHolds({ cannabinoids: ['cbd'] }, hemp)).toBe(false);
    expect(conditionHolds({ cannabinoids: ['cbd'] }, attrs())).toBe(false);
  });

  it('synthesised: a rule about made cannabinoids matches only those, and one about natural only those', () => {
    const made = attrs({ kind: 'hemp_cannabinoid', cannabinoid: 'delta_8', synthesised: true });
    const natural = { ...made, synthesised: false };
    expect(conditionHolds({ synthesised: true }, made)).toBe(true);
    expect(conditionHolds({ synthesised: true }, natural)).toBe(false);
    expect(conditionHolds({ synthesised: false }, natural)).toBe(true);
    expect(conditionHolds({ synthesised: false }, made)).toBe(false);
    expect(conditionHolds({ kinds: ['hemp_cannabinoid'] }, made)).toBe(true);
  });

  it('a product with a known THC figure still matches a rule that sets no THC limit', () => {
    const hemp = attrs({ kind: 'hemp_cannabinoid', cannabinoid: 'delta_9', thcMgPerContainer: 10 });
    expect(conditionHolds({ kinds: ['hemp_cannabinoid'] }, hemp)).toBe(true);
    expect(conditionHolds({ cannabinoids: ['delta_9'] }, hemp)).toBe(true);
    expect(conditionHolds({ cannabinoids: ['delta_9'], thcMgPerContainerOver: 10 }, hemp)).toBe(false);
  });

  it("an option's own flavour and nicotine win over its product's", () => {
    expect(optionAttributes(vape, { flavoured: false }).flavoured).toBe(false);
    expect(optionAttributes(vape, { nicotineMgPerMl: null }).nicotineMgPerMl).toBeNull();
    expect(optionAttributes(vape, {})).toEqual(vape);
    expect(optionAttributes(vape, null)).toBe(vape);
  });
});

describe('dates', () => {
  it('a rule applies from its first day up to, not including, its end day', () => {
    const r = rule({ effectiveFrom: '2025-08-01', effectiveUntil: '2026-01-01' });
    expect(inForce(r, '2025-07-31')).toBe(false);
    expect(inForce(r, '2025-08-01')).toBe(true);
    expect(inForce(r, '2025-12-31')).toBe(true);
    expect(inForce(r, '2026-01-01')).toBe(false);
    expect(inForce({ ...r, retired: true }, '2025-09-01')).toBe(false);
  });

  it('a rule ending the day after it starts is in force for that one day', () => {
    const r = rule({ effectiveFrom: '2026-03-01', effectiveUntil: '2026-03-02' });
    expect(inForce(r, '2026-02-28')).toBe(false);
    expect(inForce(r, '2026-03-01')).toBe(true);
    expect(inForce(r, '2026-03-02')).toBe(false);
    expect(inForce(rule({ effectiveFrom: '2026-03-01', effectiveUntil: null }), '2099-12-31')).toBe(true);
  });

  it('takes effect and lapses on its own as the day changes', () => {
    const rules = [rule({ effectiveFrom: '2026-12-01', effectiveUntil: '2027-01-01' })];
    expect(reasons(input({ rules, day: '2026-11-30' }))).toEqual([]);
    expect(reasons(input({ rules, day: '2026-12-01' }))).toHaveLength(1);
    expect(reasons(input({ rules, day: '2027-01-01' }))).toEqual([]);
  });

  it('refuses an end before its start, and unknown states', () => {
    const body = {
      name: 'x',
      states: ['MA'],
      condition: {},
      effect: 'no_sale',
      effectiveFrom: '2026-01-01',
      effectiveUntil: '2025-01-01',
      source: 's',
    };
    expect(RuleBodySchema.safeParse(body).error?.issues.map((i) => i.message)).toEqual([
      'The end date must be after the start date.',
    ]);
    expect(RuleBodySchema.safeParse({ ...body, effectiveUntil: null, states: ['XX'] }).success).toBe(false);
    expect(RuleBodySchema.safeParse({ ...body, effectiveUntil: null, states: ['*'] }).success).toBe(true);
  });

  it('an end on the start day is refused; the day after is the first end allowed', () => {
    const body = {
      name: 'x',
      states: ['MA'],
      condition: {},
      effect: 'no_sale',
      effectiveFrom: '2026-01-01',
      source: 's',
    };
    const messages = (effectiveUntil: string) =>
      RuleBodySchema.safeParse({ ...body, effectiveUntil }).error?.issues.map((i) => i.message) ?? [];
    expect(messages('2026-01-01')).toEqual(['The end date must be after the start date.']);
    expect(messages('2026-01-02')).toEqual([]);
  });

  it('dates are calendar days written YYYY-MM-DD', () => {
    expect(DaySchema.safeParse('2026-02-28').success).toBe(true);
    for (const bad of ['2026-02-30', '26-02-28', '2026-2-28', '28/02/2026'])
      expect(DaySchema.safeParse(bad).error?.issues.map((i) => i.message)).toEqual(['Dates are YYYY-MM-DD.']);
  });
});

describe('a rule as staff write it', () => {
  const body = {
    name: 'Flavoured vapes banned',
    states: ['MA'],
    condition: { kinds: ['ends_device'], flavoured: true },
    effect: 'no_sale',
    effectiveFrom: '2026-01-01',
    effectiveUntil: null,
    source: 'M.G.L. c. 270 § 28',
  };

  it('needs a name in words, trimmed', () => {
    expect(RuleBodySchema.safeParse({ ...body, name: '  ' }).error?.issues.map((i) => i.message)).toEqual([
      'Enter a name.',
    ]);
    expect(RuleBodySchema.parse({ ...body, name: ' Ban ' }).name).toBe('Ban');
  });

  it('a condition may name one cannabinoid, and a nicotine limit from 0 to 1000 mg/ml', () => {
    expect(RuleConditionSchema.parse({ cannabinoids: ['delta_8'] })).toEqual({ cannabinoids: ['delta_8'] });
    for (const limit of [0, 20, 1000])
      expect(RuleConditionSchema.safeParse({ nicotineMgPerMlOver: limit }).success).toBe(true);
    for (const limit of [-1, 1000.5])
      expect(RuleConditionSchema.safeParse({ nicotineMgPerMlOver: limit }).success).toBe(false);
  });

  it('a rule read back from the server keeps every field', () => {
    const stored = rule({
      effectiveUntil: '2027-01-01',
      condition: { synthesised: true, thcMgPerContainerOver: 0.3 },
    });
    expect(RuleSchema.parse(stored)).toEqual(stored);
  });
});

describe('effects', () => {
  it('no sale: only in its states, only for matching products', () => {
    const rules = [rule({})];
    expect(reasons(input({ rules }))).toEqual(['Flavoured vapes banned: not sold into Massachusetts.']);
    expect(reasons(input({ rules, state: 'TX' }))).toEqual([]);
    expect(reasons(input({ rules, attributes: { ...vape, flavoured: false } }))).toEqual([]);
    expect(reasons(input({ rules: [rule({ states: ['*'] })], state: 'TX' }))).toHaveLength(1);
  });

  it('directory only: blocked unless listed in that state', () => {
    const rules = [rule({ effect: 'directory_only', states: ['AL'], condition: { kinds: ['ends_device'] } })];
    expect(reasons(input({ rules, state: 'AL' }))).toEqual([
      'Alabama allows only products listed in its state directory; this one is not listed.',
    ]);
    expect(reasons(input({ rules, state: 'AL', listed: (p, s) => p === 7 && s === 'AL' }))).toEqual([]);
  });

  it("licence: the buyer's verified license must be from the ship-to state; a visitor is told what is needed", () => {
    const rules = [
      rule({ effect: 'licence_required', states: ['*'], condition: { kinds: ['ends_device'] } }),
    ];
    expect(reasons(input({ rules, state: 'TX' }))).toEqual([]);
    expect(reasons(input({ rules, state: 'FL' }))).toEqual([
      'Shipping this to Florida needs your verified tobacco license issued by Florida.',
    ]);
    // A pickup is sold at the store, in its state: not "shipping".
    expect(reasons(input({ rules, state: 'FL', shipping: 'Pickup' }))).toEqual([
      'Selling this for pickup in Florida needs your verified tobacco license issued by Florida.',
    ]);
    const visitor = judge(input({ rules, state: 'FL', licenceStates: null }));
    expect(visitor.blocks).toEqual([]);
    expect(visitor.needs.map((b) => b.effect)).toEqual(['licence_required']);
  });

  it('no delivery: pickup is fine', () => {
    const rules = [rule({ effect: 'no_delivery', name: 'Hand over in person only' })];
    expect(reasons(input({ rules }))).toEqual([
      'Hand over in person only: pickup only, no delivery to Massachusetts.',
    ]);
    expect(reasons(input({ rules, shipping: 'Pickup' }))).toEqual([]);
  });

  it('overlapping rules each give their reason, with their source', () => {
    const rules = [
      rule({}),
      rule({ effect: 'directory_only', source: 'Directory law' }),
      rule({ states: ['NY'] }),
      rule({ retired: true }),
    ];
    const j = judge(input({ rules }));
    expect(j.blocks.map((b) => [b.effect, b.source])).toEqual([
      ['no_sale', 'M.G.L. c. 270 § 28'],
      ['directory_only', 'Directory law'],
    ]);
  });
});
