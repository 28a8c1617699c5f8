import type { CompanyLedger, LedgerInvoice, LedgerPayment } from '#shared/receivables/payments.schemas.ts';

export const COMPANY_ID = '3f1c2b4a-0000-4000-8000-000000000001';

export const invoice = (number: string, over: Partial<LedgerInvoice> = {}): LedgerInvoice => ({
  number,
  kind: 'invoice',
  orderNumber: 'SS-100001',
  invoiceDate: '2026-10-01',
  dueDate: '2026-10-16',
  totalCents: 50_000,
  openCents: 50_000,
  state: 'overdue',
  daysPastDue: 45,
  ...over,
});

export const payment = (number: string, over: Partial<LedgerPayment> = {}): LedgerPayment => ({
  number,
  receivedOn: '2026-11-20',
  method: 'check',
  reference: 'CHK 1001',
  note: '',
  amountCents: 20_000,
  unappliedCents: 0,
  applied: [{ invoice: 'INV-2026-000002', amountCents: 20_000 }],
  voided: null,
  recordedBy: 'Ada Accounts',
  ...over,
});

/** A company owing two invoices (one overdue and holding it), with one payment and a credit note. */
export function makeLedger(over: Partial<CompanyLedger> = {}): CompanyLedger {
  return {
    balanceCents: 70_000,
    overdueCents: 50_000,
    unappliedCents: 2_500,
    aging: { current: 20_000, d1_30: 0, d31_60: 50_000, d61_90: 0, over_90: 0 },
    today: '2026-11-30',
    company: { id: COMPANY_ID, businessName: 'Corner Shop LLC' },
    terms: 'net_15',
    credit: {
      creditLimitCents: 100_000,
      exposureCents: 82_000,
      hold: { invoice: 'INV-2026-000001', daysPastDue: 45 },
      holdLiftedUntil: null,
      holdLiftReason: '',
      holdAfterDays: 30,
    },
    invoices: [
      invoice('INV-2026-000002', {
        orderNumber: 'SS-100002',
        invoiceDate: '2026-11-20',
        dueDate: '2026-12-05',
        totalCents: 40_000,
        openCents: 20_000,
        state: 'partly_paid',
        daysPastDue: 0,
      }),
      invoice('INV-2026-000001'),
      invoice('CN-2026-000001', {
        kind: 'credit_note',
        totalCents: 2_500,
        openCents: 2_500,
        state: null,
        daysPastDue: 0,
      }),
    ],
    payments: [
      payment('PAY-2026-000001'),
      payment('PAY-2026-000002', {
        voided: { at: '2026-11-21T10:00:00.000Z', reason: 'Bounced', by: 'Ada Accounts' },
      }),
    ],
    refunds: [],
    ...over,
  };
}
