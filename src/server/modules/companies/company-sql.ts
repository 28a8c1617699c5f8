import { type SQL, sql } from 'drizzle-orm';

/**
 * The business a login acts for, as a column of another module's query on `users` (staff lists,
 * the audit log, reminders): their company's, or the user row's own for a login without one
 * (staff). A correlated lookup on two primary keys. Written out in full, table-qualified: drizzle
 * leaves columns of a one-table select unqualified, which a subquery would bind to its own tables.
 */
function ofCompany(column: 'business_name' | 'phone'): SQL<string> {
  return sql<string>`coalesce((select c_x.${sql.raw(column)} from company_members m_x join companies c_x on c_x.id = m_x.company_id where m_x.user_id = "users"."id"), "users".${sql.raw(column)})`;
}

export const businessNameOf = () => ofCompany('business_name');
export const phoneOf = () => ofCompany('phone');

/**
 * The company a login is an active member of, as a scalar subquery another statement carries (one
 * primary-key probe; null for staff or a removed member). `userId` is a value, a placeholder or,
 * for a correlated use in a query on `users`, `USERS_ID`.
 */
export const memberCompanySql = (userId: unknown): SQL<string | null> =>
  sql`(select m_c.company_id from company_members m_c where m_c.user_id = ${userId} and m_c.removed_at is null)`;
export const USERS_ID = sql.raw('"users"."id"');

/**
 * Whether a row's company is one of a sales rep's (decision 016): the condition a staff read adds
 * for a role that sees its own companies only. The column stays outside the subquery, so it binds
 * to the caller's table even where drizzle leaves it unqualified.
 */
export const ofRepCompanies = (companyId: unknown, staffId: string): SQL<boolean> =>
  sql<boolean>`${companyId} in (select r_x.id from companies r_x where r_x.sales_rep_id = ${staffId})`;
