import type { InvoiceSummary } from '#shared/receivables/invoices.schemas.ts';
import type { INVOICE_STATES, STATEMENT_ENTRY_KINDS } from '#shared/receivables/payments.schemas.ts';
import { apiUrl } from '#web/lib/api-client.ts';

/** An invoice's state as the ledger names it, for people. */
export const STATE_LABELS: Record<(typeof INVOICE_STATES)[number], string> = {
  open: 'Open',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

export const ENTRY_LABELS: Record<(typeof STATEMENT_ENTRY_KINDS)[number], string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Payment',
  refund: 'Refund',
};

/** A document's kind: a supplementary invoice refers to the order's first invoice. */
export function documentKind(d: Pick<InvoiceSummary, 'kind' | 'references'>): string {
  if (d.kind === 'credit_note') return 'Credit note';
  return d.references ? 'Supplementary invoice' : 'Invoice';
}

/** An invoice or credit note's PDF, as staff open it. */
export const invoicePdfUrl = (number: string) => `/api/v1/admin/invoices/${encodeURIComponent(number)}/pdf`;

/** A company's statement as a PDF, for a period. */
export const statementPdfUrl = (companyId: string, period: { from: string; to: string }) =>
  apiUrl(`admin/companies/${encodeURIComponent(companyId)}/statement.pdf`, period);

export const LINK = 'font-semibold underline';
export const BUTTON_LINK =
  'inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100';
