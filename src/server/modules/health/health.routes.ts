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
        // A database that does not answer within 3 s is not ready either (a network cut hangs).
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the database did not answer within 3 s')), 3_000);
        });
        await Promise.race([database.ping(), late]).finally(() => clearTimeout(timer));
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
