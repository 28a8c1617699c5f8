/**
 * The equivalent mutants of the shared input, form-text, quick-order, order-tracking, age-gate and
 * document-status rules (scripts/mutation-equivalents.ts holds the list; this is its part for them).
 */
import type { EquivalentMutant } from './mutation-policy.ts';

export const FORM_AND_ORDER_EQUIVALENTS: EquivalentMutant[] = [
  // mutD: input.ts
  {
    file: 'src/shared/input/input.ts',
    line: 59,
    mutator: 'EqualityOperator',
    replacement: 'i <= text.length',
    reason: 'The extra step reads charCodeAt(text.length), which is NaN and matches no bracket or quote.',
  },
  {
    file: 'src/shared/input/input.ts',
    line: 85,
    mutator: 'OptionalChaining',
    replacement: 'p.parent',
    reason:
      'The loop starts at a place and only moves to a parent it has checked exists, so p is never null.',
  },
  {
    file: 'src/shared/input/input.ts',
    line: 100,
    mutator: 'BooleanLiteral',
    replacement: 'true',
    reason:
      "Checking the root's key checks the caller's own label for the part ('', 'body', 'query'), never input, and it is always clean text.",
  },
  {
    file: 'src/shared/input/input.ts',
    line: 102,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    reason:
      'The only keys it would check besides members\' are array indexes ("0", "1") and the caller\'s label for the part, all clean text.',
  },
  {
    file: 'src/shared/input/input.ts',
    line: 116,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason:
      'An array then goes through Object.keys, which for a parsed body, query or path gives its indexes in order (holes only add skipped undefineds): the same strings in the same order.',
  },
  {
    file: 'src/shared/input/input.ts',
    line: 116,
    mutator: 'BlockStatement',
    replacement: '{}',
    reason:
      'An array then goes through Object.keys, which for a parsed body, query or path gives its indexes in order (holes only add skipped undefineds): the same strings in the same order.',
  },
  {
    file: 'src/shared/input/input.ts',
    line: 117,
    mutator: 'ArithmeticOperator',
    replacement: 'v.length + 1',
    reason: 'The extra element, v[v.length], is undefined, which the walk skips.',
  },
  {
    file: 'src/shared/input/input.ts',
    line: 118,
    mutator: 'BooleanLiteral',
    replacement: 'true',
    reason: 'An array element\'s key is its index ("0", "1", …), which is always clean text.',
  },
  // mutD: form-text.ts
  {
    file: 'src/shared/input/form-text.ts',
    line: 15,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason: "An empty box then goes through Number(''), which is 0 as well.",
  },
  {
    file: 'src/shared/input/form-text.ts',
    line: 15,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    reason: "An empty box then goes through Number(''), which is 0 as well.",
  },
  {
    file: 'src/shared/input/form-text.ts',
    line: 20,
    mutator: 'MethodExpression',
    replacement: 'z.string()',
    reason:
      'parseAmount trims the text itself, so the amount read is the same with or without the first trim.',
  },
  {
    file: 'src/shared/input/form-text.ts',
    line: 32,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason: "An empty box then goes through parseAmount(''), which is null as well.",
  },
  {
    file: 'src/shared/input/form-text.ts',
    line: 32,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    reason: "An empty box then goes through parseAmount(''), which is null as well.",
  },
  // mutD: quick-order.ts
  {
    file: 'src/shared/cart/quick-order.ts',
    line: 52,
    mutator: 'Regex',
    replacement: '/[\\s,;]/',
    reason: 'Splitting at each separator rather than each run only adds empty cells, which the filter drops.',
  },
  {
    file: 'src/shared/cart/quick-order.ts',
    line: 63,
    mutator: 'MethodExpression',
    replacement: 'row',
    reason: 'Untrimmed, the split only adds empty cells at either end, which the filter drops.',
  },
  {
    file: 'src/shared/cart/quick-order.ts',
    line: 66,
    mutator: 'MethodExpression',
    replacement: 'c.replace(/^"(.*)"$/, \'$1\')',
    reason: 'A cell comes from a split at whitespace (\\s is what trim removes), so it has none to trim.',
  },
  {
    file: 'src/shared/cart/quick-order.ts',
    line: 71,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    reason:
      'The defaults are for missing cells: a line read has at least one (the SKU is never missing), and a missing quantity only meets the header test, where neither default has a digit.',
  },
  // mutD: order-tracking.ts
  {
    file: 'src/shared/orders/order-tracking.ts',
    line: 41,
    mutator: 'StringLiteral',
    replacement: '""',
    reason:
      "With no events the stage '' is not cancelled, has no percent (0) and no label (so 'Order placed'), as 'placed'.",
  },
  // mutD: age-gate.ts, document-status.ts
  {
    file: 'src/shared/age-gate.ts',
    line: 7,
    mutator: 'LogicalOperator',
    replacement: 'confirmedAt == null && !Number.isFinite(confirmedAt)',
    reason:
      'null and undefined are still refused; NaN and ±Infinity then fail the later checks (NaN compares false, Infinity is in the future, -Infinity is too old).',
  },
  {
    file: 'src/shared/accounts/document-status.ts',
    line: 16,
    column: 35,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    reason:
      "null < '2026-11-22' compares 0 with NaN, which is false, so a document without an expiry date stays verified either way.",
  },
];
