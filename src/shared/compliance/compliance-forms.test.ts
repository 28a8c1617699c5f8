import { describe, expect, it } from 'vitest';
import { RuleFormSchema } from './compliance.schemas.ts';

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
