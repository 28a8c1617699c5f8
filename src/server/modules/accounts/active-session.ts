import type { CompanyMemberRow, CompanyRow } from '#server/modules/companies/companies.table.ts';
import type { SessionRow, UserRow } from './accounts.table.ts';

/** A signed-in session and its user, as the request's guard found them (session.service.ts). */
export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
  /** The user's place in their company, and the company (decision 015); null for staff. */
  member: CompanyMemberRow | null;
  company: CompanyRow | null;
  /** Taken from memory on trust, to be checked by the route's own statement (see rememberedSession). */
  remembered?: true;
  /**
   * A staff session viewing the storefront as this member (decision 016, part 5): `user`, `member`
   * and `company` are the member's, `session` the staff member's; every write is refused.
   */
  viewing?: {
    staffId: string;
    staffName: string;
    companyId: string;
    businessName: string;
    endsAt: Date;
  };
}
