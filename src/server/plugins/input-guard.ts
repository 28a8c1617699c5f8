import type { FastifyInstance } from 'fastify';
import { findInputProblem } from '#shared/input/input.ts';

/**
 * Every request's path parameters, query string and parsed body are checked against the shared
 * input rule before any route schema runs: text with a NUL character or a lone UTF-16 surrogate
 * (which PostgreSQL cannot store) is a 400 naming the field, whatever the route. Multipart
 * fields are streamed, so the upload routes apply the same rule to what they read.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request.
  app.addHook('preValidation', (req, reply, done) => {
    const problem = findInputProblem(req.params) ?? findInputProblem(req.query) ?? findInputProblem(req.body);
    if (!problem) return done();
    reply.status(400).send({ message: problem.message, ...(problem.field ? { field: problem.field } : {}) });
  });
}
