import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import { sendJsonText } from '#server/http/send-json.ts';
import { listingJson } from '#server/modules/catalogue/catalogue.service.ts';
import { buyerCards, buyerListingView } from '#server/modules/pricing/buyer-prices.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { searchCatalogueJson } from '#server/modules/search/search.service.ts';
import {
  ListingQuerySchema,
  ListingResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '#shared/catalogue/catalogue.schemas.ts';
import {
  CardVerdictsBodySchema,
  CardVerdictsSchema,
  MyStateSchema,
  ShipCheckQuerySchema,
  ShipCheckResponseSchema,
  TaxRatesResponseSchema,
} from '#shared/compliance/compliance.schemas.ts';
import { shipCheck, taxRatesPage } from './ship-check.service.ts';
import { cardVerdicts, myState, shipsToMine } from './ships-to.service.ts';

const tags = ['compliance'];

/** /api/v1/compliance: whether a product ships to a state (and why not), and the tax rates page. */
export const complianceRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  app.get(
    '/ship-check',
    {
      schema: {
        tags,
        summary:
          "Whether each option of a product can ship to a ZIP's state (or, signed in, to the default address)",
        querystring: ShipCheckQuerySchema,
        response: { 200: ShipCheckResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => shipCheck(req.ctx, req.query),
  );
  app.get(
    '/tax-rates',
    {
      schema: {
        tags,
        summary: 'State excise rates in force and to come (the State Tax Rates page)',
        response: { 200: TaxRatesResponseSchema },
      },
    },
    async (req) => taxRatesPage(req.ctx),
  );
  app.get(
    '/my-state',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The buyer\'s state: their default address\'s (the "ships to my state" filter)',
        response: { 200: MyStateSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => myState(req.ctx),
  );
  app.post(
    '/my-state/cards',
    {
      // A read with a body (the cards' ids): staff viewing the store as a buyer may make it.
      config: { access: 'signedIn', readsOnly: true },
      schema: {
        tags,
        summary: "Of the product cards a page shows, those the rules keep from the buyer's state (badges)",
        body: CardVerdictsBodySchema,
        response: { 200: CardVerdictsSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => cardVerdicts(req.ctx, req.body.cards),
  );
  app.get(
    '/listing',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'The product listing, only what may ship to the buyer\'s default address ("ships to my state")',
        querystring: ListingQuerySchema,
        response: { 200: ListingResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const { model, keep } = await shipsToMine(req.ctx);
      return sendJsonText(
        reply,
        listingJson(model, req.query, { keep, ...(await buyerListingView(req.ctx)) }),
      );
    },
  );
  app.get(
    '/search',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Search, only what may ship to the buyer\'s default address ("ships to my state")',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const { model, keep } = await shipsToMine(req.ctx);
      return sendJsonText(reply, searchCatalogueJson(model, req.query, keep, await buyerCards(req.ctx)));
    },
  );
};
