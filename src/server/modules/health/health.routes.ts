import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';

const StatusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: StatusSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers, and this instance hears its notifications',
        response: { 200: StatusSchema, 503: StatusSchema },
      },
    },
    async (req, reply) => {
      try {
        await database.ping();
        // Without its listening connection this instance would serve changes it never heard of.
        if (!database.listening()) throw new Error('not listening for notifications');
        return { status: 'ok' as const };
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
