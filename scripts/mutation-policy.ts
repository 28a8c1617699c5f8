/**
 * What `npm run test:mutation` holds the shared rules to (issue 29; decision 012): the share of
 * each mutated file's mutants its tests must kill, and the survivors that cannot be killed because
 * they change nothing a caller could observe (equivalent mutants: scripts/mutation-equivalents.ts).
 */

/** Every file at least this; the files below more (they decide money, law and where goods go). */
export const DEFAULT_THRESHOLD = 90;
export const THRESHOLDS: Record<string, number> = {
  'src/shared/compliance/zip-state.ts': 95,
  'src/shared/pricing/price-resolution.ts': 95,
  'src/shared/compliance/excise.ts': 95,
  'src/shared/pricing/quantity-rule.ts': 95,
};

export interface EquivalentMutant {
  file: string;
  /** The line the mutant starts on; where the line holds more than one alike, its columns too. */
  line: number;
  column?: number;
  endColumn?: number;
  /** Stryker's mutator name (ConditionalExpression, StringLiteral, …). */
  mutator: string;
  /** The mutant's replacement text, as the report gives it. */
  replacement: string;
  /** Why no test can tell it from the original. */
  reason: string;
}
