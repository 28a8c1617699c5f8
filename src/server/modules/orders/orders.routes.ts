import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '#server/errors.ts';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import { addUpToStock, readCart } from '#server/modules/cart/cart.service.ts';
import { fillCart } from '#server/modules/cart/quick-order.service.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, ORDERING, writesFor } from '#server/plugins/request-context.ts';
import { QuickOrderAddedSchema } from '#shared/cart/quick-order.schemas.ts';
import { DAY_MS } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { OrderRequestPlacedSchema } from '#shared/orders/order-requests.schemas.ts';
import { TAB_ITEM_STATUS } from '#shared/orders/order-tracking.ts';
import {
  BuyAgainBodySchema,
  BuyAgainResponseSchema,
  OrderListSchema,
  OrderSchema,
  OrdersQuerySchema,
  orderMessages,
  PlaceOrderBodySchema,
  PlaceOrderResponseSchema,
} from '#shared/orders/orders.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { loadOrder, loadOrders } from './order-reads.ts';
import { placeOrder } from './orders.service.ts';

const tags = ['orders'];
const errors = ERROR_RESPONSES;

export const ordersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  noStore(app);
  defaultAccess(app, 'signedIn');
  // Placing an order, buying again and reordering are for owners and buyers (decision 015, step 3).
  writesFor(app, ORDERING);

  app.post(
    '/',
    {
      // The session is checked in the order's own statement (placeOrder): one round trip.
      config: { access: 'signedInCheckedInStatement' },
      schema: {
        tags,
        summary: 'Place an order from my cart (SPEC §7 orderFunctionMain)',
        body: PlaceOrderBodySchema,
        response: {
          200: PlaceOrderResponseSchema,
          201: PlaceOrderResponseSchema,
          // Over the buyer's order limit: sent to the company's owners for approval (decision 015).
          202: OrderRequestPlacedSchema,
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const placed = await placeOrder(req.ctx, req.body);
      if ('request' in placed) {
        const { request } = placed;
        const message = orderMessages.sentForApproval(request.number, formatCents(request.limitCents));
        return reply.status(202).send({ message, request });
      }
      return reply
        .status(placed.created ? 201 : 200)
        .send({ message: orderMessages.placed, order: placed.order });
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My orders, newest first (tabs by item status; Past Month filter)',
        querystring: OrdersQuerySchema,
        response: { 200: OrderListSchema, 401: MessageResponseSchema },
      },
    },
    async (req) => {
      const since = req.query.pastMonth ? new Date(req.ctx.now.getTime() - 30 * DAY_MS) : undefined;
      return {
        orders: await loadOrders(req.ctx, {
          itemStatus: TAB_ITEM_STATUS[req.query.tab],
          since,
          limit: req.query.limit,
          locationId: req.query.location,
          placedBy: req.query.placedBy,
        }),
      };
    },
  );

  app.get(
    '/:number',
    {
      schema: {
        tags,
        summary: 'One of my orders',
        params: z.object({ number: z.string().max(40) }),
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (req) => {
      return loadOrder(req.ctx, req.params.number);
    },
  );

  app.post(
    '/:number/buy-again',
    {
      schema: {
        tags,
        summary: 'Put one option of one of my orders back in the cart (as many as ordered, within stock)',
        params: z.object({ number: z.string().max(40) }),
        body: BuyAgainBodySchema,
        response: { 200: BuyAgainResponseSchema, ...errors },
      },
    },
    async (req) => {
      const order = await loadOrder(req.ctx, req.params.number);
      const item = order.items.find((i) => i.variantId === req.body.variantId);
      if (!item) throw new NotFound(orderMessages.orderNotFound);
      const { message } = await addUpToStock(req.ctx, { sku: item.variantId, wanted: item.quantity });
      return { message, cart: await readCart(req.ctx, await catalogue.get()) };
    },
  );

  app.post(
    '/:number/reorder',
    {
      schema: {
        tags,
        summary:
          'Reorder all: every option of one of my orders back in the cart, what stock and case packs allow of each, with a report',
        params: z.object({ number: z.string().max(40) }),
        response: { 200: QuickOrderAddedSchema, ...errors },
      },
    },
    async (req) => {
      const order = await loadOrder(req.ctx, req.params.number);
      const added = await fillCart(
        req.ctx,
        await catalogue.get(),
        order.items.map((item, i) => ({
          lines: [i + 1],
          sku: item.variantId,
          quantity: item.quantity,
          problem: null,
        })),
        { partial: true },
      );
      return added;
    },
  );
};
