import { z } from 'zod';

export const DashboardQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'Choose 30 or 90 days.' })
    .refine((d) => d === 30 || d === 90, { message: 'Choose 30 or 90 days.' })
    .transform((d) => d as 30 | 90)
    .default(30),
});

export const DashboardFiguresSchema = z.object({
  /** Orders placed. */
  orders: z.number().int(),
  /** Invoiced, net of credit notes: goods and delivery, before excise. */
  salesCents: z.number().int(),
  /** The orders placed: their goods and delivery, on average. */
  averageOrderCents: z.number().int(),
  newCompanies: z.number().int(),
});
export type DashboardFigures = z.output<typeof DashboardFiguresSchema>;

export const DASHBOARD_QUEUES = [
  'documents',
  'toShip',
  'approvals',
  'quotes',
  'overdue',
  'lowStock',
  'failingMail',
] as const;
export type DashboardQueueKey = (typeof DASHBOARD_QUEUES)[number];

export const DashboardQueueSchema = z.object({
  key: z.enum(DASHBOARD_QUEUES),
  count: z.number().int(),
  /** Overdue receivables: the amount past due. */
  amountCents: z.number().int().optional(),
});
export type DashboardQueue = z.output<typeof DashboardQueueSchema>;

const PeriodSchema = DashboardFiguresSchema.extend({ previous: DashboardFiguresSchema });

export const DashboardSchema = z.object({
  /** The store's today (its time zone). */
  today: z.string(),
  /** Today, this week and this month so far, each beside the same days of the period before. */
  periods: z.object({ today: PeriodSchema, week: PeriodSchema, month: PeriodSchema }).nullable(),
  queues: z.array(DashboardQueueSchema),
  chart: z
    .object({
      days: z.number().int(),
      rows: z.array(
        z.object({
          day: z.string(),
          salesCents: z.number().int(),
          previousDay: z.string(),
          previousSalesCents: z.number().int(),
        }),
      ),
    })
    .nullable(),
});
export type Dashboard = z.output<typeof DashboardSchema>;
