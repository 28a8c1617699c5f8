import { z } from 'zod';
import { amountText } from '#shared/input/form-text.ts';
import type { AgingBucket } from './store-day.ts';

export const PAYMENT_METHODS = ['check', 'ach', 'card', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH',
  card: 'Card',
  cash: 'Cash',
  other: 'Other',
};

const MAX_CENTS = 100_000_000;
/** A day of the ledger: a real date of this era (PostgreSQL refuses year 0; a number takes its year). */
export const ledgerDay = (message: string) =>
  z.iso
    .date({ message })
    .refine((d) => d >= '2000-01-01' && d <= '2099-12-31', { message: 'Choose a date from 2000 to 2099.' });
const day = ledgerDay('Enter a date.');
const cents = (message: string) =>
  z.number({ message }).int(message).min(1, message).max(MAX_CENTS, 'That amount is too large.');
const reference = z.string().trim().max(80, 'Keep the reference to 80 characters.');
const invoiceNumber = z.string().regex(/^INV-\d{4}-\d{6,9}$/, 'Choose an invoice.');

export const paymentMessages = {
  amount: 'Enter an amount greater than $0.00.',
  future: 'A payment cannot be dated after today.',
  appliedTooMuch: 'The amounts applied add up to more than the payment.',
  reasonRequired: 'Say why.',
} as const;

/** How a payment is applied: to the oldest open invoices first, or by hand (the rest unapplied). */
export const ApplySchema = z.union([
  z.literal('oldest'),
  z
    .array(z.object({ invoice: invoiceNumber, amountCents: cents(paymentMessages.amount) }))
    .max(100)
    .refine((a) => new Set(a.map((x) => x.invoice)).size === a.length, 'Each invoice once.'),
]);

export const RecordPaymentBodySchema = z
  .object({
    amountCents: cents(paymentMessages.amount),
    receivedOn: day,
    method: z.enum(PAYMENT_METHODS, { message: 'Choose how it was paid.' }),
    reference,
    note: z.string().trim().max(500, 'Keep the note to 500 characters.').default(''),
    apply: ApplySchema,
  })
  .refine((b) => b.apply === 'oldest' || b.apply.reduce((n, a) => n + a.amountCents, 0) <= b.amountCents, {
    path: ['apply'],
    message: paymentMessages.appliedTooMuch,
  });
export type RecordPaymentBody = z.output<typeof RecordPaymentBodySchema>;

/** The Record payment form: the amount typed. */
export const RecordPaymentFormSchema = z.object({
  amount: amountText(paymentMessages.amount).pipe(cents(paymentMessages.amount)),
  receivedOn: day,
  method: z.enum(PAYMENT_METHODS, { message: 'Choose how it was paid.' }),
  reference,
  note: z.string().trim().max(500, 'Keep the note to 500 characters.'),
});

const reason = z
  .string()
  .trim()
  .min(1, paymentMessages.reasonRequired)
  .max(500, 'Keep it to 500 characters.');

export const VoidPaymentBodySchema = z.object({ reason });

/** Money paid back out of a payment's or a credit note's unused credit. */
export const RefundBodySchema = z.object({
  source: z.string().regex(/^(PAY|CN)-\d{4}-\d{6,9}$/, 'Choose the payment or credit note.'),
  amountCents: cents(paymentMessages.amount),
  paidOn: day,
  method: z.enum(PAYMENT_METHODS, { message: 'Choose how it was paid back.' }),
  reference,
  reason,
});
export type RefundBody = z.output<typeof RefundBodySchema>;

export const CreditLimitBodySchema = z.object({
  creditLimitCents: z.number().int().min(0, 'The limit cannot be negative.').max(MAX_CENTS).nullable(),
});

export const LiftHoldBodySchema = z.object({
  reason,
  /** The last day the hold stays lifted (the store's day), from today to 90 days out. */
  until: day,
});

export const PaymentParamsSchema = z.object({
  number: z.string().regex(/^PAY-\d{4}-\d{6,9}$/, 'No such payment.'),
});

export const AgingSchema = z.object({
  current: z.number().int(),
  d1_30: z.number().int(),
  d31_60: z.number().int(),
  d61_90: z.number().int(),
  over_90: z.number().int(),
} satisfies Record<AgingBucket, z.ZodNumber>);
export type Aging = z.output<typeof AgingSchema>;

export const INVOICE_STATES = ['open', 'partly_paid', 'paid', 'overdue'] as const;

export const LedgerInvoiceSchema = z.object({
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  orderNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  totalCents: z.number().int(),
  /** An invoice: what is still owed; a credit note: the credit not used yet. */
  openCents: z.number().int(),
  /** An invoice's state; null on a credit note. */
  state: z.enum(INVOICE_STATES).nullable(),
  daysPastDue: z.number().int(),
});
export type LedgerInvoice = z.output<typeof LedgerInvoiceSchema>;

export const LedgerPaymentSchema = z.object({
  number: z.string(),
  receivedOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  amountCents: z.number().int(),
  unappliedCents: z.number().int(),
  applied: z.array(z.object({ invoice: z.string(), amountCents: z.number().int() })),
  voided: z.object({ at: z.string(), reason: z.string(), by: z.string() }).nullable(),
  recordedBy: z.string(),
});
export type LedgerPayment = z.output<typeof LedgerPaymentSchema>;

export const LedgerRefundSchema = z.object({
  source: z.string(),
  amountCents: z.number().int(),
  paidOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  reason: z.string(),
  recordedBy: z.string(),
});

export const AccountSummarySchema = z.object({
  /** What the company owes: invoices − credit notes − payments + refunds (negative: in credit). */
  balanceCents: z.number().int(),
  /** What invoices past their due date still owe. */
  overdueCents: z.number().int(),
  /** Payments and credit notes not used yet. */
  unappliedCents: z.number().int(),
  aging: AgingSchema,
  today: z.string(),
});

export const CreditStandingSchema = z.object({
  creditLimitCents: z.number().int().nullable(),
  /** Open balance plus orders placed and not invoiced yet: what the limit is held against. */
  exposureCents: z.number().int(),
  hold: z
    .object({ invoice: z.string(), daysPastDue: z.number().int() })
    .nullable()
    .describe('The invoice that puts the company on hold; null: not on hold'),
  holdLiftedUntil: z.string().nullable(),
  holdLiftReason: z.string(),
  holdAfterDays: z.number().int(),
});

export const CompanyLedgerSchema = AccountSummarySchema.extend({
  company: z.object({ id: z.string(), businessName: z.string() }),
  terms: z.string(),
  credit: CreditStandingSchema,
  invoices: z.array(LedgerInvoiceSchema),
  payments: z.array(LedgerPaymentSchema),
  refunds: z.array(LedgerRefundSchema),
});
export type CompanyLedger = z.output<typeof CompanyLedgerSchema>;

/** A member's "Invoices & payments": the company's (owners, viewers) or their own orders' (a buyer). */
export const MemberAccountSchema = z.object({
  summary: AccountSummarySchema.nullable(),
  invoices: z.array(LedgerInvoiceSchema),
  payments: z.array(LedgerPaymentSchema.omit({ recordedBy: true, note: true })),
});
export type MemberAccount = z.output<typeof MemberAccountSchema>;

export const PaymentRecordedSchema = z.object({
  message: z.string(),
  /** The payment's number (PAY-2026-000001). */
  number: z.string(),
});

/** A period of the store's days, as a statement or an export takes it. */
export const period = {
  from: ledgerDay('Choose the first day.'),
  to: ledgerDay('Choose the last day.'),
};
export const periodRules = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((p) => p.from <= p.to, { path: ['to'], message: 'The last day is before the first.' })
    .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 3 * 366 * 86_400_000, {
      path: ['to'],
      message: 'Choose a period of three years at most.',
    });
export const PeriodQuerySchema = periodRules(z.object(period));
export const STATEMENT_ENTRY_KINDS = ['invoice', 'credit_note', 'payment', 'refund'] as const;

export const StatementSchema = z.object({
  company: z.object({ id: z.string(), businessName: z.string() }),
  from: z.string(),
  to: z.string(),
  openingCents: z.number().int(),
  closingCents: z.number().int(),
  entries: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(STATEMENT_ENTRY_KINDS),
      number: z.string(),
      description: z.string(),
      /** What it adds to what the company owes (an invoice, a refund) or takes off (negative). */
      amountCents: z.number().int(),
      balanceCents: z.number().int(),
    }),
  ),
});
export type Statement = z.output<typeof StatementSchema>;

export const RECEIVABLES_FILTERS = ['all', 'overdue', 'hold', 'credit'] as const;

export const ReceivablesQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  status: z.enum(RECEIVABLES_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const ReceivablesRowSchema = z.object({
  companyId: z.string(),
  businessName: z.string(),
  balanceCents: z.number().int(),
  overdueCents: z.number().int(),
  unappliedCents: z.number().int(),
  aging: AgingSchema,
  creditLimitCents: z.number().int().nullable(),
  onHold: z.boolean(),
  oldestDaysPastDue: z.number().int(),
});
export type ReceivablesRow = z.output<typeof ReceivablesRowSchema>;

export const ReceivablesListSchema = z.object({
  rows: z.array(ReceivablesRowSchema),
  totals: AgingSchema.extend({ balanceCents: z.number().int(), overdueCents: z.number().int() }),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  today: z.string(),
});

export const EXPORT_KINDS = ['invoices', 'credit_notes', 'payments'] as const;
export const ExportQuerySchema = periodRules(
  z.object({
    ...period,
    kind: z.enum(EXPORT_KINDS),
    layout: z.enum(['quickbooks', 'plain']).default('plain'),
  }),
);

/** Units of a delivered item sent back, recorded by staff: a credit note for them. */
export const ReturnBodySchema = z.object({
  sku: z.string().trim().min(1, 'Choose the item.').max(120),
  quantity: z
    .number({ message: 'Enter how many came back.' })
    .int('Enter a whole number.')
    .min(1, 'At least 1.')
    .max(100_000),
  reason: z.string().trim().min(1, 'Say why.').max(500, 'Keep it to 500 characters.'),
});
export type ReturnBody = z.output<typeof ReturnBodySchema>;
