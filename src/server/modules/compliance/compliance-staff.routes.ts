import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { IdParamsSchema, SavedResponseSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import {
  ListingBodySchema,
  ListingListSchema,
  ListingsQuerySchema,
  RuleListSchema,
  TaxRateListSchema,
} from '#shared/compliance/compliance.schemas.ts';
import { TaxRateBodySchema } from '#shared/compliance/excise.ts';
import { RuleBodySchema } from '#shared/compliance/rules.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { directoryListings } from './compliance.table.ts';
import { retireRule, saveListing, saveRate, saveRule } from './compliance-staff.service.ts';

const tags = ['admin compliance'];
const errors = ERROR_RESPONSES;
const saved = { 200: SavedResponseSchema, ...errors };

/**
 * /api/v1/admin/compliance: staff list, add, change and retire state rules and excise rates, and
 * set directory listings. Every change is audited, bumps the compliance version (orders being
 * placed finish first or are judged again) and reaches every instance at once.
 */
export const complianceStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { compliance, db }) => {
  noStore(app);
  staffRoutes(app, 'compliance');
  const ctx = (req: { ctx: { db: ModuleDeps['db']; now: Date; staffId: string } }) => ({
    db: req.ctx.db,
    now: req.ctx.now,
    staffId: req.ctx.staffId,
    compliance,
  });

  app.get(
    '/rules',
    {
      schema: {
        tags,
        summary: 'Every state rule, retired ones too',
        response: { 200: RuleListSchema, ...errors },
      },
    },
    async () => ({ rules: (await compliance.fresh()).rules }),
  );
  app.post(
    '/rules',
    { schema: { tags, summary: 'Add a state rule', body: RuleBodySchema, response: saved } },
    async (req) => ({ message: 'Rule saved.', id: await saveRule(ctx(req), null, req.body) }),
  );
  app.put(
    '/rules/:id',
    {
      schema: {
        tags,
        summary: "Change a rule's fields",
        params: IdParamsSchema,
        body: RuleBodySchema,
        response: saved,
      },
    },
    async (req) => ({ message: 'Rule saved.', id: await saveRule(ctx(req), req.params.id, req.body) }),
  );
  app.post(
    '/rules/:id/retire',
    {
      schema: {
        tags,
        summary: 'Retire a rule: it stops applying at once and stays for the record',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await retireRule(ctx(req), req.params.id);
      return { message: 'Rule retired.' };
    },
  );

  app.get(
    '/rates',
    {
      schema: {
        tags,
        summary: 'Every excise rate',
        response: { 200: TaxRateListSchema, ...errors },
      },
    },
    async () => ({ rates: (await compliance.fresh()).rates }),
  );
  app.post(
    '/rates',
    { schema: { tags, summary: 'Add an excise rate', body: TaxRateBodySchema, response: saved } },
    async (req) => ({ message: 'Rate saved.', id: await saveRate(ctx(req), null, req.body) }),
  );
  app.put(
    '/rates/:id',
    {
      schema: {
        tags,
        summary: "Change a rate's fields",
        params: IdParamsSchema,
        body: TaxRateBodySchema,
        response: saved,
      },
    },
    async (req) => ({ message: 'Rate saved.', id: await saveRate(ctx(req), req.params.id, req.body) }),
  );

  app.get(
    '/listings',
    {
      schema: {
        tags,
        summary: "A product's state directory entries",
        querystring: ListingsQuerySchema,
        response: { 200: ListingListSchema, ...errors },
      },
    },
    async (req) => ({
      listings: await db
        .select({
          productId: directoryListings.productId,
          state: directoryListings.state,
          listed: directoryListings.listed,
          listingId: directoryListings.listingId,
          listedOn: directoryListings.listedOn,
        })
        .from(directoryListings)
        .where(eq(directoryListings.productId, req.query.productId))
        .orderBy(asc(directoryListings.state)),
    }),
  );
  app.put(
    '/listings',
    {
      schema: {
        tags,
        summary: "Set a product's entry in a state's directory (listed or struck)",
        body: ListingBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await saveListing(ctx(req), req.body);
      return { message: 'Listing saved.' };
    },
  );
};
