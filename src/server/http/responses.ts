import type { FastifyInstance } from 'fastify';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';

/** The `{ message }` answers every signed-in route can give, for the OpenAPI document. */
export const ERROR_RESPONSES = {
  400: MessageResponseSchema,
  401: MessageResponseSchema,
  403: MessageResponseSchema,
  404: MessageResponseSchema,
  409: MessageResponseSchema,
};

/** Personal answers (account, cart, orders) must never be stored by a browser or proxy. */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
