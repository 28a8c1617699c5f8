import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import {
  OrderChangeBodySchema,
  OrderChangePreviewBodySchema,
  OrderChangePreviewSchema,
} from '#shared/orders/order-change.schemas.ts';
import { AdminOrderSchema } from '#shared/orders/orders-staff.schemas.ts';
import { previewChange, saveChange } from './order-change-save.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;
const OrderParams = z.object({ number: z.string().trim().max(40) });

/**
 * /api/v1/admin/orders/:number/change: staff change an order before it ships (decision 016, part
 * 4), permission `desk` (a sales rep: their companies' orders, else 404).
 */
export const orderChangeRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'desk');

  app.post(
    '/orders/:number/change/preview',
    {
      schema: {
        tags,
        summary:
          'What a change to an order not yet shipped would make of it, judged now (nothing is written)',
        params: OrderParams,
        body: OrderChangePreviewBodySchema,
        response: { 200: OrderChangePreviewSchema, ...errors },
      },
    },
    async (req) => previewChange(req.ctx, req.params.number, req.body),
  );

  app.post(
    '/orders/:number/change',
    {
      schema: {
        tags,
        summary:
          'Change an order not yet shipped: lines, quantities, shipping (one transaction; audited; the company is emailed)',
        params: OrderParams,
        body: OrderChangeBodySchema,
        response: { 200: AdminOrderSchema, ...errors },
      },
    },
    async (req) => saveChange(req.ctx, req.params.number, req.body),
  );
};
