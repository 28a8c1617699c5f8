import type { FastifyRequest } from 'fastify';
import { adminMessages as am } from '#shared/admin/admin.schemas.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { type CookieSettings, requireSession } from '../../plugins/auth.ts';
import type { ActiveSession } from '../accounts/session.service.ts';

/** Signed in as staff, second factor not given yet: the set-up and code routes only. */
export async function requireStaffPassword(
  req: FastifyRequest,
  db: Db,
  cookie: CookieSettings,
  now: Date,
): Promise<ActiveSession> {
  const s = await requireSession(req, db, cookie, now); // anonymous: 401
  if (s.user.role !== 'staff') throw new DomainError(403, am.staffOnly);
  return s;
}

/**
 * Every /api/v1/admin route but the second-factor ones: anonymous 401, a buyer 403, staff whose
 * session has not given its second factor 401 (a stolen password alone opens nothing).
 */
export async function requireStaff(
  req: FastifyRequest,
  db: Db,
  cookie: CookieSettings,
  now: Date,
): Promise<ActiveSession> {
  const s = await requireStaffPassword(req, db, cookie, now);
  if (!s.session.secondFactorAt) throw new DomainError(401, am.secondFactorRequired);
  requireOwnPassword(s);
  return s;
}

/** Staff still on a one-time password (staff:create) may only choose a new one (/auth/change-password). */
export function requireOwnPassword(s: ActiveSession): void {
  if (s.user.passwordChangeRequired) throw new DomainError(403, am.passwordChangeFirst);
}

/**
 * The hook a staff route scope starts with: staff whose session gave its second factor, checked
 * before the body is even read, so an anonymous or buyer request learns nothing from validation
 * messages. Handlers that need the staff member call requireStaff again: the session is looked up
 * once per request.
 */
export function staffOnly(db: Db, cookie: CookieSettings, clock: () => Date) {
  return async (req: FastifyRequest) => {
    await requireStaff(req, db, cookie, clock());
  };
}
