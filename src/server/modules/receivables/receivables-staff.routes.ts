import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore, sendCsv } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { csvLine } from '#shared/csv.ts';
import {
  CompanyLedgerSchema,
  CreditLimitBodySchema,
  ExportQuerySchema,
  LiftHoldBodySchema,
  PaymentParamsSchema,
  PaymentRecordedSchema,
  PeriodQuerySchema,
  ReceivablesListSchema,
  ReceivablesQuerySchema,
  RecordPaymentBodySchema,
  RefundBodySchema,
  ReturnBodySchema,
  StatementSchema,
  VoidPaymentBodySchema,
} from '#shared/receivables/payments.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { CompanyParams } from './company-scope.ts';
import { sendPdf, statementPdfFile } from './invoice-files.ts';
import { companyLedger } from './ledger.service.ts';
import { liftHold, recordPayment, recordRefund, setCreditLimit, voidPayment } from './payments.service.ts';
import { receivablesExport } from './receivables-export.service.ts';
import { recordReturn } from './returns.service.ts';
import { receivablesList, staffStatement } from './statements.service.ts';

const tags = ['admin'];
const OrderNumberParams = z.object({ number: z.string().trim().min(1).max(40) });
const errors = ERROR_RESPONSES;

/**
 * /api/v1/admin: receivables (decision 017). The receivables page and the accounting export for
 * the roles holding `receivables` (admin, accounting); a company's ledger and statement for every
 * role that reads companies (a sales rep: their own); payments, refunds, limits and holds for
 * `receivables`.
 */
export const receivablesStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'receivables');

  app.get(
    '/receivables',
    {
      schema: {
        tags,
        summary:
          'Companies with something on account: balance, overdue, aging, limit and hold (filters, pages)',
        querystring: ReceivablesQuerySchema,
        response: { 200: ReceivablesListSchema, ...errors },
      },
    },
    async (req) => receivablesList(req.ctx, req.query),
  );

  app.get(
    '/receivables/export.csv',
    {
      schema: {
        tags,
        summary: "The receivables page's rows (its filters), as CSV",
        querystring: ReceivablesQuerySchema.omit({ page: true }),
      },
    },
    async (req, reply) => {
      const list = await receivablesList(req.ctx, { ...req.query, page: null });
      const body = [
        csvLine([
          'Company',
          'Balance (cents)',
          'Overdue (cents)',
          'Unapplied (cents)',
          'Current',
          '1-30',
          '31-60',
          '61-90',
          'Over 90',
          'Credit limit (cents)',
          'On hold',
        ]),
        ...list.rows.map((r) =>
          csvLine([
            r.businessName,
            r.balanceCents,
            r.overdueCents,
            r.unappliedCents,
            r.aging.current,
            r.aging.d1_30,
            r.aging.d31_60,
            r.aging.d61_90,
            r.aging.over_90,
            r.creditLimitCents,
            r.onHold ? 'yes' : 'no',
          ]),
        ),
      ];
      return sendCsv(reply, `receivables-${list.today}.csv`, `${body.join('\r\n')}\r\n`);
    },
  );

  app.post(
    '/orders/:number/returns',
    {
      schema: {
        tags,
        summary: 'Record units of a delivered item sent back: a credit note is issued for them (audited)',
        params: OrderNumberParams,
        body: ReturnBodySchema,
        response: { 201: MessageResponseSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await recordReturn(req.ctx, req.params.number, req.body)),
  );

  app.get(
    '/receivables/accounting.csv',
    {
      schema: {
        tags,
        summary: 'Invoices, credit notes or payments of a period as CSV (QuickBooks Online layout, or plain)',
        querystring: ExportQuerySchema,
      },
    },
    async (req, reply) => {
      const q = req.query;
      return sendCsv(
        reply,
        `${q.kind}-${q.from}-to-${q.to}-${q.layout}.csv`,
        await receivablesExport(req.ctx, q),
      );
    },
  );
};

/**
 * /api/v1/admin/companies/:id/…: a company's ledger and statement for every role that reads
 * companies (a sales rep: their own), and its payments, refunds, limit and hold for `receivables`.
 */
export const companyLedgerRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { settings }) => {
  noStore(app);
  staffRoutes(app, 'receivables');

  app.get(
    '/companies/:id/ledger',
    {
      config: { permission: 'companies.read' },
      schema: {
        tags,
        summary:
          "A company's account: balance, aging, credit, its invoices, credit notes, payments and refunds",
        params: CompanyParams,
        response: { 200: CompanyLedgerSchema, ...errors },
      },
    },
    async (req) => companyLedger(req.ctx, req.params.id),
  );

  app.get(
    '/companies/:id/statement',
    {
      config: { permission: 'companies.read' },
      schema: {
        tags,
        summary: "A company's statement for a period of the store's days",
        params: CompanyParams,
        querystring: PeriodQuerySchema,
        response: { 200: StatementSchema, ...errors },
      },
    },
    async (req) => staffStatement(req.ctx, req.params.id, req.query.from, req.query.to),
  );

  app.get(
    '/companies/:id/statement.pdf',
    {
      config: { permission: 'companies.read' },
      schema: {
        tags,
        summary: "A company's statement as a PDF",
        params: CompanyParams,
        querystring: PeriodQuerySchema,
      },
    },
    async (req, reply) => {
      const statement = await staffStatement(req.ctx, req.params.id, req.query.from, req.query.to);
      return sendPdf(reply, await statementPdfFile(settings, statement, req.ctx.now));
    },
  );

  app.post(
    '/companies/:id/payments',
    {
      schema: {
        tags,
        summary: 'Record a payment, applied to the oldest open invoices or by hand (audited)',
        params: CompanyParams,
        body: RecordPaymentBodySchema,
        response: { 201: PaymentRecordedSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await recordPayment(req.ctx, req.params.id, req.body)),
  );

  app.post(
    '/payments/:number/void',
    {
      schema: {
        tags,
        summary: 'Void a payment with a reason: what it paid is owed again (audited)',
        params: PaymentParamsSchema,
        body: VoidPaymentBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => voidPayment(req.ctx, req.params.number, req.body.reason),
  );

  app.post(
    '/companies/:id/refunds',
    {
      schema: {
        tags,
        summary: "Record money paid back out of a payment's or a credit note's unused credit (audited)",
        params: CompanyParams,
        body: RefundBodySchema,
        response: { 201: MessageResponseSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await recordRefund(req.ctx, req.params.id, req.body)),
  );

  app.put(
    '/companies/:id/credit-limit',
    {
      schema: {
        tags,
        summary: "Set a company's credit limit (null: none; audited)",
        params: CompanyParams,
        body: CreditLimitBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => setCreditLimit(req.ctx, req.params.id, req.body.creditLimitCents),
  );

  app.post(
    '/companies/:id/hold/lift',
    {
      schema: {
        tags,
        summary: "Lift a company's credit hold until the end of a day, with a reason (audited)",
        params: CompanyParams,
        body: LiftHoldBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => liftHold(req.ctx, req.params.id, req.body),
  );
};
