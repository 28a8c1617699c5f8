import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text that a service has already assembled (the catalogue's pre-serialised answers),
 * skipping the serializer. A short public cache lifetime by default lets browsers and CDNs absorb
 * repeat views without hiding changes for long.
 */
export function sendJsonText(reply: FastifyReply, json: string, cacheControl = 'public, max-age=30') {
  return reply
    .header('cache-control', cacheControl)
    .type('application/json; charset=utf-8')
    .send(json as never);
}
