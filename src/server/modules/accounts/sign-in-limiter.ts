import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError } from '#server/errors.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { signInFailures, type UserRow } from './accounts.table.ts';
import { verifyPassword } from './password.ts';

/**
 * Brute-force limit: at most 10 failed sign-ins in 15 minutes per client address and per
 * account. The counts live in the database, so the limit holds across server instances.
 */
export const SIGN_IN_LIMIT = { failures: 10, windowMs: 15 * 60_000 };

const keysFor = (ip: string, email: string) => [`ip:${ip}`, `email:${email.trim().toLowerCase()}`];

/** Whether any of the keys (an address, an account, a staff member's codes) reached the limit. */
export async function isBlocked(db: Db, keys: string[], now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - SIGN_IN_LIMIT.windowMs);
  const rows = await db
    .select({ key: signInFailures.key, n: count() })
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, keys), gt(signInFailures.failedAt, since)))
    .groupBy(signInFailures.key);
  return rows.some((r) => r.n >= SIGN_IN_LIMIT.failures);
}

export const isSignInBlocked = (db: Db, ip: string, email: string, now: Date) =>
  isBlocked(db, keysFor(ip, email), now);

export const recordSignInFailure = (db: Db, ip: string, email: string, now: Date) =>
  recordFailure(db, keysFor(ip, email), now);

export async function recordFailure(db: Db, keys: string[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - SIGN_IN_LIMIT.windowMs);
  await db.insert(signInFailures).values(keys.map((key) => ({ key, failedAt: now })));
  // Old failures no longer count; forget them so the table stays small.
  await db
    .delete(signInFailures)
    .where(and(inArray(signInFailures.key, keys), lt(signInFailures.failedAt, since)));
}

/** A successful sign-in clears the account's count (not the address's: one good password must not unlock guessing). */
export const clearAccountFailures = (db: Db, email: string) =>
  clearFailures(db, `email:${email.trim().toLowerCase()}`);

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}

/**
 * A signed-in user re-entering their password (Change Password, a new email): wrong answers count
 * per account like sign-in failures, so a stolen session cannot make the server hash guesses
 * without end; the 11th in 15 minutes is refused before any hashing.
 */
export async function reauthenticate(
  db: Db,
  user: UserRow,
  password: string,
  now: Date,
  field: string,
): Promise<void> {
  const key = `reauth:${user.id}`;
  if (await isBlocked(db, [key], now)) throw new DomainError(429, accountMessages.tooManyReauthAttempts);
  if (await verifyPassword(password, user.passwordHash)) return;
  await recordFailure(db, [key], now);
  throw new DomainError(400, accountMessages.reauthFailed, field);
}
