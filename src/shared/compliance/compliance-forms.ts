import { z } from 'zod';
import { decimalText } from '#shared/input/form-text.ts';
import { PRODUCT_KINDS, RULE_EFFECTS, TAX_BASES } from './compliance.constants.ts';
import { TaxRateBodySchema } from './excise.ts';
import { RuleBodySchema, type RuleCondition, StatesSchema } from './rules.ts';

/*
 * The console's compliance forms: what staff type (codes, boxes, figures as text) turned into the
 * API's bodies by the same schemas the server checks them with.
 */

const tri = z.enum(['any', 'yes', 'no']);
const triValue = (v: z.infer<typeof tri>) => (v === 'any' ? undefined : v === 'yes');

/**
 * The console's rule form: states typed as codes ("MA, NJ" or "*"), the condition as boxes and
 * choices, dates as date boxes (an empty end: until changed), checked by the rule body's schema.
 */
export const RuleFormSchema = z
  .object({
    name: z.string(),
    states: z
      .string()
      .transform((t) =>
        t
          .split(/[\s,]+/)
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      )
      // One message under the box, whichever code is wrong.
      .superRefine((states, ctx) => {
        const checked = StatesSchema.safeParse(states);
        if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
      }),
    effect: z.enum(RULE_EFFECTS),
    kinds: z.array(z.enum(PRODUCT_KINDS)).or(z.literal(false).transform(() => [])),
    flavoured: tri,
    synthesised: tri,
    thcMgPerContainerOver: decimalText(0, 1_000_000, null, 'Enter a number of mg, or leave it empty.'),
    nicotineMgPerMlOver: decimalText(0, 1000, null, 'Enter a number of mg/ml, or leave it empty.'),
    effectiveFrom: z.string(),
    effectiveUntil: z.string().transform((d) => d || null),
    source: z.string(),
  })
  .transform((f) => ({
    name: f.name,
    states: f.states,
    effect: f.effect,
    condition: Object.fromEntries(
      Object.entries({
        kinds: f.kinds.length ? f.kinds : undefined,
        flavoured: triValue(f.flavoured),
        synthesised: triValue(f.synthesised),
        thcMgPerContainerOver: f.thcMgPerContainerOver ?? undefined,
        nicotineMgPerMlOver: f.nicotineMgPerMlOver ?? undefined,
      }).filter(([, v]) => v !== undefined),
    ) as RuleCondition,
    effectiveFrom: f.effectiveFrom,
    effectiveUntil: f.effectiveUntil,
    source: f.source,
  }))
  .pipe(RuleBodySchema);

/**
 * The console's excise rate form: the rate as people write it — a percentage for "% of the
 * wholesale price", cents otherwise (15 for 15¢ per ml, 150 for $1.50 per cartridge) — with up to
 * three decimals, stored in thousandths (rateMilli).
 */
const RATE_MESSAGE = 'Enter the rate as a number, with at most three decimals.';

export const RateFormSchema = z
  .object({
    state: z.string(),
    name: z.string(),
    kinds: z.array(z.enum(PRODUCT_KINDS)).or(z.literal(false).transform(() => [])),
    basis: z.enum(TAX_BASES),
    rate: decimalText(0, 100_000, null, RATE_MESSAGE).refine(
      (n) => n !== null && Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6,
      RATE_MESSAGE,
    ),
    effectiveFrom: z.string(),
    effectiveUntil: z.string().transform((d) => d || null),
    collects: z.boolean(),
    source: z.string(),
  })
  .transform(({ rate, ...f }) => ({ ...f, rateMilli: Math.round(rate! * 1000) }))
  .pipe(TaxRateBodySchema);

/** The rate as the form shows it: rateMilli back to the figure staff typed. */
export const rateText = (rateMilli: number) => String(rateMilli / 1000);

/** The console's directory listing form, for one product. */
export const ListingFormSchema = z.object({
  state: z.string().regex(/^[A-Z]{2}$/, 'Choose a state.'),
  listed: z.boolean(),
  listingId: z.string().trim().max(80, 'At most 80 characters.'),
  listedOn: z
    .string()
    .transform((d) => d || null)
    .pipe(z.iso.date({ message: 'Dates are YYYY-MM-DD.' }).nullable()),
});
