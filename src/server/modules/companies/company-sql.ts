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

/**
 * An order's purchaser as reports name it (the PACT report, the audit log, the console's orders),
 * as columns of a query joining `orders` to `users` on `orders.user_id`: the login who placed it,
 * or, for an order taken at the desk by staff (decision 016), its company and the company's first
 * owner (by joining) — whose name the order's ship-to carries.
 */
export const orderBusinessSql = (): SQL<string> =>
  sql<string>`coalesce((select c_b.business_name from companies c_b where c_b.id = "orders"."company_id"), ${businessNameOf()})`;
export const orderPhoneSql = (): SQL<string> =>
  sql<string>`case when "orders"."taken_at_desk" then (select c_p.phone from companies c_p where c_p.id = "orders"."company_id") else ${phoneOf()} end`;
export const orderEmailSql = (): SQL<string> =>
  sql<string>`case when "orders"."taken_at_desk" then coalesce((select u_e.email from company_members m_e join users u_e on u_e.id = m_e.user_id
    where m_e.company_id = "orders"."company_id" and m_e.role = 'owner' and m_e.removed_at is null
    order by m_e.joined_at, u_e.email limit 1), '') else "users"."email" end`;
/** The buyer's page an order links to: none for an order taken at the desk (its placer is staff). */
export const orderBuyerIdSql = (): SQL<string | null> =>
  sql<string | null>`case when "orders"."taken_at_desk" then null else "users"."id" end`;
