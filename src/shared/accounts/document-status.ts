/** How staff mail names each document. */
export const DOCUMENT_LABELS = { sales_id: 'Sales ID', tobacco_license: 'tobacco licence' } as const;

/** A calendar day as YYYY-MM-DD (UTC), the form document expiry dates are stored in. */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export const dayPlus = (day: string, days: number): string =>
  isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * 86_400_000));

export type StoredDocumentStatus = 'pending' | 'verified' | 'reupload_requested';
export type DocumentStatus = StoredDocumentStatus | 'expired';

/**
 * A verified document whose expiry date has passed counts as unverified (issue: staff console):
 * the buyer sees it as expired and the unverified order cap applies again.
 */
export function effectiveDocumentStatus(
  status: StoredDocumentStatus,
  expiresOn: string | null,
  today: string,
): DocumentStatus {
  return status === 'verified' && expiresOn !== null && expiresOn < today ? 'expired' : status;
}
