import { z } from 'zod';
import { US_STATE_CODES } from '#shared/accounts/us-states.ts';
import { ReportPageSchema } from '#shared/reports/reports.schemas.ts';
import { TAX_BASES } from './compliance.constants.ts';
import { MonthSchema } from './pact.ts';

/**
 * The monthly excise return (decision 018): for a state and a month of the store's days, the excise
 * invoices charged less what credit notes took back, by the kind of rate it was charged at, with
 * the lines it comes from. A line charged at two rates (a percent and a per-ml rate) is split
 * between them as its rates split it when the order was priced.
 */
export const EXCISE_KINDS = [...TAX_BASES, 'unattributed'] as const;
export type ExciseKind = (typeof EXCISE_KINDS)[number];
export const EXCISE_KIND_LABELS: Record<ExciseKind, string> = {
  percent_wholesale: 'Percent of wholesale price',
  per_ml: 'Per ml of e-liquid',
  per_unit: 'Per unit',
  per_cartridge: 'Per cartridge',
  unattributed: 'Rate not found',
};

const StateSchema = z
  .string({ message: 'Choose a state.' })
  .trim()
  .toUpperCase()
  .refine((s) => US_STATE_CODES.includes(s), 'Choose a state.');

export const ExciseReturnQuerySchema = z.object({ month: MonthSchema, state: StateSchema });
export type ExciseReturnQuery = z.output<typeof ExciseReturnQuerySchema>;
/** The page reads the return's lines a page at a time (REPORT_PAGE_SIZE); the CSV has them all. */
export const ExciseReturnPageQuerySchema = ExciseReturnQuerySchema.extend({ page: ReportPageSchema });
export const ExciseFiledBodySchema = z.object({ month: MonthSchema, state: StateSchema, filed: z.boolean() });

const ByKindSchema = z.partialRecord(z.enum(EXCISE_KINDS), z.number().int());

export const ExciseReturnSchema = z.object({
  month: z.string(),
  state: z.string(),
  stateName: z.string(),
  /** The excise owed: invoices' less credit notes', in cents (every line's, whatever the page). */
  totalCents: z.number().int(),
  /** The page of lines below (from 1) and how many lines the return has in all. */
  page: z.number().int(),
  lineCount: z.number().int(),
  byKind: z.array(z.object({ kind: z.enum(EXCISE_KINDS), label: z.string(), cents: z.number().int() })),
  lines: z.array(
    z.object({
      date: z.string(),
      number: z.string(),
      kind: z.enum(['invoice', 'credit_note']),
      orderNumber: z.string(),
      sku: z.string(),
      description: z.string(),
      /** Signed: a credit note's are negative. */
      quantity: z.number().int(),
      amountCents: z.number().int(),
      exciseCents: z.number().int(),
      byKind: ByKindSchema,
    }),
  ),
  filed: z.object({ at: z.string(), by: z.string(), cents: z.number().int() }).nullable(),
});
export type ExciseReturn = z.output<typeof ExciseReturnSchema>;

export const ExciseFilingSchema = z.object({
  state: z.string(),
  stateName: z.string(),
  month: z.string(),
  exciseCents: z.number().int(),
  filedAt: z.string().nullable(),
  filedBy: z.string().nullable(),
  filedCents: z.number().int().nullable(),
  /** Marked filed, but a document issued since changed what the month owes. */
  changedSinceFiled: z.boolean(),
});
export const ExciseFilingListSchema = z.object({
  toFile: z.array(ExciseFilingSchema),
  filed: z.array(ExciseFilingSchema),
});
export type ExciseFiling = z.output<typeof ExciseFilingSchema>;
