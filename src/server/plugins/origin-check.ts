import type { FastifyInstance } from 'fastify';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a state-changing request must come from our own pages, whatever its path. (The
 * router decodes and normalises paths, so `/%61pi/v1/cart` reaches the `/api/v1/cart` route: a
 * check on the raw URL's prefix can be walked around; one on the method cannot.) Browsers send Origin
 * on every POST/PUT/PATCH/DELETE; it must be this server's origin (or PUBLIC_URL's). A request
 * with no Origin at all (curl, server-to-server) is let through only when it carries no session
 * cookie, so it cannot act as a signed-in buyer. GET never changes state in this API.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  opts: { publicOrigin?: string; cookieName: string },
): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE.has(req.method)) return done();
    const origin = req.headers.origin;
    const own = `${req.protocol}://${req.host}`;
    const allowed = origin === own || (opts.publicOrigin !== undefined && origin === opts.publicOrigin);
    const site = req.headers['sec-fetch-site'];
    const hasSession = Boolean(req.headers.cookie?.includes(`${opts.cookieName}=`));
    if (origin ? allowed : site ? site === 'same-origin' : !hasSession) return done();
    reply.status(403).send({ message: accountMessages.crossOrigin });
  });
}
