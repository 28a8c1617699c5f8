import { pricingMessages } from './pricing.messages.ts';

/*
 * Case packs, the rule itself (zod-free: the product page and the cart drawer use it): quantities
 * are whole cases, multiples of the increment, from the minimum up to the maximum.
 */

export interface QuantityRule {
  minQuantity: number;
  increment: number;
  maxQuantity: number | null;
}

export const NO_QUANTITY_RULE: QuantityRule = { minQuantity: 1, increment: 1, maxQuantity: null };

/** Why a quantity is not allowed (the first reason), or null when it is. */
export function quantityProblem(rule: QuantityRule, quantity: number): string | null {
  if (quantity < rule.minQuantity) return pricingMessages.minimum(rule.minQuantity);
  if (quantity % rule.increment !== 0) return pricingMessages.soldInCases(rule.increment);
  if (rule.maxQuantity !== null && quantity > rule.maxQuantity)
    return pricingMessages.maximum(rule.maxQuantity);
  return null;
}

/** The allowed quantity nearest to `quantity` going up (whole cases, at least the minimum, at most the maximum). */
export function allowedQuantity(rule: QuantityRule, quantity: number): number {
  const cases = Math.max(rule.minQuantity, Math.ceil(quantity / rule.increment) * rule.increment);
  return rule.maxQuantity === null ? cases : Math.min(cases, rule.maxQuantity);
}

/** The selector's next quantity up or down by one case, kept within the rule. */
export function stepQuantity(rule: QuantityRule, quantity: number, direction: 1 | -1): number {
  if (direction === 1) {
    const up =
      quantityProblem(rule, quantity) === null ? quantity + rule.increment : allowedQuantity(rule, quantity);
    return rule.maxQuantity === null ? up : Math.min(up, rule.maxQuantity);
  }
  const down = Math.floor((quantity - 1) / rule.increment) * rule.increment;
  return allowedQuantity(rule, Math.max(rule.minQuantity, down));
}

/** The largest allowed quantity not above `n` (what stock leaves, in whole cases), or null when none is. */
export function largestAllowedAtMost(rule: QuantityRule, n: number): number | null {
  const capped = rule.maxQuantity === null ? n : Math.min(n, rule.maxQuantity);
  const cases = Math.floor(capped / rule.increment) * rule.increment;
  return cases >= rule.minQuantity ? cases : null;
}

/** What is wrong with a case pack staff typed (the field and why), or null: whole cases from the minimum. */
export function casePackProblem(v: {
  minQuantity: number;
  orderIncrement: number;
  maxQuantity: number | null;
}): { field: 'minQuantity' | 'maxQuantity'; message: string } | null {
  if (v.minQuantity % v.orderIncrement !== 0)
    return { field: 'minQuantity', message: pricingMessages.minimumNotInCases };
  if (v.maxQuantity !== null && (v.maxQuantity < v.minQuantity || v.maxQuantity % v.orderIncrement !== 0))
    return { field: 'maxQuantity', message: pricingMessages.maximumBelowMinimum };
  return null;
}

/**
 * A quantity a buyer typed (the cart drawer), made one the option is sold in: up to whole cases
 * and at least the minimum, then down to the cap and the stock if it is over them. `why` says what
 * changed (null: taken as typed); `quantity` is null when not even one allowed quantity fits.
 */
export function typedQuantity(
  rule: QuantityRule,
  typed: number,
  stock: number,
): { quantity: number | null; why: 'cases' | 'minimum' | 'capped' | null } {
  const up = allowedQuantity(rule, typed);
  if (up <= stock && up === typed) return { quantity: typed, why: null };
  if (up <= stock && up >= typed)
    return { quantity: up, why: typed < rule.minQuantity ? 'minimum' : 'cases' };
  const down = largestAllowedAtMost(rule, Math.min(typed, stock));
  return { quantity: down, why: 'capped' };
}
