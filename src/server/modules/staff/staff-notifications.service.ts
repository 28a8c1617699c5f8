import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import type { StaffNotifications } from '#shared/staff/notifications.schemas.ts';
import { rolesHolding } from '#shared/staff/staff-roles.ts';
import { audit } from './audit.service.ts';
import { staffNotifications } from './staff.table.ts';

const OFF: StaffNotifications = { newOrders: false, newUploads: false };

/** The mail this staff member chose (none until they choose). */
export async function myNotifications({
  db,
  staffId,
}: WithDb & { staffId: string }): Promise<StaffNotifications> {
  const [row] = await db
    .select({ newOrders: staffNotifications.newOrders, newUploads: staffNotifications.newUploads })
    .from(staffNotifications)
    .where(eq(staffNotifications.userId, staffId));
  return row ?? OFF;
}

/** Sets this staff member's choice, audited like every staff change. */
export async function setMyNotifications(
  ctx: StaffContext,
  input: StaffNotifications,
): Promise<StaffNotifications> {
  return ctx.db.transaction(async (tx) => {
    const before = await myNotifications({ db: tx, staffId: ctx.staffId });
    await tx
      .insert(staffNotifications)
      .values({ userId: ctx.staffId, ...input, updatedAt: ctx.now })
      .onConflictDoUpdate({ target: staffNotifications.userId, set: { ...input, updatedAt: ctx.now } });
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'staff.notifications',
        entity: 'user',
        entityId: ctx.staffId,
        before,
        after: input,
      },
      ctx.now,
    );
    return input;
  });
}

/** The email addresses of the staff (not disabled, their role verifying documents) who chose new-upload mail. */
export async function staffWantingUploads(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(staffNotifications)
    .innerJoin(users, eq(users.id, staffNotifications.userId))
    .where(
      and(
        eq(staffNotifications.newUploads, true),
        eq(users.role, 'staff'),
        isNull(users.disabledAt),
        // Only a role that verifies documents is told of one (decision 016).
        inArray(users.staffRole, rolesHolding('documents')),
      ),
    )
    .orderBy(users.email);
  return rows.map((r) => r.email);
}
