import { and, asc, eq, sql } from 'drizzle-orm';
import { Conflict, DomainError, NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { clearTotp, endSessions, setStaffRole } from '#server/modules/accounts/credentials.ts';
import type { ScryptCost } from '#server/modules/accounts/password.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import { adminMessages, staffAdminMessages } from '#shared/staff/staff.messages.ts';
import type { StaffRole } from '#shared/staff/staff-roles.ts';
import { audit } from './audit.service.ts';
import { staffRecoveryCodes } from './staff.table.ts';
import { createStaff, oneTimePassword } from './staff-accounts.ts';

export async function listStaff({ db }: WithDb) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      totpEnabledAt: users.totpEnabledAt,
      passwordChangeRequired: users.passwordChangeRequired,
      role: users.staffRole,
      // Written out, the outer table named in full: drizzle prints a one-table select's columns bare.
      companies: sql<number>`(select count(*)::int from companies c_r where c_r.sales_rep_id = "users"."id")`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(asc(users.name), asc(users.email));
  return rows.map(({ totpEnabledAt, createdAt, role, ...r }) => ({
    ...r,
    role: role ?? 'admin',
    totpEnabled: Boolean(totpEnabledAt),
    createdAt: createdAt.toISOString(),
  }));
}

/** A staff account made from the console: the same as `staff:create`, its one-time password answered once. */
export async function addStaff(
  ctx: StaffContext,
  input: { name: string; email: string; role: StaffRole },
  cost: ScryptCost,
) {
  const password = oneTimePassword();
  const created = await createStaff(ctx.db, { ...input, password, oneTimePassword: true }, cost, ctx.now);
  if (!created) throw new Conflict(staffAdminMessages.emailTaken, 'email');
  await audit(
    ctx.db,
    { actorId: ctx.staffId, action: 'staff.created', entity: 'user', entityId: created.id, after: input },
    ctx.now,
  );
  return { id: created.id, password };
}

/**
 * A lost phone: another staff member clears the authenticator key and recovery codes and ends the
 * member's sessions; at their next sign-in (password) they set up their app again. Not for
 * oneself: a stolen session must not be able to move the second factor to a new phone.
 */
export async function resetStaffTotp(ctx: StaffContext, staffId: string): Promise<void> {
  if (staffId === ctx.staffId) throw new Conflict(staffAdminMessages.notYourself);
  await ctx.db.transaction(async (tx) => {
    const target = await clearTotp(tx, staffId, ctx.staffId, ctx.now);
    if (!target) throw new NotFound(staffAdminMessages.staffNotFound);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staffId));
    await endSessions(tx, staffId);
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'staff.totp_reset',
        entity: 'user',
        entityId: staffId,
        before: { email: target.email },
      },
      ctx.now,
    );
  });
}

/**
 * Gives a staff member another role (decision 016), from their next request on; only an admin does.
 * The store keeps an admin: the admins' rows are locked first (in id order), so two admins making
 * each other sales at once cannot both succeed, and an admin demoted while their own request waited
 * is refused: the second is told.
 */
export async function changeStaffRole(ctx: StaffContext, staffId: string, role: StaffRole): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'staff'), eq(users.staffRole, 'admin')))
      .orderBy(asc(users.id))
      .for('no key update');
    // The guard read the actor's role before these locks: one demoted meanwhile is told.
    if (!admins.some((a) => a.id === ctx.staffId)) throw new DomainError(403, adminMessages.roleRefused);
    const [target] = await tx
      .select({ role: users.staffRole, email: users.email })
      .from(users)
      .where(and(eq(users.id, staffId), eq(users.role, 'staff')))
      .for('update');
    if (!target) throw new NotFound(staffAdminMessages.staffNotFound);
    if (target.role === role) return;
    const othersAdmin = admins.some((a) => a.id !== staffId);
    if (target.role === 'admin' && !othersAdmin) throw new Conflict(staffAdminMessages.lastAdmin);
    await setStaffRole(tx, staffId, role, ctx.now);
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'staff.role_changed',
        entity: 'user',
        entityId: staffId,
        before: { email: target.email, role: target.role },
        after: { role },
      },
      ctx.now,
    );
  });
}
