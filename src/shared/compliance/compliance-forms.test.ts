import { describe, expect, it } from 'vitest';
import { ListingFormSchema, RateFormSchema, RuleFormSchema, rateText } from './compliance-forms.ts';

const form = {
  name: 'Flavoured vapes are banned',
  states: ' ma, nj ',
  effect: 'no_sale' as const,
  kinds: ['ends_device' as const, 'e_liquid' as const],
  flavoured: 'yes' as const,
  synthesised: 'any' as const,
  thcMgPerContainerOver: '',
  nicotineMgPerMlOver: '',
  effectiveFrom: '2026-12-01',
  effectiveUntil: '',
  source: 'Statute',
};

describe('the console rule form', () => {
  it('turns codes, boxes and choices into the rule body', () => {
    expect(RuleFormSchema.parse(form)).toEqual({
      name: 'Flavoured vapes are banned',
      states: ['MA', 'NJ'],
      effect: 'no_sale',
      condition: { kinds: ['ends_device', 'e_liquid'], flavoured: true },
      effectiveFrom: '2026-12-01',
      effectiveUntil: null,
      source: 'Statute',
    });
    expect(RuleFormSchema.parse({ ...form, kinds: false, flavoured: 'any', states: '*' }).condition).toEqual(
      {},
    );
    expect(RuleFormSchema.parse({ ...form, thcMgPerContainerOver: '0.4' }).condition).toMatchObject({
      thcMgPerContainerOver: 0.4,
    });
  });

  it('reads "no" as the condition that the product is not flavoured or synthesised', () => {
    expect(RuleFormSchema.parse({ ...form, flavoured: 'no', synthesised: 'no' }).condition).toEqual({
      kinds: ['ends_device', 'e_liquid'],
      flavoured: false,
      synthesised: false,
    });
    expect(RuleFormSchema.parse({ ...form, flavoured: 'any', synthesised: 'yes' }).condition).toMatchObject({
      synthesised: true,
    });
  });

  it('takes codes parted by commas, spaces or new lines, in any case', () => {
    expect(RuleFormSchema.parse({ ...form, states: 'ma,nj\n  tx ,, ok' }).states).toEqual([
      'MA',
      'NJ',
      'TX',
      'OK',
    ]);
  });

  it('refuses a figure that is not one, saying what to type', () => {
    const issues = (over: Partial<typeof form>) =>
      RuleFormSchema.safeParse({ ...form, ...over }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ thcMgPerContainerOver: 'lots' })).toEqual([
      ['thcMgPerContainerOver', 'Enter a number of mg, or leave it empty.'],
    ]);
    expect(issues({ nicotineMgPerMlOver: '1001' })).toEqual([
      ['nicotineMgPerMlOver', 'Enter a number of mg/ml, or leave it empty.'],
    ]);
    expect(RuleFormSchema.parse({ ...form, nicotineMgPerMlOver: '20' }).condition).toMatchObject({
      nicotineMgPerMlOver: 20,
    });
  });

  it('refuses what the rule body refuses, under the same field', () => {
    const issues = (over: Partial<typeof form>) =>
      RuleFormSchema.safeParse({ ...form, ...over }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ states: 'MA ZZ' })).toEqual([['states', 'Unknown state code.']]);
    expect(issues({ states: '' })).toEqual([['states', 'Choose at least one state.']]);
    expect(issues({ effectiveUntil: '2026-01-01', source: ' ' })).toEqual([
      ['source', 'Say where the rule comes from.'],
      ['effectiveUntil', 'The end date must be after the start date.'],
    ]);
  });
});

const rateForm = {
  state: 'KY',
  name: 'Kentucky closed-system cartridges',
  kinds: ['pod_cartridge' as const],
  basis: 'per_cartridge' as const,
  rate: '150',
  effectiveFrom: '2024-01-01',
  effectiveUntil: '',
  collects: true,
  source: 'KRS 138.140',
};

describe('the console rate form', () => {
  it('turns the rate as people write it into thousandths', () => {
    expect(RateFormSchema.parse(rateForm)).toEqual({
      state: 'KY',
      name: 'Kentucky closed-system cartridges',
      kinds: ['pod_cartridge'],
      basis: 'per_cartridge',
      rateMilli: 150_000,
      effectiveFrom: '2024-01-01',
      effectiveUntil: null,
      collects: true,
      source: 'KRS 138.140',
    });
    expect(RateFormSchema.parse({ ...rateForm, basis: 'percent_wholesale', rate: '12.5' }).rateMilli).toBe(
      12_500,
    );
    expect(RateFormSchema.parse({ ...rateForm, rate: '0.125' }).rateMilli).toBe(125);
    expect(rateText(12_500)).toBe('12.5');
    expect(RateFormSchema.parse({ ...rateForm, rate: rateText(150_000) }).rateMilli).toBe(150_000);
  });

  it('refuses what the server would, field by field', () => {
    const fields = (over: Record<string, unknown>) => {
      const r = RateFormSchema.safeParse({ ...rateForm, ...over });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(fields({ rate: '' })).toEqual(['rate: Enter the rate as a number, with at most three decimals.']);
    expect(fields({ rate: '1.2345' })).toEqual([
      'rate: Enter the rate as a number, with at most three decimals.',
    ]);
    expect(fields({ rate: '-1' })).toEqual([
      'rate: Enter the rate as a number, with at most three decimals.',
    ]);
    expect(fields({ kinds: false })).toEqual(['kinds: Choose at least one kind of product.']);
    expect(fields({ effectiveUntil: '2023-01-01' })).toEqual([
      'effectiveUntil: The end date must be after the start date.',
    ]);
    expect(fields({ source: ' ' })).toEqual(['source: Say where the rate comes from.']);
  });
});

describe('the console listing form', () => {
  it('an empty date is none; a bad one is refused', () => {
    expect(
      ListingFormSchema.parse({ state: 'AL', listed: true, listingId: ' AL-123 ', listedOn: '' }),
    ).toEqual({
      state: 'AL',
      listed: true,
      listingId: 'AL-123',
      listedOn: null,
    });
    expect(
      ListingFormSchema.parse({ state: 'AL', listed: false, listingId: '', listedOn: '2026-11-01' }).listedOn,
    ).toBe('2026-11-01');
  });

  it('says what is wrong under each box', () => {
    const listing = { state: 'AL', listed: true, listingId: '', listedOn: '' };
    const issues = (over: Partial<typeof listing>) =>
      ListingFormSchema.safeParse({ ...listing, ...over }).error?.issues.map((i) => [
        i.path.join('.'),
        i.message,
      ]);
    expect(issues({ listedOn: '2026-13-01' })).toEqual([['listedOn', 'Dates are YYYY-MM-DD.']]);
    for (const state of ['ALA', 'XAL', 'al', ''])
      expect(issues({ state })).toEqual([['state', 'Choose a state.']]);
    expect(issues({ listingId: 'x'.repeat(81) })).toEqual([['listingId', 'At most 80 characters.']]);
    expect(issues({ listingId: ` ${'x'.repeat(80)} ` })).toBeUndefined();
  });
});
