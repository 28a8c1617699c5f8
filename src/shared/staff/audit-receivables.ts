import { formatCents } from '#shared/money.ts';
import { METHOD_LABELS, type PaymentMethod } from '#shared/receivables/payments.schemas.ts';
import { termsLabel } from '#shared/receivables/terms.ts';
import { asRecord } from '#shared/staff/audit-values.ts';

/**
 * The audit log's sentences for receivables (decision 017): a company's terms, credit limit and
 * lifted hold; payments recorded (with what each paid), voided and paid back. Entries are of the
 * company (the server names it). Kept apart from audit-sentence.ts, which reads them in.
 */
interface ReceivablesEntry {
  entityId: string;
  before: unknown;
  after: unknown;
  record: { name: string | null };
}
type Said = string | { sentence: string; details: string[] };

const field = (v: unknown, key: string) => asRecord(v)?.[key];
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const money = (v: unknown): string | null => (typeof v === 'number' ? formatCents(v) : null);
const company = (e: ReceivablesEntry) => (text(e.record.name) ? `“${e.record.name}”` : 'a company');
const method = (v: unknown) => METHOD_LABELS[v as PaymentMethod] ?? null;

/** "INV-2026-000001: $40.00" for each invoice a payment paid. */
function appliedLines(after: unknown): string[] {
  const applied = field(after, 'applied');
  if (!Array.isArray(applied)) return [];
  return applied.flatMap((a) => {
    const invoice = text(field(a, 'invoice'));
    const amount = money(field(a, 'amountCents'));
    return invoice && amount ? [`${invoice}: ${amount}`] : [];
  });
}

export const RECEIVABLES_SENTENCES: Record<string, (e: ReceivablesEntry) => Said> = {
  'order.item_returned': (e) => {
    const sku = text(field(e.after, 'sku')) ?? 'an item';
    const [was, now] = [field(e.before, 'returned'), field(e.after, 'returned')];
    const units = typeof was === 'number' && typeof now === 'number' ? `${now - was} × ` : '';
    const reason = text(field(e.after, 'reason'));
    return `Recorded a return of ${units}${sku} on order ${e.entityId}${reason ? `: ${reason}` : ''}`;
  },
  'company.terms_set': (e) => {
    const terms = text(field(e.after, 'paymentTerms'));
    return `Set the payment terms of ${company(e)} to ${terms ? termsLabel(terms) : "the store's default"}`;
  },
  'company.credit_limit_set': (e) => {
    const cap = money(field(e.after, 'creditLimitCents'));
    return cap
      ? `Set the credit limit of ${company(e)} to ${cap}`
      : `Removed the credit limit of ${company(e)}`;
  },
  'company.hold_lifted': (e) => {
    const until = text(field(e.after, 'until'));
    const reason = text(field(e.after, 'reason'));
    return `Lifted the credit hold of ${company(e)}${until ? ` until the end of ${until}` : ''}${reason ? `: ${reason}` : ''}`;
  },
  'payment.recorded': (e) => {
    const number = text(field(e.after, 'payment')) ?? 'a payment';
    const amount = money(field(e.after, 'amountCents'));
    const how = [method(field(e.after, 'method')), text(field(e.after, 'reference'))]
      .filter(Boolean)
      .join(', ');
    return {
      sentence: `Recorded payment ${number}${amount ? ` of ${amount}` : ''} from ${company(e)}${how ? ` (${how})` : ''}`,
      details: appliedLines(e.after),
    };
  },
  'payment.voided': (e) => {
    const number = text(field(e.after, 'payment')) ?? 'a payment';
    const reason = text(field(e.after, 'reason'));
    return `Voided payment ${number} of ${company(e)}${reason ? `: ${reason}` : ''}`;
  },
  'payment.refunded': (e) => {
    const amount = money(field(e.after, 'amountCents'));
    const source = text(field(e.after, 'source'));
    const reason = text(field(e.after, 'reason'));
    return `Recorded a refund${amount ? ` of ${amount}` : ''}${source ? ` from ${source}` : ''} to ${company(e)}${reason ? `: ${reason}` : ''}`;
  },
};
