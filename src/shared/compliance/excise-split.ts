import { TAX_BASES, type TaxBasis } from './compliance.constants.ts';
import type { ExciseKind } from './excise-return.schemas.ts';

/**
 * `total` cents split in proportion to `weights` (by kind), in whole cents that add up to it:
 * each share rounded down, then the cents left over go one each to the largest remainders (ties:
 * the kind listed first). No weights, or all zero: the whole is unattributed.
 */
export function splitByKind(
  total: number,
  weights: Partial<Record<TaxBasis, number>>,
): Partial<Record<ExciseKind, number>> {
  // A weight below nothing weighs nothing.
  const weight = (k: TaxBasis) => Math.max(0, weights[k] ?? 0);
  const sum = TAX_BASES.reduce((n, k) => n + weight(k), 0);
  if (sum === 0) return total === 0 ? {} : { unattributed: total };
  const sign = Math.sign(total);
  const whole = Math.abs(total);
  const shares = TAX_BASES.map((k) => {
    const exact = (whole * weight(k)) / sum;
    return { k, cents: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = whole - shares.reduce((n, s) => n + s.cents, 0);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest)) {
    if (left === 0) break;
    s.cents += 1;
    left -= 1;
  }
  const out: Partial<Record<ExciseKind, number>> = {};
  for (const s of shares) if (s.cents !== 0) out[s.k] = sign * s.cents;
  return out;
}
