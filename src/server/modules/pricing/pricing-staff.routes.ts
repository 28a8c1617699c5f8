import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { type AppContext, staffRoutes } from '#server/plugins/request-context.ts';
import { SavedResponseSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import {
  BuyerGroupBodySchema,
  BuyerGroupSchema,
  BuyerParamsSchema,
  EntriesQuerySchema,
  EntryBodySchema,
  EntryListSchema,
  EntryParamsSchema,
  GroupBodySchema,
  GroupListSchema,
  GroupParamsSchema,
  MemberListSchema,
} from '#shared/pricing/pricing-staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { listEntries } from './price-list.service.ts';
import {
  buyerGroup,
  deleteEntry,
  deleteGroup,
  listGroups,
  listMembers,
  saveEntry,
  saveGroup,
  setBuyerGroup,
} from './pricing-staff.service.ts';

const tags = ['admin pricing'];
const errors = ERROR_RESPONSES;
const saved = { 200: SavedResponseSchema, ...errors };
const done = { 200: MessageResponseSchema, ...errors };

/**
 * /api/v1/admin/pricing: customer groups, who is in which, and each group's price list. Every
 * change is audited; a price list change moves the group's version (orders being placed finish
 * first or price again), reaches every instance at once and re-prices the group's open carts.
 */
export const pricingStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'prices');
  const ctx = (req: { ctx: AppContext }) => req.ctx;

  app.get(
    '/groups',
    {
      schema: {
        tags,
        summary: 'Customer groups with their buyer and entry counts',
        response: { 200: GroupListSchema, ...errors },
      },
    },
    async (req) => ({ groups: await listGroups(req.ctx) }),
  );
  app.post(
    '/groups',
    { schema: { tags, summary: 'Add a customer group', body: GroupBodySchema, response: saved } },
    async (req) => ({ message: 'Group saved.', id: await saveGroup(ctx(req), null, req.body) }),
  );
  app.put(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: "Change a group's name or description",
        params: GroupParamsSchema,
        body: GroupBodySchema,
        response: saved,
      },
    },
    async (req) => ({ message: 'Group saved.', id: await saveGroup(ctx(req), req.params.id, req.body) }),
  );
  app.delete(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a group without buyers, and its price list',
        params: GroupParamsSchema,
        response: done,
      },
    },
    async (req) => {
      await deleteGroup(ctx(req), req.params.id);
      return { message: 'Group deleted.' };
    },
  );
  app.get(
    '/groups/:id/members',
    {
      schema: {
        tags,
        summary: "A group's buyers",
        params: GroupParamsSchema,
        response: { 200: MemberListSchema, ...errors },
      },
    },
    async (req) => ({ members: await listMembers(req.ctx, req.params.id) }),
  );
  app.get(
    '/groups/:id/entries',
    {
      schema: {
        tags,
        summary: "A group's price list, searched by SKU or name",
        params: GroupParamsSchema,
        querystring: EntriesQuerySchema,
        response: { 200: EntryListSchema, ...errors },
      },
    },
    async (req) => listEntries(req.ctx.db, req.params.id, req.query),
  );
  app.put(
    '/groups/:id/entries',
    {
      schema: {
        tags,
        summary: 'Add or replace the entry for an option, product, brand or category',
        params: GroupParamsSchema,
        body: EntryBodySchema,
        response: saved,
      },
    },
    async (req) => ({ message: 'Price saved.', id: await saveEntry(ctx(req), req.params.id, req.body) }),
  );
  app.delete(
    '/groups/:id/entries/:entryId',
    {
      schema: {
        tags,
        summary: 'Remove an entry from a price list',
        params: EntryParamsSchema,
        response: done,
      },
    },
    async (req) => {
      await deleteEntry(ctx(req), req.params.id, req.params.entryId);
      return { message: 'Price removed.' };
    },
  );
  app.get(
    '/buyers/:userId/group',
    {
      schema: {
        tags,
        summary: 'The group a buyer is in',
        params: BuyerParamsSchema,
        response: { 200: BuyerGroupSchema, ...errors },
      },
    },
    async (req) => buyerGroup(req.ctx, req.params.userId),
  );
  app.put(
    '/buyers/:userId/group',
    {
      schema: {
        tags,
        summary: 'Put a buyer in a group (at most one) or in none',
        params: BuyerParamsSchema,
        body: BuyerGroupBodySchema,
        response: { 200: BuyerGroupSchema, ...errors },
      },
    },
    async (req) => setBuyerGroup(ctx(req), req.params.userId, req.body.groupId),
  );
};
