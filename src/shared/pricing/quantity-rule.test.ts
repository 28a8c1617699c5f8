import { describe, expect, it } from 'vitest';
import {
  allowedQuantity,
  largestAllowedAtMost,
  NO_QUANTITY_RULE,
  QuantityRuleSchema,
  quantityProblem,
  stepQuantity,
} from './quantity-rule.ts';

const cases = { minQuantity: 20, increment: 10, maxQuantity: 100 };

describe('case packs', () => {
  it('says why a quantity is refused, in the words buyers read', () => {
    expect(quantityProblem(cases, 10)).toBe('Minimum 20');
    expect(quantityProblem(cases, 25)).toBe('Sold in cases of 10');
    expect(quantityProblem(cases, 110)).toBe('Maximum 100 per order');
    expect(quantityProblem(cases, 20)).toBeNull();
    expect(quantityProblem(cases, 100)).toBeNull();
    expect(quantityProblem(NO_QUANTITY_RULE, 1)).toBeNull();
    expect(quantityProblem(NO_QUANTITY_RULE, 7)).toBeNull();
  });

  it('the selector steps by whole cases within the rule', () => {
    expect(stepQuantity(cases, 20, 1)).toBe(30);
    expect(stepQuantity(cases, 20, -1)).toBe(20);
    expect(stepQuantity(cases, 100, 1)).toBe(100);
    expect(stepQuantity(cases, 25, 1)).toBe(30);
    expect(stepQuantity(cases, 25, -1)).toBe(20);
    expect(stepQuantity(cases, 3, 1)).toBe(20);
    expect(stepQuantity(cases, 130, -1)).toBe(100);
    expect(stepQuantity(NO_QUANTITY_RULE, 1, -1)).toBe(1);
    expect(stepQuantity(NO_QUANTITY_RULE, 1, 1)).toBe(2);
    expect(allowedQuantity(cases, 1)).toBe(20);
    expect(allowedQuantity(cases, 41)).toBe(50);
    expect(allowedQuantity(cases, 500)).toBe(100);
    // Every quantity the selector reaches is allowed.
    for (let q = 0; q <= 120; q++)
      for (const d of [1, -1] as const) expect(quantityProblem(cases, stepQuantity(cases, q, d))).toBeNull();
  });

  it('a rule is whole cases: the minimum and maximum are multiples of the case', () => {
    expect(QuantityRuleSchema.safeParse(cases).success).toBe(true);
    const issues = (r: object) => {
      const parsed = QuantityRuleSchema.safeParse(r);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({ ...cases, minQuantity: 15 })).toContain(
      'minQuantity: The minimum must be a whole number of cases.',
    );
    expect(issues({ ...cases, maxQuantity: 10 })).toEqual([
      'maxQuantity: The maximum must be at least the minimum, in whole cases.',
    ]);
    expect(issues({ ...cases, maxQuantity: 105 })).toHaveLength(1);
    expect(issues({ ...cases, maxQuantity: null })).toEqual([]);
  });

  it('finds the largest whole-case quantity stock leaves, or none below the minimum', () => {
    const rule = { minQuantity: 20, increment: 10, maxQuantity: 100 };
    expect(largestAllowedAtMost(rule, 35)).toBe(30);
    expect(largestAllowedAtMost(rule, 20)).toBe(20);
    expect(largestAllowedAtMost(rule, 19)).toBeNull();
    expect(largestAllowedAtMost(rule, 250)).toBe(100);
    expect(largestAllowedAtMost(NO_QUANTITY_RULE, 7)).toBe(7);
    expect(largestAllowedAtMost(NO_QUANTITY_RULE, 0)).toBeNull();
  });
});
