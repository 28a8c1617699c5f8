import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import {
  BuyerDetailSchema,
  BuyerListSchema,
  BuyersQuerySchema,
  DisableBuyerBodySchema,
} from '#shared/accounts/buyers-staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { buyerDetail, listBuyers, setBuyerDisabled, verifyBuyerEmail } from './buyers-staff.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin/buyers: buyer management for staff (search, detail, email verified by hand, disable and enable). */
export const buyersStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'buyers.read');

  const BuyerParams = z.object({ id: z.uuid({ message: 'Buyer not found' }) });

  app.get(
    '/buyers',
    {
      schema: {
        tags,
        summary: 'Buyers: search by business, name or email; filter by state and document status',
        querystring: BuyersQuerySchema,
        response: { 200: BuyerListSchema, ...errors },
      },
    },
    async (req) => listBuyers(req.ctx, req.query),
  );

  app.get(
    '/buyers/:id',
    {
      schema: {
        tags,
        summary: 'A buyer with profile, addresses, documents and recent orders',
        params: BuyerParams,
        response: { 200: BuyerDetailSchema, ...errors },
      },
    },
    async (req) => buyerDetail(req.ctx, req.params.id),
  );

  app.post(
    '/buyers/:id/verify-email',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: "Mark a buyer's email verified by hand",
        params: BuyerParams,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const changed = await verifyBuyerEmail(req.ctx, req.params.id);
      return { message: changed ? 'Email marked verified.' : 'The email was already verified.' };
    },
  );

  app.post(
    '/buyers/:id/disable',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: 'Disable (sessions end; no sign-in, no orders) or enable a buyer account',
        params: BuyerParams,
        body: DisableBuyerBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await setBuyerDisabled(req.ctx, req.params.id, req.body.disabled);
      return { message: req.body.disabled ? 'Account disabled.' : 'Account enabled.' };
    },
  );
};
