import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedQuantity,
  largestAllowedAtMost,
  NO_QUANTITY_RULE,
  QuantityRuleSchema,
  quantityProblem,
  stepQuantity,
} from './quantity-rule.ts';
import { casePackProblem, typedQuantity } from './quantity-steps.ts';
import { pricingMessages } from './pricing.messages.ts';

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
    expect(issues({ ...cases, maxQuantity: 105 })).toEqual([
      'maxQuantity: The maximum must be at least the minimum, in whole cases.',
    ]);
    expect(issues({ ...cases, maxQuantity: 20 })).toEqual([]);
    expect(issues({ ...cases, maxQuantity: null })).toEqual([]);
  });

  it('each number of a rule is from 1 up to its limit, in the words staff read', () => {
    // The first message about a number (the catalogue import's case pack columns): a number out of
    // range can fail the whole-case checks too, after it.
    const under = (field: string, r: object) =>
      QuantityRuleSchema.safeParse({
        minQuantity: 1,
        increment: 1,
        maxQuantity: null,
        ...r,
      }).error?.issues.find((i) => i.path[0] === field)?.message;
    const largest = { minQuantity: 100_000, increment: 100_000, maxQuantity: 1_000_000 };
    expect(QuantityRuleSchema.safeParse(largest).success).toBe(true);
    expect(under('minQuantity', { minQuantity: 0 })).toBe('At least 1.');
    expect(under('minQuantity', { minQuantity: 100_001 })).toBe('At most 100,000.');
    expect(under('increment', { increment: 0 })).toBe('At least 1.');
    expect(under('increment', { increment: 100_001 })).toBe('At most 100,000.');
    expect(under('maxQuantity', { maxQuantity: 0 })).toBe('At least 1.');
    expect(under('maxQuantity', { maxQuantity: 1_000_001 })).toBe('At most 1,000,000.');
  });

  it("the console's case pack check says what the catalogue import's rule says, field and message", () => {
    const rules: [number, number, number | null, 'minQuantity' | 'maxQuantity' | null][] = [
      [20, 10, 100, null],
      [20, 10, 20, null], // a maximum equal to the minimum: one quantity only
      [20, 10, null, null],
      [15, 10, 100, 'minQuantity'],
      [20, 10, 10, 'maxQuantity'], // below the minimum, though whole cases
      [20, 10, 105, 'maxQuantity'], // above the minimum, not whole cases
    ];
    const message = {
      minQuantity: pricingMessages.minimumNotInCases,
      maxQuantity: pricingMessages.maximumBelowMinimum,
    };
    for (const [minQuantity, increment, maxQuantity, field] of rules) {
      const expected = field && { field, message: message[field] };
      expect(
        casePackProblem({ minQuantity, orderIncrement: increment, maxQuantity }),
        `${minQuantity}/${increment}/${maxQuantity}`,
      ).toEqual(expected);
      const parsed = QuantityRuleSchema.safeParse({ minQuantity, increment, maxQuantity });
      expect(parsed.error?.issues.map((i) => ({ field: i.path[0], message: i.message }))[0] ?? null).toEqual(
        expected,
      );
    }
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

describe('a typed quantity (the cart drawer, decision 014 item 6)', () => {
  const cases = { minQuantity: 20, increment: 10, maxQuantity: 100 };
  it('takes an allowed quantity as typed and rounds others up to whole cases and the minimum', () => {
    expect(typedQuantity(cases, 40, 500)).toEqual({ quantity: 40, why: null });
    expect(typedQuantity(cases, 41, 500)).toEqual({ quantity: 50, why: 'cases' });
    expect(typedQuantity(cases, 5, 500)).toEqual({ quantity: 20, why: 'minimum' });
    expect(typedQuantity(NO_QUANTITY_RULE, 37, 500)).toEqual({ quantity: 37, why: null });
    // Exactly the stock, typed or rounded up to: taken.
    expect(typedQuantity(NO_QUANTITY_RULE, 24, 24)).toEqual({ quantity: 24, why: null });
    expect(typedQuantity(cases, 41, 50)).toEqual({ quantity: 50, why: 'cases' });
  });
  it('comes down to the cap and the stock, in whole cases, or to nothing', () => {
    expect(typedQuantity(cases, 250, 500)).toEqual({ quantity: 100, why: 'capped' });
    expect(typedQuantity(cases, 45, 48)).toEqual({ quantity: 40, why: 'capped' });
    expect(typedQuantity(cases, 60, 48)).toEqual({ quantity: 40, why: 'capped' });
    expect(typedQuantity(cases, 30, 15)).toEqual({ quantity: null, why: 'capped' });
    expect(typedQuantity(NO_QUANTITY_RULE, 9, 4)).toEqual({ quantity: 4, why: 'capped' });
  });
  it('always answers an allowed quantity within the stock, as near the typed one as the rule lets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.option(fc.integer({ min: 1, max: 20 })),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (increment, minCases, maxCases, typed, stock) => {
          const min = minCases * increment;
          const rule = {
            minQuantity: min,
            increment,
            maxQuantity: maxCases === null ? null : min + maxCases * increment,
          };
          const { quantity, why } = typedQuantity(rule, typed, stock);
          if (quantity === null) {
            expect(largestAllowedAtMost(rule, stock)).toBeNull();
            return;
          }
          expect(quantityProblem(rule, quantity)).toBeNull();
          expect(quantity).toBeLessThanOrEqual(stock);
          expect(why === null).toBe(quantity === typed);
          // Rounded up only as far as the next allowed quantity; down only when up would not fit.
          if (quantity > typed) expect(quantity).toBe(allowedQuantity(rule, typed));
          if (quantity < typed)
            expect(allowedQuantity(rule, typed) > stock || allowedQuantity(rule, typed) < typed).toBe(true);
        },
      ),
    );
  });
});
