import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore, sendCsv } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { DashboardQuerySchema, DashboardSchema } from '#shared/reports/dashboard.schemas.ts';
import { reportsMessages } from '#shared/reports/reports.messages.ts';
import {
  BreakdownQuerySchema,
  BreakdownReportSchema,
  CreditedReportSchema,
  LowStockQuerySchema,
  LowStockReportSchema,
  MoversReportSchema,
  PagedRangeQuerySchema,
  ReorderPointBodySchema,
  ReportRangeQuerySchema,
  ReportSettingsBodySchema,
  SalesReportQuerySchema,
  SalesReportSchema,
  SlowMoversQuerySchema,
  SlowMoversReportSchema,
  VariantParamsSchema,
} from '#shared/reports/reports.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { dashboard } from './dashboard.service.ts';
import { breakdownReport, creditedReport, salesReport } from './reports.service.ts';
import { breakdownCsv, creditedCsv, lowStockCsv, moversCsv, salesCsv, slowMoversCsv } from './reports-csv.ts';
import {
  lowStockReport,
  moversReport,
  readReportSettings,
  saveReportSettings,
  setReorderPoint,
  slowMoversReport,
} from './stock-reports.service.ts';

const tags = ['admin reports'];
const errors = ERROR_RESPONSES;
/** A CSV export holds every row: at most this many. */
const CSV_ROWS = 100_000;

/** /api/v1/admin/dashboard: the console's home, for every staff member (what their role may open). */
export const dashboardRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'console');

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary:
          "The console's home: this period's figures, the queues, sales per day (what the role may open)",
        querystring: DashboardQuerySchema,
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (req) => dashboard(req.ctx, req.ctx.actor.user.staffRole!, req.query.days),
  );
};

/**
 * /api/v1/admin: the console's home (every staff member: what their role may open) and the
 * reports (decision 018): sales for `reports`; low stock and reorder points for `catalogue`.
 */
export const reportsStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'reports');

  app.get(
    '/reports/sales',
    {
      schema: {
        tags,
        summary: 'Sales per day, week or month of a range, beside the period before',
        querystring: SalesReportQuerySchema,
        response: { 200: SalesReportSchema, ...errors },
      },
    },
    async (req) => salesReport(req.ctx, req.query),
  );
  app.get(
    '/reports/sales.csv',
    { schema: { tags, summary: 'The sales report as CSV', querystring: SalesReportQuerySchema } },
    async (req, reply) =>
      sendCsv(
        reply,
        `sales-${req.query.from}-${req.query.to}.csv`,
        salesCsv(await salesReport(req.ctx, req.query)),
      ),
  );

  app.get(
    '/reports/breakdown',
    {
      schema: {
        tags,
        summary: 'Sales of a range by category, brand, product, option, state, company or sales rep',
        querystring: BreakdownQuerySchema,
        response: { 200: BreakdownReportSchema, ...errors },
      },
    },
    async (req) => breakdownReport(req.ctx, req.query),
  );
  app.get(
    '/reports/breakdown.csv',
    { schema: { tags, summary: 'A breakdown report as CSV, every row', querystring: BreakdownQuerySchema } },
    async (req, reply) =>
      sendCsv(
        reply,
        `sales-by-${req.query.by}-${req.query.from}-${req.query.to}.csv`,
        breakdownCsv(await breakdownReport(req.ctx, { ...req.query, page: 1 }, CSV_ROWS)),
      ),
  );

  app.get(
    '/reports/credited',
    {
      schema: {
        tags,
        summary: 'Items cancelled on orders placed in a range, and what credit notes issued in it took back',
        querystring: PagedRangeQuerySchema,
        response: { 200: CreditedReportSchema, ...errors },
      },
    },
    async (req) => creditedReport(req.ctx, req.query),
  );
  app.get(
    '/reports/credited.csv',
    { schema: { tags, summary: 'Cancelled and credited items as CSV', querystring: PagedRangeQuerySchema } },
    async (req, reply) =>
      sendCsv(
        reply,
        `cancelled-and-credited-${req.query.from}-${req.query.to}.csv`,
        creditedCsv(await creditedReport(req.ctx, { ...req.query, page: 1 }, CSV_ROWS)),
      ),
  );

  app.get(
    '/reports/movers',
    {
      schema: {
        tags,
        summary: 'Options whose units sold rose or fell most against the period before',
        querystring: ReportRangeQuerySchema,
        response: { 200: MoversReportSchema, ...errors },
      },
    },
    async (req) => moversReport(req.ctx, req.query),
  );
  app.get(
    '/reports/movers.csv',
    { schema: { tags, summary: 'Top movers as CSV', querystring: ReportRangeQuerySchema } },
    async (req, reply) =>
      sendCsv(
        reply,
        `movers-${req.query.from}-${req.query.to}.csv`,
        moversCsv(await moversReport(req.ctx, req.query)),
      ),
  );

  app.get(
    '/reports/slow-movers',
    {
      schema: {
        tags,
        summary: 'Options in stock with no sale in the last N days',
        querystring: SlowMoversQuerySchema,
        response: { 200: SlowMoversReportSchema, ...errors },
      },
    },
    async (req) => slowMoversReport(req.ctx, req.query),
  );
  app.get(
    '/reports/slow-movers.csv',
    { schema: { tags, summary: 'Slow movers as CSV', querystring: SlowMoversQuerySchema } },
    async (req, reply) =>
      sendCsv(
        reply,
        `slow-movers-${req.query.days}-days.csv`,
        slowMoversCsv(await slowMoversReport(req.ctx, { ...req.query, page: 1 }, CSV_ROWS)),
      ),
  );
};

/** /api/v1/admin/reports: low stock, reorder points and their default, for `catalogue` (decision 018). */
export const stockReportsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'catalogue');

  app.get(
    '/reports/low-stock',
    {
      schema: {
        tags,
        summary: 'Options under their reorder point, with the last 30 days sold',
        querystring: LowStockQuerySchema,
        response: { 200: LowStockReportSchema, ...errors },
      },
    },
    async (req) => lowStockReport(req.ctx, req.query),
  );
  app.get(
    '/reports/low-stock.csv',
    {
      schema: { tags, summary: 'Low stock as CSV', querystring: LowStockQuerySchema },
    },
    async (req, reply) =>
      sendCsv(reply, 'low-stock.csv', lowStockCsv(await lowStockReport(req.ctx, { page: 1 }, CSV_ROWS))),
  );

  app.put(
    '/reports/reorder-points/:variantId',
    {
      schema: {
        tags,
        summary: "Set an option's own reorder point, or null for the default (audited)",
        params: VariantParamsSchema,
        body: ReorderPointBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await setReorderPoint(req.ctx, req.params.variantId, req.body.point);
      return { message: reportsMessages.reorderPointSaved };
    },
  );

  app.get(
    '/reports/settings',
    {
      schema: {
        tags,
        summary: 'The default reorder point',
        response: { 200: ReportSettingsBodySchema, ...errors },
      },
    },
    async (req) => readReportSettings(req.ctx),
  );
  app.put(
    '/reports/settings',
    {
      schema: {
        tags,
        summary: 'Set the default reorder point (audited)',
        body: ReportSettingsBodySchema,
        response: { 200: ReportSettingsBodySchema, ...errors },
      },
    },
    async (req) => saveReportSettings(req.ctx, req.body),
  );
};
