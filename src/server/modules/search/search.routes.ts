import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuerySchema, SearchResponseSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import type { Database } from '../../db/client.ts';
import type { CatalogueCache } from '../catalogue/catalogue-cache.ts';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ database: Database; catalogue: CatalogueCache }> = async (
  app,
  { database, catalogue },
) => {
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
    async (req) => search(database, await catalogue.get(), req.query),
  );
};
