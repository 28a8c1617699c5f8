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
