import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess } from '#server/plugins/request-context.ts';
import {
  InvoiceListSchema,
  InvoiceParamsSchema,
  InvoicesQuerySchema,
} from '#shared/receivables/invoices.schemas.ts';
import { invoicePdfFile, sendPdf } from './invoice-files.ts';
import { invoiceDocument, memberReader, orderInvoices } from './invoice-reads.ts';

const tags = ['invoices'];
const errors = ERROR_RESPONSES;

/**
 * /api/v1/invoices: a company's invoices and credit notes for its members (decision 017): owners
 * and viewers see the company's, a buyer those of the orders they placed; anyone else's are 404.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { settings }) => {
  noStore(app);
  defaultAccess(app, 'signedIn');

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "An order's invoices and credit notes, as issued (an empty list before its invoice)",
        querystring: InvoicesQuerySchema,
        response: { 200: InvoiceListSchema, ...errors },
      },
    },
    async (req) => {
      const reader = memberReader(req.ctx, req.ctx.actor.member?.role ?? null);
      return { invoices: await orderInvoices(req.ctx.db, reader, req.query.order) };
    },
  );

  app.get(
    '/:number/pdf',
    {
      schema: {
        tags,
        summary: 'An invoice or credit note as a PDF',
        params: InvoiceParamsSchema,
        response: { 401: errors[401], 404: errors[404] },
      },
    },
    async (req, reply) => {
      const reader = memberReader(req.ctx, req.ctx.actor.member?.role ?? null);
      const invoice = await invoiceDocument(req.ctx.db, reader, req.params.number);
      return sendPdf(reply, await invoicePdfFile(settings, invoice));
    },
  );
};
