import type { InvoiceSummary } from '#shared/receivables/invoices.schemas.ts';
import type { LedgerInvoice, MemberAccount, Statement } from '#shared/receivables/payments.schemas.ts';

/** An open invoice of $100.00 for order SS-1, issued Nov 2 2026 and due Dec 2. */
export function makeLedgerInvoice(overrides: Partial<LedgerInvoice> = {}): LedgerInvoice {
  return {
    number: 'INV-2026-000001',
    kind: 'invoice',
    orderNumber: 'SS-1',
    invoiceDate: '2026-11-02',
    dueDate: '2026-12-02',
    totalCents: 10_000,
    openCents: 10_000,
    state: 'open',
    daysPastDue: 0,
    ...overrides,
  };
}

/** A check of $50.00 paid against INV-2026-000001, nothing left over. */
export function makeMemberPayment(
  overrides: Partial<MemberAccount['payments'][number]> = {},
): MemberAccount['payments'][number] {
  return {
    number: 'PAY-2026-000001',
    receivedOn: '2026-11-10',
    method: 'check',
    reference: 'Check 1047',
    amountCents: 5000,
    unappliedCents: 0,
    applied: [{ invoice: 'INV-2026-000001', amountCents: 5000 }],
    voided: null,
    ...overrides,
  };
}

/** An owner's or viewer's ledger: what is given, else one open invoice and nothing owed past due. */
export function makeMemberAccount(overrides: Partial<MemberAccount> = {}): MemberAccount {
  return {
    summary: {
      balanceCents: 10_000,
      overdueCents: 0,
      unappliedCents: 0,
      aging: { current: 10_000, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 },
      today: '2026-11-20',
    },
    invoices: [makeLedgerInvoice()],
    payments: [],
    ...overrides,
  };
}

/** An order's first invoice as the order page lists it. */
export function makeInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    number: 'INV-2026-000001',
    kind: 'invoice',
    orderNumber: 'SS-1',
    references: null,
    reason: '',
    invoiceDate: '2026-11-02',
    dueDate: '2026-12-02',
    terms: 'net_30',
    totalCents: 10_000,
    ...overrides,
  };
}

/** A statement of November 2026: $20.00 owed at the start, an invoice and a payment in it. */
export function makeStatement(overrides: Partial<Statement> = {}): Statement {
  return {
    company: { id: 'company-1', businessName: 'Chain Store 12' },
    from: '2026-11-01',
    to: '2026-11-20',
    openingCents: 2000,
    closingCents: 7000,
    entries: [
      {
        date: '2026-11-02',
        kind: 'invoice',
        number: 'INV-2026-000001',
        description: 'Order SS-1',
        amountCents: 10_000,
        balanceCents: 12_000,
      },
      {
        date: '2026-11-10',
        kind: 'payment',
        number: 'PAY-2026-000001',
        description: 'Check 1047',
        amountCents: -5000,
        balanceCents: 7000,
      },
    ],
    ...overrides,
  };
}
