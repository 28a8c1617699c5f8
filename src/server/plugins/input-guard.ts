import type { FastifyInstance } from 'fastify';
import { Invalid } from '#server/errors.ts';
import { findInputProblem, jsonNestsDeeperThan, TOO_DEEP } from '#shared/input/input.ts';

/**
 * Every request's path parameters, query string and parsed body are checked against the shared
 * input rule before any route schema runs: text with a NUL character or a lone UTF-16 surrogate
 * (which PostgreSQL cannot store) is a 400 naming the field, whatever the route. Multipart
 * fields are streamed, so the upload routes apply the same rule to what they read.
 *
 * A JSON body nested deeper than MAX_INPUT_DEPTH is refused (400) before it is parsed: one pass
 * over its text, so a body of 100,000 brackets costs no more than any other body of its size, and
 * nothing after (the input rule, a schema, a log line) ever meets such a value.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Fastify's own parser, with this instance's guards against `__proto__` and `constructor.prototype`
  // keys (both refused by default), for everything shallow enough.
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestsDeeperThan(body as string)) return done(new Invalid(TOO_DEEP), undefined);
    parseJson(req, body as string, done);
  });

  // A callback hook, not an async one: it runs on every request.
  app.addHook('preValidation', (req, reply, done) => {
    const problem = findInputProblem(req.params) ?? findInputProblem(req.query) ?? findInputProblem(req.body);
    if (!problem) return done();
    reply.status(400).send({ message: problem.message, ...(problem.field ? { field: problem.field } : {}) });
  });
}
