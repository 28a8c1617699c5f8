import { z } from 'zod';
import { period, periodRules } from '#shared/receivables/payments.schemas.ts';
import { REPORT_GRAINS } from './periods.ts';

/** A report's range of the store's days: both ends in, from 2000 to 2099, three years at most. */
export const ReportRangeQuerySchema = periodRules(z.object(period));

export const SalesReportQuerySchema = periodRules(
  z.object({
    ...period,
    grain: z.enum(REPORT_GRAINS, { message: 'Choose day, week or month.' }).default('day'),
  }),
);
export type SalesReportQuery = z.output<typeof SalesReportQuerySchema>;

/** What a breakdown report groups sales by. */
export const BREAKDOWNS = ['category', 'brand', 'product', 'option', 'state', 'company', 'rep'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
export const BREAKDOWN_LABELS: Record<Breakdown, string> = {
  category: 'Category',
  brand: 'Brand',
  product: 'Product',
  option: 'Option',
  state: 'Ship-to state',
  company: 'Company',
  rep: 'Sales rep',
};
export const REPORT_PAGE_SIZE = 50;

/** A page of a report's rows (REPORT_PAGE_SIZE each), from 1. */
export const ReportPageSchema = z.coerce
  .number({ message: 'Choose a page.' })
  .int()
  .min(1)
  .max(10_000)
  .default(1);
const page = ReportPageSchema;

export const BreakdownQuerySchema = periodRules(
  z.object({ ...period, by: z.enum(BREAKDOWNS, { message: 'Choose what to group by.' }), page }),
);
export type BreakdownQuery = z.output<typeof BreakdownQuerySchema>;

export const PagedRangeQuerySchema = periodRules(z.object({ ...period, page }));
export type PagedRangeQuery = z.output<typeof PagedRangeQuerySchema>;

export const SlowMoversQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'Enter a number of days from 1 to 365.' })
    .int('Enter a number of days from 1 to 365.')
    .min(1, 'Enter a number of days from 1 to 365.')
    .max(365, 'Enter a number of days from 1 to 365.')
    .default(60),
  page,
});
export type SlowMoversQuery = z.output<typeof SlowMoversQuerySchema>;
export const LowStockQuerySchema = z.object({ page });

/** A range's figures, as invoices net of credit notes say them (what credit notes took off aside). */
export const FiguresSchema = z.object({
  /** Orders first invoiced. */
  orders: z.number().int(),
  /** Units, net of units credited. */
  quantity: z.number().int(),
  goodsCents: z.number().int(),
  shippingCents: z.number().int(),
  exciseCents: z.number().int(),
  totalCents: z.number().int(),
  creditedQuantity: z.number().int(),
  creditedCents: z.number().int(),
});
export type Figures = z.output<typeof FiguresSchema>;

const RangeSchema = z.object({ from: z.string(), to: z.string() });

export const SalesReportSchema = z.object({
  range: RangeSchema,
  previous: RangeSchema,
  grain: z.enum(REPORT_GRAINS),
  /** One per bucket of the range, empty ones too; `previous` is the same bucket of the period before. */
  rows: z.array(
    z.object({
      bucket: z.string(),
      current: FiguresSchema,
      previousBucket: z.string(),
      previous: FiguresSchema,
    }),
  ),
  totals: FiguresSchema,
  previousTotals: FiguresSchema,
});
export type SalesReport = z.output<typeof SalesReportSchema>;

export const BreakdownRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** A second line: an option's SKU, a company's rep. */
  detail: z.string(),
  current: FiguresSchema,
  previous: FiguresSchema,
});
export type BreakdownRow = z.output<typeof BreakdownRowSchema>;

export const BreakdownReportSchema = z.object({
  range: RangeSchema,
  previous: RangeSchema,
  by: z.enum(BREAKDOWNS),
  /** Rows by sales in the range, highest first; a page of them. */
  rows: z.array(BreakdownRowSchema),
  page: z.number().int(),
  pages: z.number().int(),
  totals: FiguresSchema,
  previousTotals: FiguresSchema,
});
export type BreakdownReport = z.output<typeof BreakdownReportSchema>;

const CreditsSchema = z.object({
  /** Units and amount of items cancelled on orders placed in the range. */
  cancelledQuantity: z.number().int(),
  cancelledCents: z.number().int(),
  /** Units and amount (excise in) credit notes issued in the range took back. */
  creditedQuantity: z.number().int(),
  creditedCents: z.number().int(),
});

export const CreditedReportSchema = z.object({
  range: RangeSchema,
  previous: RangeSchema,
  rows: z.array(CreditsSchema.extend({ key: z.string(), sku: z.string(), description: z.string() })),
  page: z.number().int(),
  pages: z.number().int(),
  totals: CreditsSchema,
  previousTotals: CreditsSchema,
});
export type CreditedReport = z.output<typeof CreditedReportSchema>;

export const SlowMoversReportSchema = z.object({
  days: z.number().int(),
  /** The store's today; "no sale since" counts from the day `days` before it. */
  today: z.string(),
  rows: z.array(
    z.object({
      variantId: z.number().int(),
      sku: z.string(),
      product: z.string(),
      option: z.string(),
      stock: z.number().int(),
      /** The last store day it sold (null: never). */
      lastSold: z.string().nullable(),
    }),
  ),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type SlowMoversReport = z.output<typeof SlowMoversReportSchema>;

export const LowStockReportSchema = z.object({
  defaultReorderPoint: z.number().int(),
  rows: z.array(
    z.object({
      variantId: z.number().int(),
      sku: z.string(),
      product: z.string(),
      option: z.string(),
      stock: z.number().int(),
      reorderPoint: z.number().int(),
      /** Whether the point is the option's own (else the default). */
      ownPoint: z.boolean(),
      /** Units sold (net of credited) in the last 30 store days, today in. */
      sold30: z.number().int(),
    }),
  ),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type LowStockReport = z.output<typeof LowStockReportSchema>;

const reorderPoint = z
  .number({ message: 'Enter a reorder point from 0 to 1,000,000.' })
  .int('Enter a reorder point from 0 to 1,000,000.')
  .min(0, 'Enter a reorder point from 0 to 1,000,000.')
  .max(1_000_000, 'Enter a reorder point from 0 to 1,000,000.');
/** An option's own reorder point, or null to use the default again. */
export const ReorderPointBodySchema = z.object({ point: reorderPoint.nullable() });
export const ReportSettingsBodySchema = z.object({ defaultReorderPoint: reorderPoint });
export type ReportSettingsBody = z.output<typeof ReportSettingsBodySchema>;
export const VariantParamsSchema = z.object({
  variantId: z.coerce.number({ message: 'No such option.' }).int().min(1).max(2_147_483_647),
});

const MoverSchema = z.object({
  key: z.string(),
  sku: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  previousQuantity: z.number().int(),
  /** Units now less units before. */
  change: z.number().int(),
  goodsCents: z.number().int(),
});
export const MoversReportSchema = z.object({
  range: RangeSchema,
  previous: RangeSchema,
  rising: z.array(MoverSchema),
  falling: z.array(MoverSchema),
});
export type MoversReport = z.output<typeof MoversReportSchema>;
export type ReportRangeQuery = z.output<typeof ReportRangeQuerySchema>;
