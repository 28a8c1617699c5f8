import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import {
  AdminOrderListSchema,
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  OrdersCsvQuerySchema,
  PickListQuerySchema,
  PickListSchema,
  SetItemStatusBodySchema,
  SetStageBodySchema,
  StepBackBodySchema,
} from '#shared/orders/orders-staff.schemas.ts';
import { MenuCountSchema } from '#shared/staff/notifications.schemas.ts';
import { ordersCsv } from './orders-csv.service.ts';
import {
  listAdminOrders,
  loadAdminOrder,
  ordersToShip,
  setItemStatus,
  setStage,
  stepBack,
} from './orders-staff.service.ts';
import { pickList } from './pick-list.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin/orders: orders for staff (filters, detail, stages, item status, CSV export). */
export const ordersStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'orders.read');

  const OrderParams = z.object({ number: z.string().trim().max(40) });

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Orders with filters (item status, dates, buyer, number), newest first, paged',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrderListSchema, ...errors },
      },
    },
    async (req) => listAdminOrders(req.ctx, req.query),
  );

  app.get(
    '/orders/to-ship/count',
    {
      schema: {
        tags,
        summary: "Orders not yet shipped: the console menu's count",
        response: { 200: MenuCountSchema, ...errors },
      },
    },
    async (req) => ({ count: await ordersToShip(req.ctx) }),
  );

  app.get(
    '/orders/export.csv',
    {
      schema: { tags, summary: 'Orders placed in a date range, as CSV', querystring: OrdersCsvQuerySchema },
    },
    async (req, reply) => {
      const { from, to } = req.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-to-${to}.csv"`)
        .send(await ordersCsv(req.ctx, from, to));
    },
  );

  app.get(
    '/orders/pick-list',
    {
      config: { permission: 'orders.fulfil' },
      schema: {
        tags,
        summary: 'What to take from the shelves for the orders waiting to ship, one line per option',
        querystring: PickListQuerySchema,
        response: { 200: PickListSchema, ...errors },
      },
    },
    async (req) => pickList(req.ctx, req.query.shipping),
  );

  app.get(
    '/orders/:number',
    {
      schema: {
        tags,
        summary: 'One order with its buyer',
        params: OrderParams,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (req) => loadAdminOrder(req.ctx, req.params.number),
  );

  app.post(
    '/orders/:number/stage',
    {
      config: { permission: 'orders.fulfil' },
      schema: {
        tags,
        summary: 'Move an order to the next shipping stage (the buyer is told)',
        params: OrderParams,
        body: SetStageBodySchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (req) => {
      await setStage(req.ctx, req.params.number, req.body);
      return loadAdminOrder(req.ctx, req.params.number);
    },
  );

  app.post(
    '/orders/:number/stage/back',
    {
      config: { permission: 'orders.fulfil' },
      schema: {
        tags,
        summary:
          'Step an order back one shipping stage, to correct a slip (audited; the buyer is not mailed)',
        params: OrderParams,
        body: StepBackBodySchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (req) => {
      await stepBack(req.ctx, req.params.number, req.body.from);
      return loadAdminOrder(req.ctx, req.params.number);
    },
  );

  app.post(
    '/orders/:number/items/:sku/status',
    {
      config: { permission: 'orders.fulfil' },
      schema: {
        tags,
        summary: 'Mark a pending item delivered or cancelled (cancelling returns its stock, once)',
        params: OrderParams.extend({ sku: z.string().trim().max(60) }),
        body: SetItemStatusBodySchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (req) => {
      await setItemStatus(req.ctx, req.params.number, req.params.sku, req.body.status);
      return loadAdminOrder(req.ctx, req.params.number);
    },
  );
};
