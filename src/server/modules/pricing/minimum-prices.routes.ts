import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { MinimumPriceBodySchema, MinimumPriceListSchema } from '#shared/pricing/minimum-prices.schemas.ts';
import { listMinimumPrices, setMinimumPrice } from './minimum-prices.service.ts';

const tags = ['admin pricing'];
const answer = { 200: MinimumPriceListSchema, ...ERROR_RESPONSES };

/**
 * /api/v1/admin/pricing/minimum-prices: the lowest unit price the desk may quote for an option
 * (decision 016, part 3), set or removed by staff with `prices`, each change audited.
 */
export const minimumPricesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'prices');

  app.get(
    '/minimum-prices',
    {
      schema: {
        tags,
        summary: "Options' minimum prices, by product and option name",
        response: answer,
      },
    },
    async (req) => ({ minimums: await listMinimumPrices(req.ctx) }),
  );
  app.put(
    '/minimum-prices',
    {
      schema: {
        tags,
        summary: "Set an option's minimum price by its SKU, or remove it (null); answers the list",
        body: MinimumPriceBodySchema,
        response: answer,
      },
    },
    async (req) => ({ minimums: await setMinimumPrice(req.ctx, req.body) }),
  );
};
