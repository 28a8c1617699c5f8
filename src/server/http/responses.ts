import type { FastifyInstance, FastifyReply } from 'fastify';
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

/** A CSV file sent as the request body (text/csv), as the console's imports send it: up to 25 MB. */
export const CSV_BODY_LIMIT = 25 * 1024 * 1024;
export function acceptCsvBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
}

/** A CSV file to download: its type, its name, and the text (exports and reports). */
export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}
