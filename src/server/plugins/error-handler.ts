import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseRefusalStatus, isDatabaseUnavailable } from '#server/db/errors.ts';
import { DomainError, Unavailable } from '#server/errors.ts';
import { messages } from '#shared/messages.ts';

/** One place that turns every failure into `{ message }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    let error: FastifyError | DomainError = thrown;
    // The database out of reach (restarting, connections refused or cut): a 503, try again soon.
    // (A domain error already says what it is: a bucket's refused connection is not the database's.)
    if (!(error instanceof DomainError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      error = new Unavailable(messages.databaseUnavailable);
    }
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
