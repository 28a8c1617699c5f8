import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseRefusalStatus, isDatabaseUnavailable } from '#server/db/errors.ts';
import { DomainError, Unavailable } from '#server/errors.ts';
import { messages } from '#shared/messages.ts';

/** Seconds a client is asked to wait when the database is out of reach: it is usually back within that. */
const DATABASE_RETRY_AFTER_S = 5;

/** One place that turns every failure into `{ message }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      // Every 503 says when to come back (load shed, a part of the store down, hashing busy).
      if (error.statusCode === 503)
        reply.header('retry-after', String(error instanceof Unavailable ? error.retryAfterSeconds : 1));
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.field ? { field: error.field } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const text = first?.message ?? messages.invalidParameters;
      return reply.status(400).send({ message: text, ...(field ? { field } : {}) });
    }
    // The database out of reach (restarting, connections refused or cut): nothing was done, try soon.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ message: messages.databaseUnavailable });
    }
    const refused = databaseRefusalStatus(error);
    if (refused) {
      request.log.warn({ err: error }, 'database refused the request');
      return reply
        .status(refused)
        .send({ message: refused === 400 ? messages.invalidParameters : messages.conflict });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 429 ? messages.tooManyRequests : status === 413 ? 'Request is too large' : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: messages.somethingWentWrong });
  });
}
