import { z } from 'zod';
import type { ComplianceAttributes } from './attributes.ts';
import { PRODUCT_KINDS, TAX_BASES, type TaxBasis } from './compliance.constants.ts';
import { DaySchema, inForce } from './rules.ts';

/**
 * A state's excise rate. `rateMilli` is the rate in thousandths of its unit: of a percent for
 * `percent_wholesale` (95 % = 95000), of a cent otherwise (15 ¢/ml = 15000, $1.50 = 150000), so
 * every figure the law prints is an integer here.
 */
export const TaxRateBodySchema = z
  .object({
    state: z.string().regex(/^[A-Z]{2}$/, 'Choose a state.'),
    name: z.string().trim().min(1, 'Enter a name.').max(160),
    kinds: z.array(z.enum(PRODUCT_KINDS)).min(1, 'Choose at least one kind of product.'),
    basis: z.enum(TAX_BASES),
    rateMilli: z.number().int().min(0).max(100_000_000),
    effectiveFrom: DaySchema,
    effectiveUntil: DaySchema.nullable(),
    /** Whether this store collects it on its invoices (else the buyer remits it). */
    collects: z.boolean(),
    source: z.string().trim().min(1, 'Say where the rate comes from.').max(2000),
  })
  .refine((r) => r.effectiveUntil === null || r.effectiveUntil > r.effectiveFrom, {
    path: ['effectiveUntil'],
    message: 'The end date must be after the start date.',
  });
export type TaxRateBody = z.output<typeof TaxRateBodySchema>;

export const TaxRateSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  name: z.string(),
  kinds: z.array(z.enum(PRODUCT_KINDS)),
  basis: z.enum(TAX_BASES),
  rateMilli: z.number().int(),
  effectiveFrom: z.string(),
  effectiveUntil: z.string().nullable(),
  collects: z.boolean(),
  source: z.string(),
  retired: z.boolean(),
});
export type TaxRate = z.output<typeof TaxRateSchema>;

/** `n / d` rounded half up (n ≥ 0, d > 0): the rounding rule of every excise line. */
function divideHalfUp(n: bigint, d: bigint): number {
  return Number((2n * n + d) / (2n * d));
}

/**
 * One rate on one line, in cents: the exact amount (the unit price, ml, units or cartridges
 * times the rate and the quantity), rounded half up to the cent once, per line. Null when the
 * rate cannot be worked out because the product lacks the figure it needs (ml, cartridges).
 */
export function rateOnLine(
  rate: Pick<TaxRate, 'basis' | 'rateMilli'>,
  attributes: ComplianceAttributes,
  unitPriceCents: number,
  quantity: number,
): number | null {
  const q = BigInt(quantity);
  const r = BigInt(rate.rateMilli);
  switch (rate.basis as TaxBasis) {
    case 'percent_wholesale':
      return divideHalfUp(BigInt(unitPriceCents) * q * r, 100_000n);
    case 'per_ml': {
      if (attributes.liquidMlPerUnit === null) return null;
      // ml to two decimals (hundredths of a ml), as labels print them.
      const centiMl = BigInt(Math.round(attributes.liquidMlPerUnit * 100));
      return divideHalfUp(centiMl * q * r, 100_000n);
    }
    case 'per_unit':
      return divideHalfUp(q * r, 1000n);
    case 'per_cartridge': {
      if (attributes.cartridgesPerUnit === null) return null;
      return divideHalfUp(BigInt(attributes.cartridgesPerUnit) * q * r, 1000n);
    }
  }
}

export interface LineExcise {
  cents: number;
  /** The rates charged, by name, for the invoice. */
  rates: { id: number; name: string; cents: number }[];
  /** Rates that apply but need a figure the product lacks: the line cannot be priced yet. */
  missing: string[];
}

/** The excise the store collects on one line shipped to `state` on `day`. */
export function lineExcise(
  rates: readonly TaxRate[],
  attributes: ComplianceAttributes,
  state: string,
  day: string,
  unitPriceCents: number,
  quantity: number,
): LineExcise {
  const out: LineExcise = { cents: 0, rates: [], missing: [] };
  for (const rate of rates) {
    if (
      rate.state !== state ||
      !rate.collects ||
      !inForce(rate, day) ||
      !rate.kinds.includes(attributes.kind)
    )
      continue;
    const cents = rateOnLine(rate, attributes, unitPriceCents, quantity);
    if (cents === null) out.missing.push(rate.name);
    else {
      out.cents += cents;
      out.rates.push({ id: rate.id, name: rate.name, cents });
    }
  }
  return out;
}

/** A rate as people read it: "95% of the wholesale price", "$0.15 per ml of e-liquid". */
export function describeRate(rate: Pick<TaxRate, 'basis' | 'rateMilli'>): string {
  if (rate.basis === 'percent_wholesale') return `${trim(rate.rateMilli / 1000)}% of the wholesale price`;
  const cents = rate.rateMilli / 1000;
  const money = cents >= 100 ? `$${(cents / 100).toFixed(2)}` : `${trim(cents)}¢`;
  return `${money} ${rate.basis === 'per_ml' ? 'per ml of e-liquid' : rate.basis === 'per_unit' ? 'per unit' : 'per cartridge'}`;
}
const trim = (n: number) => String(Number(n.toFixed(3)));
