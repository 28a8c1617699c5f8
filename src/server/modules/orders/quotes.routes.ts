import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { ANY_MEMBER, defaultAccess, ORDERING_MEMBERS } from '#server/plugins/request-context.ts';
import {
  QuoteAcceptBodySchema,
  QuoteAcceptedSchema,
  QuoteDeclineBodySchema,
  QuoteListSchema,
  QuoteParamsSchema,
  QuoteRequestBodySchema,
  QuoteSchema,
  QuoteSentSchema,
} from '#shared/orders/quotes.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { acceptQuote } from './quote-accept.service.ts';
import { declineQuote, getMyQuote, listMyQuotes, requestQuote } from './quotes.service.ts';

const tags = ['quotes'];
const errors = ERROR_RESPONSES;
const params = QuoteParamsSchema;
const anyMember = { companyRoles: ANY_MEMBER };
const ordering = { companyRoles: ORDERING_MEMBERS };

/**
 * /api/v1/quotes: a company's quotes for its members (decision 016, part 3). Every member reads
 * them; owners and buyers accept, decline and ask for one from the cart. Another company's quote
 * is a 404. Prices and stock are read now, never cached.
 */
export const quotesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  defaultAccess(app, 'signedIn');

  app.get(
    '/',
    {
      config: anyMember,
      schema: {
        tags,
        summary: "My company's quotes, newest first",
        response: { 200: QuoteListSchema, ...errors },
      },
    },
    async (req) => listMyQuotes(req.ctx),
  );

  app.post(
    '/request',
    {
      config: ordering,
      schema: {
        tags,
        summary: "Ask for a quote on my cart's lines, with a note (the cart stays as it is)",
        body: QuoteRequestBodySchema,
        response: { 200: QuoteSentSchema, ...errors },
      },
    },
    async (req) => requestQuote(req.ctx, req.body),
  );

  app.get(
    '/:number',
    {
      config: anyMember,
      schema: {
        tags,
        summary: 'A quote as sent, and while open each line as it stands now',
        params,
        response: { 200: QuoteSchema, ...errors },
      },
    },
    async (req) => getMyQuote(req.ctx, req.params.number),
  );

  app.post(
    '/:number/accept',
    {
      config: ordering,
      schema: {
        tags,
        summary: 'Accept the chosen lines: an order at the quoted prices, judged now (used once)',
        params,
        body: QuoteAcceptBodySchema,
        response: { 200: QuoteAcceptedSchema, ...errors },
      },
    },
    async (req) => acceptQuote(req.ctx, req.params.number, req.body),
  );

  app.post(
    '/:number/decline',
    {
      config: ordering,
      schema: {
        tags,
        summary: 'Decline a sent quote, with an optional reason',
        params,
        body: QuoteDeclineBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => declineQuote(req.ctx, req.params.number, req.body.reason),
  );
};
