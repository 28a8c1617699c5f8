import type { InvoiceSummary } from '#shared/receivables/invoices.schemas.ts';
import type { LedgerInvoice } from '#shared/receivables/payments.schemas.ts';
import { apiUrl } from '#web/lib/api-client.ts';

/** A document's PDF, as the server files it (a plain download link). */
export const invoicePdfHref = (number: string) => apiUrl(`invoices/${encodeURIComponent(number)}/pdf`);

/** The buyer's page of the order a document bills. */
export const orderHref = (orderNumber: string) => `/invoice?order=${encodeURIComponent(orderNumber)}`;

/** "Invoice", "Supplementary invoice" (one that refers to the order's first) or "Credit note". */
export function kindLabel(doc: Pick<InvoiceSummary, 'kind'> & { references?: string | null }): string {
  if (doc.kind === 'credit_note') return 'Credit note';
  return doc.references ? 'Supplementary invoice' : 'Invoice';
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** An invoice's state as a badge reads it: "Open", "Partly paid", "Paid", "Overdue — 12 days". */
export function stateLabel(doc: Pick<LedgerInvoice, 'state' | 'daysPastDue'>): string | null {
  switch (doc.state) {
    case 'open':
      return 'Open';
    case 'partly_paid':
      return 'Partly paid';
    case 'paid':
      return 'Paid';
    case 'overdue':
      return `Overdue — ${days(doc.daysPastDue)}`;
    default:
      return null;
  }
}

export const STATE_STYLE: Record<NonNullable<LedgerInvoice['state']>, string> = {
  open: 'bg-blue-50 text-blue-900 ring-blue-200',
  partly_paid: 'bg-amber-50 text-amber-900 ring-amber-300',
  paid: 'bg-green-50 text-green-900 ring-green-200',
  overdue: 'bg-red-50 text-red-800 ring-red-300',
};
