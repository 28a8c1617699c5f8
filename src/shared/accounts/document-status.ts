/** How staff mail names each document. */
export const DOCUMENT_LABELS = { sales_id: 'Sales ID', tobacco_license: 'tobacco license' } as const;

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
