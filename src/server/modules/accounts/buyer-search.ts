import { ilike, or } from 'drizzle-orm';
import { users } from './accounts.table.ts';
import { businessNameOf } from '#server/modules/companies/company-sql.ts';

/** `%` and `_` typed by staff are characters, not wildcards. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A buyer whose business name, name or email contains `text` (any case). */
export function buyerMatches(text: string) {
  const like = `%${escapeLike(text)}%`;
  return or(ilike(businessNameOf(), like), ilike(users.name, like), ilike(users.email, like))!;
}
