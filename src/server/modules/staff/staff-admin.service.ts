import { and, asc, eq, ne } from 'drizzle-orm';
import { Conflict, NotFound } from '#server/errors.ts';
import { sessions, users } from '#server/modules/accounts/accounts.table.ts';
import type { ScryptCost } from '#server/modules/accounts/password.ts';
import type { RequestContext, StaffContext } from '#server/plugins/request-context.ts';
import { staffAdminMessages as sm } from '#shared/admin/admin.schemas.ts';
import { audit } from './audit.service.ts';
import { staffRecoveryCodes } from './staff.table.ts';
import { createStaff, oneTimePassword } from './staff-accounts.ts';

export async function listStaff({ db }: Pick<RequestContext, 'db'>) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      totpEnabledAt: users.totpEnabledAt,
      passwordChangeRequired: users.passwordChangeRequired,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(asc(users.name), asc(users.email));
  return rows.map(({ totpEnabledAt, createdAt, ...r }) => ({
    ...r,
    totpEnabled: Boolean(totpEnabledAt),
    createdAt: createdAt.toISOString(),
  }));
}

/** A staff account made from the console: the same as `staff:create`, its one-time password answered once. */
export async function addStaff(ctx: StaffContext, input: { name: string; email: string }, cost: ScryptCost) {
  const password = oneTimePassword();
  const created = await createStaff(ctx.db, { ...input, password, oneTimePassword: true }, cost, ctx.now);
  if (!created) throw new Conflict(sm.emailTaken);
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
  if (staffId === ctx.staffId) throw new Conflict(sm.notYourself);
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: ctx.now })
      .where(and(eq(users.id, staffId), eq(users.role, 'staff'), ne(users.id, ctx.staffId)))
      .returning({ id: users.id, email: users.email });
    if (!target) throw new NotFound(sm.staffNotFound);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staffId));
    await tx.delete(sessions).where(eq(sessions.userId, staffId));
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
