import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, ORDERING, writesFor } from '#server/plugins/request-context.ts';
import {
  AlertBodySchema,
  AlertListSchema,
  AlertParamsSchema,
  alertMessages,
} from '#shared/alerts/alerts.schemas.ts';
import { cartMessages } from '#shared/cart/cart.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { listAlerts, subscribe, unsubscribe } from './alerts.service.ts';

const tags = ['alerts'];
const errors = ERROR_RESPONSES;

/** The signed-in buyer's back-in-stock alerts ("Notify me"). */
export const alertsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  defaultAccess(app, 'signedIn', cartMessages.pleaseLogin);
  // A viewer of a company asks for no alerts (decision 015, step 3).
  writesFor(app, ORDERING);
  noStore(app);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My back-in-stock alerts, newest first',
        response: { 200: AlertListSchema, ...errors },
      },
    },
    async (req) => ({ alerts: await listAlerts(req.ctx, await catalogue.get()) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Notify me once when an out-of-stock option is back in stock',
        body: AlertBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await subscribe(req.ctx, req.body.variantId);
      return { message: alertMessages.subscribed };
    },
  );

  app.delete(
    '/:variantId',
    {
      schema: {
        tags,
        summary: 'Remove one of my alerts',
        params: AlertParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await unsubscribe(req.ctx, req.params.variantId);
      return { message: alertMessages.removed };
    },
  );
};
