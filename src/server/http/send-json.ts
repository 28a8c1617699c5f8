import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers that carry prices or stock (the catalogue, the store's fees) are fresh on every load:
 * `no-cache` (a browser or proxy may keep a copy but must ask again each time) with a weak ETag
 * from the version of the data they were built from. An unchanged version answers 304 before
 * anything is built, so revalidating costs next to nothing; a price change is seen at once.
 */
export function sendVersioned(
  req: FastifyRequest,
  reply: FastifyReply,
  version: string,
  build: () => string,
  /** `private`: an answer for the signed-in buyer alone (their group prices), never in a shared cache. */
  audience: 'public' | 'private' = 'public',
): FastifyReply {
  const etag = `W/"${version}"`;
  reply
    .header('cache-control', audience === 'private' ? 'private, no-cache' : 'no-cache')
    .header('etag', etag);
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();
  return sendJsonText(reply, build());
}

/** If-None-Match holds one or more tags (or `*`); weak comparison, as RFC 9110 asks for GET. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Sends JSON text that a service has already assembled, skipping the serializer. */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
