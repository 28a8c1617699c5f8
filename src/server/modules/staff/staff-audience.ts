import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { type Permission, staffAudience } from '#shared/staff/staff-roles.ts';
import { staffNotifications } from './staff.table.ts';

/**
 * The staff told of something new about a company's orders (a quote request, decision 016): those
 * who chose new-order mail and whose role holds the permission, and of the roles that see only
 * their own companies (sales), only the company's rep — as mail_new_order_staff picks them.
 */
export async function staffUserIdsFor(
  db: Pick<Db, 'select'>,
  permission: Permission,
  companyId: string,
): Promise<{ id: string; email: string }[]> {
  const { roles, ownCompaniesOnly } = staffAudience(permission);
  const everyCompany = roles.filter((r) => !ownCompaniesOnly.includes(r));
  return db
    .select({ id: users.id, email: users.email })
    .from(staffNotifications)
    .innerJoin(users, eq(users.id, staffNotifications.userId))
    .where(
      and(
        eq(staffNotifications.newOrders, true),
        eq(users.role, 'staff'),
        isNull(users.disabledAt),
        or(
          everyCompany.length ? inArray(users.staffRole, everyCompany) : undefined,
          ownCompaniesOnly.length
            ? and(
                inArray(users.staffRole, ownCompaniesOnly),
                sql`exists (select 1 from companies c where c.id = ${companyId} and c.sales_rep_id = ${users.id})`,
              )
            : undefined,
        ),
      ),
    )
    .orderBy(users.email);
}
