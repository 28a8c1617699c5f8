import { DAY_MS } from '#shared/dates.ts';

/**
 * A member's role in their company (decision 015, step 3), and what each may do:
 * - owner: everything, members, locations and limits included;
 * - buyer: orders and uploads documents, sees everything else;
 * - viewer: sees the catalogue at the company's prices, the company's orders, invoices and
 *   tracking; orders nothing and changes nothing.
 */
export const COMPANY_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** The roles that order: carts, checkout, quick order, buy again, saved lists, stock alerts, uploads. */
export const ORDERING_ROLES = ['owner', 'buyer'] as const satisfies readonly CompanyRole[];
/** The roles that manage the company: its details, members, invitations, locations. */
export const MANAGING_ROLES = ['owner'] as const satisfies readonly CompanyRole[];

export const isCompanyRole = (role: string): role is CompanyRole =>
  (COMPANY_ROLES as readonly string[]).includes(role);
export const mayOrder = (role: string): boolean => (ORDERING_ROLES as readonly string[]).includes(role);
export const canManage = (role: string): boolean => (MANAGING_ROLES as readonly string[]).includes(role);
/** Only a buyer has an order limit (owners have none; viewers do not order). */
export const mayHaveLimit = (role: string): boolean => role === 'buyer';

/**
 * Whether a change of one member would leave the company without an owner: an owner demoted
 * (`next` another role) or removed (`next` null) while no other active owner is left.
 */
export function leavesNoOwner(current: string, next: string | null, otherOwners: number): boolean {
  return current === 'owner' && next !== 'owner' && otherOwners < 1;
}

/** An invitation link works this long after it was sent (or sent again). */
export const INVITATION_DAYS = 7;
export const INVITATION_LIFETIME_MS = INVITATION_DAYS * DAY_MS;
/** At most this many invitation mails (new or sent again) per company per window. */
export const INVITATION_SEND_LIMIT = { max: 20, windowMs: 3_600_000 } as const;
/** The same invitation is sent again at most once per this long. */
export const INVITATION_RESEND_GAP_MS = 60_000;
/** The highest order limit an owner can set: $10,000,000.00. */
export const MAX_ORDER_LIMIT_CENTS = 1_000_000_000;

export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'withdrawn';

/** Where an invitation stands at `now`: accepted and withdrawn are final, else it expires. */
export function invitationStatus(
  inv: { acceptedAt: Date | null; withdrawnAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (inv.acceptedAt) return 'accepted';
  if (inv.withdrawnAt) return 'withdrawn';
  return inv.expiresAt.getTime() > now.getTime() ? 'pending' : 'expired';
}
