/**
 * The survivors of `npm run test:mutation` that no test can kill, because they change nothing a
 * caller could observe (equivalent mutants), each with why (scripts/mutation-policy.ts). A listed
 * mutant that is killed, or no longer made, fails the check: the list cannot go stale.
 */
import { FORM_AND_ORDER_EQUIVALENTS } from './mutation-equivalents-forms.ts';
import type { EquivalentMutant } from './mutation-policy.ts';

export const EQUIVALENT: EquivalentMutant[] = [
  // compliance-csv.ts
  {
    file: 'src/shared/compliance/compliance-csv.ts',
    line: 53,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason:
      'An empty flag cell then reads as FLAGS[""], undefined, which is what each flag is when empty: the attributes default it to false and an option leaves it out.',
  },
  {
    file: 'src/shared/compliance/compliance-csv.ts',
    line: 53,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    reason:
      'An empty flag cell then reads as FLAGS[""], undefined, which is what each flag is when empty: the attributes default it to false and an option leaves it out.',
  },
  {
    file: 'src/shared/compliance/compliance-csv.ts',
    line: 79,
    mutator: 'OptionalChaining',
    replacement: 'm?.[1].toUpperCase',
    reason: 'The state group is not optional in LISTING: whenever the entry matches, it has two letters.',
  },
  {
    file: 'src/shared/compliance/compliance-csv.ts',
    line: 80,
    mutator: 'LogicalOperator',
    replacement: '!m && !state',
    reason:
      "No match and no state always go together (the state is the match's first group), so && and || agree.",
  },
  {
    file: 'src/shared/compliance/compliance-csv.ts',
    line: 97,
    mutator: 'StringLiteral',
    replacement: '""',
    reason:
      'The marker for "nicotine as its product" only has to differ from null and from every number; "" does as well as "same".',
  },
  // compliance-forms.ts
  {
    file: 'src/shared/compliance/compliance-forms.ts',
    line: 26,
    mutator: 'Regex',
    replacement: '/[\\s,]/',
    reason: 'Splitting at each separator rather than each run only adds empty codes, which the filter drops.',
  },
  {
    file: 'src/shared/compliance/compliance-forms.ts',
    line: 27,
    mutator: 'MethodExpression',
    replacement: 's',
    reason: 'The split is at whitespace already (\\s is what trim removes), so no code has any to trim.',
  },
  {
    file: 'src/shared/compliance/compliance-forms.ts',
    line: 33,
    mutator: 'StringLiteral',
    replacement: '""',
    reason:
      'The issue carries its own message; the console form (zodResolver) shows the message under the box and no caller reads the code.',
  },
  {
    file: 'src/shared/compliance/compliance-forms.ts',
    line: 78,
    mutator: 'EqualityOperator',
    replacement: 'Math.abs(n * 1000 - Math.round(n * 1000)) <= 1e-6',
    reason:
      'The box takes at most six decimals, so a rate is within float noise (far under 1e-6) of a thousandth or at least 0.001 from one; never exactly 1e-6.',
  },
  // attributes.ts
  {
    file: 'src/shared/compliance/attributes.ts',
    line: 61,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason:
      'With no cannabinoid the label lookup gives undefined, which the description drops just as it drops null.',
  },
  // pricing (price-resolution.ts, pricing-forms.ts, price-list-csv.ts)
  {
    file: 'src/shared/pricing/price-resolution.ts',
    line: 74,
    mutator: 'EqualityOperator',
    replacement: 't.minQuantity >= best.minQuantity',
    reason:
      'It only picks between two tiers from the same quantity, which no price list holds (TiersSchema requires increasing quantities).',
  },
  {
    file: 'src/shared/pricing/pricing-forms.ts',
    line: 55,
    mutator: 'MethodExpression',
    replacement: 't.minQuantity',
    reason:
      'The box was checked trimmed to digits, and Number() skips the same surrounding whitespace that trim() removes.',
  },
  {
    file: 'src/shared/pricing/price-list-csv.ts',
    line: 102,
    mutator: 'StringLiteral',
    replacement: '""',
    reason:
      'percentToBasisPoints only returns 1 to 10,000, which EntryBodySchema always accepts, so no basisPoints issue is ever named.',
  },
  {
    file: 'src/shared/pricing/price-list-csv.ts',
    line: 132,
    mutator: 'StringLiteral',
    replacement: '""',
    reason:
      'Every issue EntryBodySchema can raise here is on a field COLUMN_OF_FIELD names (the scope is always valid), so the fallback is never used.',
  },
  ...FORM_AND_ORDER_EQUIVALENTS,
  // mutC: catalogue-csv.ts, catalogue-forms.ts, menu-columns.ts, price.ts, search-key.ts, slug.ts
  {
    file: 'src/shared/catalogue/catalogue-csv.ts',
    line: 40,
    mutator: 'MethodExpression',
    replacement: 'z.string()',
    reason: 'parseAmount trims the cell itself, in the check and in the transform alike.',
  },
  {
    file: 'src/shared/catalogue/catalogue-forms.ts',
    line: 53,
    column: 37,
    mutator: 'StringLiteral',
    replacement: '""',
    reason: 'zod keeps the given path and message; the form shows the message and nothing reads the code.',
  },
  {
    file: 'src/shared/catalogue/catalogue-forms.ts',
    line: 60,
    column: 26,
    mutator: 'StringLiteral',
    replacement: '""',
    reason: 'zod keeps the given path and message; the form shows the message and nothing reads the code.',
  },
  {
    file: 'src/shared/catalogue/menu-columns.ts',
    line: 12,
    mutator: 'EqualityOperator',
    replacement: 'i <= columns',
    reason: 'An extra column would start past the last item, so its slice is empty and is not added.',
  },
  {
    file: 'src/shared/catalogue/price.ts',
    line: 16,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    reason: 'A null percentage already fails the next test (null > 0 is false); the check is for the type.',
  },
  {
    file: 'src/shared/catalogue/search-key.ts',
    line: 17,
    mutator: 'Regex',
    replacement: '/[\\s\\u0000-\\u001f\\u007f]/gu',
    reason: 'A global replace with nothing removes a run one character at a time as well as whole.',
  },
  {
    file: 'src/shared/catalogue/search-key.ts',
    line: 48,
    mutator: 'Regex',
    replacement: '/\\s/u',
    reason: 'Splitting at each space rather than each run only adds empty words, which the filter drops.',
  },
  {
    file: 'src/shared/catalogue/search-key.ts',
    line: 55,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    reason:
      'With eight words or fewer the longest eight are all of them: the filter keeps every word, in order.',
  },
  {
    file: 'src/shared/catalogue/search-key.ts',
    line: 55,
    mutator: 'EqualityOperator',
    replacement: 'words.length >= SEARCH_MAX_WORDS',
    reason: 'At exactly eight words the longest eight are all of them: the same words either way.',
  },
  {
    file: 'src/shared/pricing/quantity-steps.ts',
    line: 74,
    mutator: 'EqualityOperator',
    replacement: 'up > typed',
    reason:
      'up equal to typed within the stock returned on the line before: here up >= typed and up > typed agree.',
  },
  {
    file: 'src/shared/pricing/quantity-steps.ts',
    line: 75,
    mutator: 'EqualityOperator',
    replacement: 'typed <= rule.minQuantity',
    reason:
      'A typed minimum is an allowed quantity (the minimum is whole cases) and returned two lines before.',
  },
  {
    file: 'src/shared/catalogue/slug.ts',
    line: 12,
    mutator: 'Regex',
    replacement: '/^-|-+$/g',
    reason: 'The replace before turns each run of other characters into one dash: never two in a row.',
  },
  {
    file: 'src/shared/catalogue/slug.ts',
    line: 12,
    mutator: 'Regex',
    replacement: '/^-+|-$/g',
    reason: 'The replace before turns each run of other characters into one dash: never two in a row.',
  },
  // Equivalent on a line that also holds killed mutants of the same kind: matched by columns too.
  {
    file: 'src/shared/compliance/rules.ts',
    line: 69,
    column: 26,
    endColumn: 48,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason:
      "An unknown cannabinoid is in no rule's list, so the check after this one refuses it just the same.",
  },
  {
    file: 'src/shared/compliance/compliance-csv.ts',
    line: 80,
    column: 9,
    endColumn: 21,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason:
      'No match and no state go together: with no match, the state check that follows refuses the entry.',
  },
  {
    file: 'src/shared/age-gate.ts',
    line: 7,
    column: 7,
    endColumn: 26,
    mutator: 'ConditionalExpression',
    replacement: 'false',
    reason:
      'Its left half only: Number.isFinite(null) is false, so a missing confirmation is refused anyway.',
  },
  {
    file: 'src/shared/csv.ts',
    line: 72,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    reason: 'Ending a row that is one empty cell adds nothing: endRow drops a row whose only cell is empty.',
  },
  {
    file: 'src/shared/csv.ts',
    line: 72,
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    reason: "The same test: a cell that is not '' ends the row, and one that is empty is dropped by endRow.",
  },
];
