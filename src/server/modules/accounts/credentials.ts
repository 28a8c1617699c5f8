/**
 * The accounts module's writes of sign-in credentials that the staff and companies modules ask
 * for: staff accounts, their authenticator key and its last used step, a session's second factor,
 * a company member's login (an accepted invitation), disabling a login and ending its sessions.
 * Accounts owns the users and sessions tables; the caller decides when.
 */
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions, users } from './accounts.table.ts';
import type { StaffRole } from '#shared/staff/staff-roles.ts';
import { hashPassword, type ScryptCost } from './password.ts';
import { deleteOtherSessions, forgetUserSessions } from './session.service.ts';

/** A staff member's role (decision 016): the staff module decides when, under its own locks. */
export async function setStaffRole(db: Db, staffId: string, role: StaffRole, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ staffRole: role, updatedAt: now })
    .where(and(eq(users.id, staffId), eq(users.role, 'staff')));
}

/**
 * A staff account (email verified, profile complete), or null when the email is taken (checked
 * first, and by the unique index when two requests race).
 */
export async function insertStaffUser(
  db: Db,
  input: { email: string; name: string; password: string; oneTimePassword?: boolean; role?: StaffRole },
  cost: ScryptCost,
  now: Date,
): Promise<{ id: string } | null> {
  const email = input.email.trim();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (existing) return null;
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password, cost),
      role: 'staff',
      // The first staff member (staff:create, the demo login) runs the store.
      staffRole: input.role ?? 'admin',
      businessName: 'Staff',
      name: input.name.trim(),
      phone: '',
      emailVerifiedAt: now,
      isCompleted: true,
      // A password handed over (printed by staff:create) is replaced at first sign-in.
      passwordChangeRequired: input.oneTimePassword ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return user ?? null;
}

/** A new (sealed) authenticator key, not confirmed yet; no code of it has been used. */
export async function setTotpKey(db: Db, userId: string, sealed: string): Promise<void> {
  await db.update(users).set({ totpSecret: sealed, totpLastStep: null }).where(eq(users.id, userId));
}

export async function enableTotp(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ totpEnabledAt: now }).where(eq(users.id, userId));
}

/**
 * Moves the member's last accepted code step forward, in one conditional update: false when
 * that step (or a later one) was already used, so a code works once across every session.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Clears another staff member's authenticator (never one's own); null when there is no such member. */
export async function clearTotp(
  tx: Db,
  staffId: string,
  byStaffId: string,
  now: Date,
): Promise<{ id: string; email: string } | null> {
  const [target] = await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(and(eq(users.id, staffId), eq(users.role, 'staff'), ne(users.id, byStaffId)))
    .returning({ id: users.id, email: users.email });
  return target ?? null;
}

/** This session gave its second factor. */
export async function markSecondFactor(tx: Db, sessionId: number, now: Date): Promise<void> {
  await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user. */
export async function endSessions(tx: Db, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The login of a member who accepted an invitation (decision 015, step 3): a buyer whose email
 * counts as verified (the invitation reached it), in the caller's transaction, which also makes
 * the membership (else the transition trigger of 0029 would give the login a company of its own at
 * commit). The business columns are the copy of the company the release before reads. Null when
 * the email is taken (checked first, and by the unique index when two requests race).
 */
export async function insertMemberUser(
  tx: Db,
  input: {
    email: string;
    name: string;
    passwordHash: string;
    company: { businessName: string; phone: string; isCompleted: boolean };
  },
  now: Date,
): Promise<{ id: string } | null> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.trim().toLowerCase()}`);
  if (existing) return null;
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email.trim(),
      passwordHash: input.passwordHash,
      role: 'buyer',
      businessName: input.company.businessName,
      name: input.name,
      phone: input.company.phone,
      isCompleted: input.company.isCompleted,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return user ?? null;
}

/** Whether a login with this email exists (any role, disabled or not; emails are one per login). */
export async function emailHasLogin(db: Pick<Db, 'select'>, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

/**
 * A removed member's login: disabled (sign-in refused as a wrong password is) and every session of
 * it ended at once, in the caller's transaction; this instance forgets what it remembered of them.
 * Other instances look each request's session up (find_session), and place_order checks a session
 * it takes from memory, so the next request anywhere is a 401.
 */
export async function disableLogin(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, userId));
  await deleteOtherSessions(tx, userId);
}

/**
 * Ends every session of these logins at once (a company staff disabled: its members), in the
 * caller's transaction; this instance forgets what it remembered of them. Other instances look each
 * request's session up (find_session, which also refuses a disabled company), and place_order
 * checks a session it takes from memory, so each one's next request anywhere is a 401.
 */
export async function endSessionsOf(tx: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  for (const id of userIds) forgetUserSessions(id);
  await tx.delete(sessions).where(inArray(sessions.userId, [...userIds]));
}
