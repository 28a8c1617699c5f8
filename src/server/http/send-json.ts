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

const HAS_NON_ASCII = /[\u007f-\uffff]/;
const NON_ASCII = /[\u007f-\uffff]/g;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON.stringify, with every character past ASCII written as a \u escape: the same JSON to any
 * parser, but a one-byte string, which Node measures and writes to the socket without encoding
 * it (a two-byte string costs about 14 % of a catalogue answer's throughput, `npm run bench`).
 * For answers built once and kept (the catalogue read model), and the short parts added per request.
 */
export function asciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!HAS_NON_ASCII.test(json)) return json;
  // V8 keeps a replaced string as wide as the one it came from: read it back as one-byte.
  return Buffer.from(json.replace(NON_ASCII, escapeChar), 'latin1').toString('latin1');
}
