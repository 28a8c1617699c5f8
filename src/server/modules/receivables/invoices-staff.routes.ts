import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import {
  InvoiceListSchema,
  InvoiceParamsSchema,
  InvoicesQuerySchema,
} from '#shared/receivables/invoices.schemas.ts';
import {
  CompanyTermsBodySchema,
  CompanyTermsSchema,
  ReceivablesSettingsSchema,
} from '#shared/receivables/receivables-settings.schemas.ts';
import { CompanyParams } from './company-scope.ts';
import { invoicePdfFile, sendPdf } from './invoice-files.ts';
import { invoiceDocument, orderInvoices } from './invoice-reads.ts';
import {
  companyTerms,
  readReceivablesSettings,
  saveReceivablesSettings,
  setCompanyTerms,
} from './receivables-settings.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/**
 * /api/v1/admin: invoices for every role that reads orders (the invoice travels with the goods: the
 * warehouse prints it; a sales rep, their companies'), and receivables' settings and a company's
 * terms for the roles holding `receivables` (admin, accounting; decision 017).
 */
export const invoicesStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { settings, database }) => {
  noStore(app);
  staffRoutes(app, 'orders.read');
  const reader = (scope: string | null) => ({ kind: 'staff', companyScope: scope }) as const;

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        summary: "An order's invoices and credit notes, as issued",
        querystring: InvoicesQuerySchema,
        response: { 200: InvoiceListSchema, ...errors },
      },
    },
    async (req) => ({
      invoices: await orderInvoices(req.ctx.db, reader(req.ctx.companyScope), req.query.order),
    }),
  );

  app.get(
    '/invoices/:number/pdf',
    {
      schema: {
        tags,
        summary: 'An invoice or credit note as a PDF',
        params: InvoiceParamsSchema,
        response: { 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (req, reply) => {
      const invoice = await invoiceDocument(req.ctx.db, reader(req.ctx.companyScope), req.params.number);
      return sendPdf(reply, await invoicePdfFile(settings, invoice));
    },
  );

  app.get(
    '/receivables/settings',
    {
      config: { permission: 'receivables' },
      schema: {
        tags,
        summary: 'When invoices are issued, the default terms, the time zone',
        response: { 200: ReceivablesSettingsSchema, ...errors },
      },
    },
    async (req) => readReceivablesSettings(req.ctx),
  );

  app.put(
    '/receivables/settings',
    {
      config: { permission: 'receivables' },
      schema: {
        tags,
        summary: 'Save the receivables settings (audited; invoices issued keep their dates and terms)',
        body: ReceivablesSettingsSchema,
        response: { 200: ReceivablesSettingsSchema, ...errors },
      },
    },
    async (req) => saveReceivablesSettings(req.ctx, database, req.body),
  );

  app.get(
    '/companies/:id/terms',
    {
      config: { permission: 'companies.read' },
      schema: {
        tags,
        summary: "A company's payment terms",
        params: CompanyParams,
        response: { 200: CompanyTermsSchema, ...errors },
      },
    },
    async (req) => companyTerms(req.ctx, req.params.id),
  );

  app.put(
    '/companies/:id/terms',
    {
      config: { permission: 'receivables' },
      schema: {
        tags,
        summary: "Set a company's payment terms (null: the store's default; audited)",
        params: CompanyParams,
        body: CompanyTermsBodySchema,
        response: { 200: CompanyTermsSchema, ...errors },
      },
    },
    async (req) => setCompanyTerms(req.ctx, req.params.id, req.body),
  );
};
