import { z } from 'zod';
import { US_STATE_CODES } from '#shared/accounts/us-states.ts';
import { type ComplianceAttributes, ComplianceAttributesSchema } from './attributes.ts';
import { ALL_STATES, ENDS_KINDS, type ProductKind } from './compliance.constants.ts';

/*
 * The PACT Act report (15 U.S.C. 376): by the 10th of each month, a seller files with each state's
 * tobacco tax administrator a record of every delivery sale of cigarettes, roll-your-own tobacco
 * and ENDS shipped into that state in the month before. Our reading: a sale is in the month the
 * order was placed (UTC), it counts if it was delivered to an address (not picked up) and the item
 * was not cancelled; the product kinds are ENDS and tobacco.
 */

/** Kinds the PACT Act covers. */
export const PACT_KINDS: readonly ProductKind[] = [...ENDS_KINDS, 'tobacco'];

export const isPactKind = (attributes: Pick<ComplianceAttributes, 'kind'>) =>
  PACT_KINDS.includes(attributes.kind);

export const MonthSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month (YYYY-MM).')
  .refine((m) => m >= '2000-01' && m <= '2100-12', 'Choose a month (YYYY-MM).');

const StateOrAllSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((s) => s === ALL_STATES || US_STATE_CODES.includes(s), 'Choose a state.');

export const PactQuerySchema = z.object({
  month: MonthSchema,
  state: StateOrAllSchema.default(ALL_STATES),
});
export type PactQuery = z.output<typeof PactQuerySchema>;

/** The first day of a month and of the next (YYYY-MM-DD), for a half-open range. */
export function monthRange(month: string): { from: string; until: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, until: `${next}-01` };
}

/** A month's report is due on the 10th of the month after. */
export const pactDueOn = (month: string) => `${monthRange(month).until.slice(0, 7)}-10`;

/** What a line carried: total ml of e-liquid and total cartridges, where the product says. */
export function pactAmounts(attributes: ComplianceAttributes, quantity: number) {
  const ml = attributes.liquidMlPerUnit;
  const cartridges = attributes.cartridgesPerUnit;
  return {
    // Tenths of a ml are the finest a label states; the sum is kept exact at that grain.
    mlTotal: ml === null ? null : Math.round(ml * 10 * quantity) / 10,
    cartridgesTotal: cartridges === null ? null : cartridges * quantity,
  };
}

export const PactRowSchema = z.object({
  /** The sale's day, YYYY-MM-DD (UTC). */
  date: z.string(),
  orderNumber: z.string(),
  businessName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  brand: z.string(),
  product: z.string(),
  option: z.string(),
  sku: z.string(),
  kind: ComplianceAttributesSchema.shape.kind,
  quantity: z.number().int(),
  mlTotal: z.number().nullable(),
  cartridgesTotal: z.number().int().nullable(),
  carrier: z.string(),
});
export type PactRow = z.infer<typeof PactRowSchema>;

export const PactReportSchema = z.object({
  month: z.string(),
  state: z.string(),
  dueOn: z.string(),
  rows: z.array(PactRowSchema),
  totals: z.object({ orders: z.number().int(), quantity: z.number().int(), mlTotal: z.number() }),
  /** When this state's month was marked filed, if one state was asked for. */
  filedAt: z.string().nullable(),
});
export type PactReport = z.infer<typeof PactReportSchema>;

export const PACT_CSV_COLUMNS = [
  ['date', 'Date'],
  ['orderNumber', 'Invoice'],
  ['businessName', 'Business name'],
  ['contactName', 'Contact'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Ship-to address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
  ['brand', 'Brand'],
  ['product', 'Product'],
  ['option', 'Option'],
  ['sku', 'SKU'],
  ['quantity', 'Quantity'],
  ['mlTotal', 'Ml'],
  ['cartridgesTotal', 'Cartridges'],
  ['carrier', 'Carrier'],
] as const satisfies readonly (readonly [keyof PactRow, string])[];

/** Within a report: by state, then city (as people read it), then ZIP, then the sale. */
export function comparePactRows(a: PactRow, b: PactRow): number {
  return (
    a.state.localeCompare(b.state) ||
    a.city.localeCompare(b.city, 'en-US', { sensitivity: 'base' }) ||
    a.zip.localeCompare(b.zip) ||
    a.date.localeCompare(b.date) ||
    a.orderNumber.localeCompare(b.orderNumber)
  );
}

export const PactFilingSchema = z.object({
  state: z.string(),
  stateName: z.string(),
  month: z.string(),
  dueOn: z.string(),
  orders: z.number().int(),
  /** The month has not ended yet: more sales may come. */
  open: z.boolean(),
  overdue: z.boolean(),
  filedAt: z.string().nullable(),
  filedBy: z.string().nullable(),
});
export type PactFiling = z.infer<typeof PactFilingSchema>;

export const PactFilingListSchema = z.object({
  /** Months with sales into a state not yet marked filed, oldest first. */
  toFile: z.array(PactFilingSchema),
  /** The last filings marked, newest first. */
  filed: z.array(PactFilingSchema),
});

export const PactFiledBodySchema = z.object({
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s) => US_STATE_CODES.includes(s), 'Choose a state.'),
  month: MonthSchema,
  /** false takes a filing mark back (marked by mistake). */
  filed: z.boolean(),
});
