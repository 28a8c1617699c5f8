import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import {
  ShipCheckQuerySchema,
  ShipCheckResponseSchema,
  TaxRatesResponseSchema,
} from '#shared/compliance/compliance.schemas.ts';
import { shipCheck, taxRatesPage } from './ship-check.service.ts';

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
};
