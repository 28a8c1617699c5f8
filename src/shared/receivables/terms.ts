/**
 * Payment terms (decision 017): how many of the store's days after the invoice date an invoice is
 * due. COD and due on receipt are due on the invoice date. The database reads the same days
 * (`term_days`); a test holds the two together.
 */
export const PAYMENT_TERMS = ['due_on_receipt', 'net_7', 'net_15', 'net_30', 'cod'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const TERMS: Record<PaymentTerms, { label: string; days: number }> = {
  due_on_receipt: { label: 'Due on receipt', days: 0 },
  net_7: { label: 'Net 7', days: 7 },
  net_15: { label: 'Net 15', days: 15 },
  net_30: { label: 'Net 30', days: 30 },
  cod: { label: 'COD (cash on delivery)', days: 0 },
};

export function termsLabel(terms: string): string {
  return TERMS[terms as PaymentTerms]?.label ?? terms;
}
