import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendVersioned } from '#server/http/send-json.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { storeMessages } from '#shared/store/store.messages.ts';
import { MessageResponseSchema, NewsletterBodySchema, StoreInfoSchema } from '#shared/store/store.schemas.ts';
import { subscribeToNewsletter } from './store.service.ts';

export const storeRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { settings }) => {
  app.get(
    '/store',
    {
      schema: {
        tags: ['store'],
        summary: 'Store name, contact details and social links',
        response: { 200: StoreInfoSchema },
      },
    },
    async (req, reply) => {
      // The delivery fee and the order cap are prices: fresh on every load, like the catalogue.
      const { info, version } = await settings.versioned();
      return sendVersioned(req, reply, version, () => JSON.stringify(StoreInfoSchema.parse(info)));
    },
  );

  app.post(
    '/newsletter',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'Join the mailing list (joining twice is fine)',
        body: NewsletterBodySchema,
        response: { 200: MessageResponseSchema, 400: MessageResponseSchema, 429: MessageResponseSchema },
      },
    },
    async (req) => {
      await subscribeToNewsletter(req.ctx, req.body);
      return { message: storeMessages.subscribed };
    },
  );
};
