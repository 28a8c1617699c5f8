import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isDatabaseUnavailable } from '#server/db/errors.ts';
import { preparedFor } from '#server/db/prepared.ts';
import type { WithDb } from '#server/http/request-context.ts';
import type { ActiveSession } from './active-session.ts';
import { companies, companyMembers } from '#server/modules/companies/companies.table.ts';
import { sessions, users } from './accounts.table.ts';
import { viewedSession } from './view-as-session.ts';

/**
 * Sessions: a random 256-bit token in the cookie, its SHA-256 in the database (a stolen
 * database dump cannot be replayed). Two lifetimes, each with an idle and an absolute limit:
 * "Remember me" keeps a buyer signed in for 30 days; without it the cookie ends with the
 * browser and the server forgets the session after 2 idle hours or 12 hours in all.
 */
export const SESSION_POLICY = {
  remembered: { idleMs: 30 * 86_400_000, absoluteMs: 30 * 86_400_000 },
  browser: { idleMs: 2 * 3_600_000, absoluteMs: 12 * 3_600_000 },
} as const;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

// One-shot `hash` (Node ≥ 20.12): a third of createHash's cost, on every grouped buyer's catalogue read.
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export async function createSession(
  db: Db,
  userId: string,
  remember: boolean,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const policy = remember ? SESSION_POLICY.remembered : SESSION_POLICY.browser;
  const expiresAt = new Date(now.getTime() + policy.absoluteMs);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, remember, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

export type { ActiveSession } from './active-session.ts';

const sessionQuery = preparedFor((db) =>
  db
    .select({ session: sessions, user: users, member: companyMembers, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // The member's company in the same statement (two key lookups): a disabled company signs its members out.
    .leftJoin(companyMembers, and(eq(companyMembers.userId, users.id), isNull(companyMembers.removedAt)))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.disabledAt),
        isNull(companies.disabledAt),
        // A buyer is signed in only as an active member of a company (a removed member is not).
        or(eq(users.role, 'staff'), isNotNull(companyMembers.userId)),
      ),
    )
    .prepare('find_session'),
);

/** The session behind a cookie token, if it is still valid; touches last_seen_at now and then. */
export async function findSession(db: Db, token: string, now: Date): Promise<ActiveSession | null> {
  if (!token || token.length > 100) return null;
  const [row] = await sessionQuery(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  if (!row) return null;
  const policy = row.session.remember ? SESSION_POLICY.remembered : SESSION_POLICY.browser;
  const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
  if (idleFor > policy.idleMs) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    row.session.lastSeenAt = now;
  }
  remember(row, now);
  return row;
}

/**
 * Sessions this instance found valid lately, by token hash: a route whose own statement checks
 * the session again (placing an order: place_order) starts from here instead of a query. Never
 * for a route that acts on its own: those look the session up (`ctx.session()`).
 */
export const SESSION_MEMO = { ttlMs: 10 * 60_000, max: 50_000 } as const;
const seen = new Map<string, { active: ActiveSession; until: number }>();

function remember(active: ActiveSession, now: Date) {
  if (seen.size >= SESSION_MEMO.max) seen.clear();
  seen.set(active.session.tokenHash, { active, until: now.getTime() + SESSION_MEMO.ttlMs });
}

/** The session behind a cookie as this instance last found it valid, or undefined (look it up). */
export function rememberedSession(token: string | undefined, now: Date): ActiveSession | undefined {
  if (!token || token.length > 100) return undefined;
  const known = seen.get(hashToken(token));
  return known && known.until > now.getTime() ? { ...known.active, remembered: true } : undefined;
}

/** Forgets a remembered session (its statement found it no longer valid). */
export function forgetSession(tokenHash: string): void {
  seen.delete(tokenHash);
}

/**
 * What a statement checks of a session taken from memory (place_order's p_session): it still
 * exists for this user, is neither expired nor idle (the policy's limit from `now`), and the user
 * is not disabled, has a verified email and still has this email and name; last_seen_at is moved
 * on when it is older than `touchBefore`.
 */
export function sessionCheck({ session, user }: ActiveSession, now: Date) {
  const policy = session.remember ? SESSION_POLICY.remembered : SESSION_POLICY.browser;
  return {
    hash: session.tokenHash,
    idleAfter: new Date(now.getTime() - policy.idleMs).toISOString(),
    touchBefore: new Date(now.getTime() - TOUCH_EVERY_MS).toISOString(),
    email: user.email,
    name: user.name,
  };
}
export type SessionCheck = ReturnType<typeof sessionCheck>;

export async function deleteSession({ db }: WithDb, token: string): Promise<void> {
  viewers.delete(hashToken(token));
  seen.delete(hashToken(token));
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** How long a public read trusts what it learnt of a session cookie, and how many it remembers. */
export const VIEWER_MEMO = { ttlMs: 10_000, max: 50_000 } as const;
/** A token's viewer: the user id prices are for and until when; a staff view's own id and end. */
interface Viewer {
  userId: string;
  until: number;
  ownId?: string;
  viewEndsAt?: number;
}
const viewers = new Map<string, Viewer>();

/**
 * Who is looking, for the public catalogue reads that show a signed-in buyer their own prices:
 * the session behind a cookie, remembered for a few seconds so that a buyer's browsing costs no
 * query per page. Only for reads that show prices: a route that acts for the buyer always checks
 * the session itself (`ctx.session()`). A sign-out here forgets the token at once; a session ended
 * on another instance is trusted for at most VIEWER_MEMO.ttlMs more, for prices alone.
 */
export async function findViewer(db: Db, token: string | undefined, now: Date): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const key = hashToken(token);
  const known = remembered(key, now);
  if (known !== undefined) return known;
  let s: Awaited<ReturnType<typeof findSession>>;
  try {
    s = await findSession(db, token, now);
  } catch (err) {
    // The database out of reach: the catalogue goes on answering from memory, with this buyer's
    // prices as last known (a visitor's if none) — prices only, never access.
    if (isDatabaseUnavailable(err)) return lastKnown(viewers.get(key), now);
    throw err;
  }
  if (!s) {
    viewers.delete(key);
    return null;
  }
  // Staff viewing the store as a member see the member's prices (decision 016, part 5).
  const viewed = await viewedSession(db, s, now);
  const userId = viewed?.user.id ?? s.user.id;
  if (viewers.size >= VIEWER_MEMO.max) viewers.clear();
  viewers.set(key, {
    userId,
    until: now.getTime() + VIEWER_MEMO.ttlMs,
    ...(viewed?.viewing ? { ownId: s.user.id, viewEndsAt: viewed.viewing.endsAt.getTime() } : {}),
  });
  return userId;
}

/** A viewer as last known, for an outage: a view as a member that has ended since is not kept up. */
function lastKnown(viewer: Viewer | undefined, now: Date): string | null {
  if (!viewer) return null;
  return viewer.viewEndsAt !== undefined && viewer.viewEndsAt <= now.getTime()
    ? viewer.ownId!
    : viewer.userId;
}

/** Forgets what this instance remembers of a token as a viewer: a view as a buyer started or ended. */
export function forgetViewer(tokenHash: string): void {
  viewers.delete(tokenHash);
}

/**
 * findViewer's answer when it needs no query: null for no cookie (or not one of ours), the user id
 * it remembers for this token, undefined when the session must be looked up.
 */
export function knownViewer(token: string | undefined, now: Date): string | null | undefined {
  if (!token || token.length > 100) return null;
  return remembered(hashToken(token), now);
}

function remembered(key: string, now: Date): string | undefined {
  const viewer = viewers.get(key);
  return viewer && viewer.until > now.getTime() ? viewer.userId : undefined;
}

/** Ends every session of a user but (optionally) the one in use: after a password change or reset. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId?: number): Promise<void> {
  forgetUserSessions(userId);
  await db
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    );
}

/**
 * Forgets what this instance remembers of a user's sessions: they were ended, or what the memory
 * holds of them changed (their role in their company). The next request looks the session up.
 */
export function forgetUserSessions(userId: string): void {
  for (const [key, viewer] of viewers) if (viewer.userId === userId) viewers.delete(key);
  for (const [key, known] of seen) if (known.active.user.id === userId) seen.delete(key);
}
