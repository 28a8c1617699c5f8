import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPriced } from '#server/modules/pricing/buyer-prices.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { SearchQuerySchema, SearchResponseSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { searchCatalogueJson } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Search products by variant, product, brand or category name (case and spaces ignored)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 400: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const model = await catalogue.get();
      return sendPriced(req, reply, model, (card) => searchCatalogueJson(model, req.query, undefined, card));
    },
  );
};
