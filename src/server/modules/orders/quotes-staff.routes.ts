import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { DeskDraftSchema, DeskParamsSchema } from '#shared/orders/desk.schemas.ts';
import {
  DeskPriceBodySchema,
  DeskQuoteBodySchema,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuoteOpenedSchema,
  QuoteParamsSchema,
  QuoteSentSchema,
  QuoteWithdrawBodySchema,
  StaffQuoteSchema,
} from '#shared/orders/quotes.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { sendDeskQuote, setDeskPrice } from './desk-quote.service.ts';
import { getStaffQuote, listQuotes, openQuoteOnDesk, withdrawQuote } from './quotes-staff.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;
const params = QuoteParamsSchema;

/**
 * /api/v1/admin/quotes: quotes sent from the desk and buyers' requests (decision 016, part 3), for
 * staff whose role holds `desk` (admin, sales); a sales rep reaches only their companies' (404).
 */
export const quotesStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'desk');

  app.get(
    '/quotes',
    {
      schema: {
        tags,
        summary: 'Quotes and quote requests, newest first (a status filter; expired is read from the day)',
        querystring: QuoteListQuerySchema,
        response: { 200: QuoteListSchema, ...errors },
      },
    },
    async (req) => listQuotes(req.ctx, req.query.status),
  );

  app.get(
    '/quotes/:number',
    {
      schema: {
        tags,
        summary: 'A quote: lines, quoted and company prices with reasons, totals, its state and order',
        params,
        response: { 200: StaffQuoteSchema, ...errors },
      },
    },
    async (req) => getStaffQuote(req.ctx, req.params.number),
  );

  app.post(
    '/quotes/:number/desk',
    {
      schema: {
        tags,
        summary: "Open a request or a sent quote on the staff member's desk to price or revise it",
        params,
        response: { 200: QuoteOpenedSchema, ...errors },
      },
    },
    async (req) => openQuoteOnDesk(req.ctx, req.params.number),
  );

  app.post(
    '/quotes/:number/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw a sent quote or a request, with a reason (audited; the members are mailed)',
        params,
        body: QuoteWithdrawBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => withdrawQuote(req.ctx, req.params.number, req.body.reason),
  );

  app.put(
    '/desk/:companyId/lines/price',
    {
      schema: {
        tags,
        summary: "A line's negotiated unit price for a quote, with its reason (null: the company's price)",
        params: DeskParamsSchema,
        body: DeskPriceBodySchema,
        response: { 200: DeskDraftSchema, ...errors },
      },
    },
    async (req) => setDeskPrice(req.ctx, req.params.companyId, req.body),
  );

  app.post(
    '/desk/:companyId/quote',
    {
      schema: {
        tags,
        summary:
          'Send the draft to the company as a quote, valid until a day (audited; the members are mailed)',
        params: DeskParamsSchema,
        body: DeskQuoteBodySchema,
        response: { 200: QuoteSentSchema, ...errors },
      },
    },
    async (req) => sendDeskQuote(req.ctx, req.params.companyId, req.body),
  );
};
