import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, ORDERING, OWNERS } from '#server/plugins/request-context.ts';
import {
  ApproveRequestBodySchema,
  DeclineRequestBodySchema,
  OrderRequestListSchema,
  OrderRequestsQuerySchema,
  RequestChangedSchema,
  RequestDecidedSchema,
} from '#shared/orders/order-requests.schemas.ts';
import { orderMessages, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { approveRequest } from './approve-request.service.ts';
import { declineRequest, listRequests, withdrawRequest } from './order-requests.service.ts';

const tags = ['orders'];
const errors = ERROR_RESPONSES;
const NumberParams = z.object({ number: z.string().max(40) });

/**
 * /api/v1/orders/requests (decision 015, step 4): a company's orders over a buyer's limit, waiting
 * for an owner. Every member sees them; owners approve or decline, the buyer who placed one may
 * withdraw it. Another company's numbers are unknown (404).
 */
export const orderRequestsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  defaultAccess(app, 'signedIn');

  app.get(
    '/requests',
    {
      schema: {
        tags,
        summary: "My company's order requests (orders over a buyer's limit), newest first",
        querystring: OrderRequestsQuerySchema,
        response: { 200: OrderRequestListSchema, ...errors },
      },
    },
    async (req) => ({ requests: await listRequests(req.ctx, req.query.status) }),
  );

  app.post(
    '/requests/:number/approve',
    {
      config: { companyRoles: OWNERS },
      schema: {
        tags,
        summary: 'Approve an order request (owners): placed now, or 409 with what changed since',
        params: NumberParams,
        body: ApproveRequestBodySchema,
        response: {
          ...errors,
          200: PlaceOrderResponseSchema,
          // Changed since it was placed: what, and the revision to accept (or a plain refusal).
          409: RequestChangedSchema.partial({ changes: true, totalCents: true, revision: true }),
        },
      },
    },
    async (req, reply) => {
      const done = await approveRequest(req.ctx, req.params.number, req.body.acceptRevision);
      if ('changed' in done) return reply.status(409).send(done.changed);
      return { message: orderMessages.requestApproved(done.order.orderNumber), order: done.order };
    },
  );

  app.post(
    '/requests/:number/decline',
    {
      config: { companyRoles: OWNERS },
      schema: {
        tags,
        summary: 'Decline an order request with a note for the buyer (owners)',
        params: NumberParams,
        body: DeclineRequestBodySchema,
        response: { 200: RequestDecidedSchema, ...errors },
      },
    },
    async (req) => {
      const request = await declineRequest(req.ctx, req.params.number, req.body.note);
      return { message: orderMessages.requestDeclined(request.number), request };
    },
  );

  app.post(
    '/requests/:number/withdraw',
    {
      config: { companyRoles: ORDERING },
      schema: {
        tags,
        summary: 'Withdraw my own order request while it waits',
        params: NumberParams,
        response: { 200: RequestDecidedSchema, ...errors },
      },
    },
    async (req) => {
      const request = await withdrawRequest(req.ctx, req.params.number);
      return { message: orderMessages.requestWithdrawn(request.number), request };
    },
  );
};
