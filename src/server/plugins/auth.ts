import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { DomainError } from '#server/errors.ts';
import type { CookieSettings } from '#server/http/cookie-settings.ts';
import { type ActiveSession, findSession } from '#server/modules/accounts/session.service.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';

export class Unauthorized extends DomainError {
  constructor() {
    super(401, accountMessages.notSignedIn);
  }
}

const loaded = new WeakMap<FastifyRequest, Promise<ActiveSession | null>>();

/**
 * The request's session, looked up once per request and only by the routes that ask: catalogue
 * reads never touch the sessions table.
 */
export function getSession(
  req: FastifyRequest,
  db: Db,
  cookie: CookieSettings,
  now: Date,
): Promise<ActiveSession | null> {
  let p = loaded.get(req);
  if (!p) {
    const token = req.cookies[cookie.name];
    p = token ? findSession(db, token, now) : Promise.resolve(null);
    loaded.set(req, p);
  }
  return p;
}

export function setSessionCookie(
  reply: FastifyReply,
  cookie: CookieSettings,
  token: string,
  expiresAt: Date | null,
) {
  reply.setCookie(cookie.name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    // Without "Remember me" the cookie has no expiry: it ends with the browser.
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, cookie: CookieSettings) {
  reply.clearCookie(cookie.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
}
