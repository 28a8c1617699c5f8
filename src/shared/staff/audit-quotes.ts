import { formatCents } from '#shared/money.ts';
import { asRecord } from '#shared/staff/audit-values.ts';

/**
 * The audit log's sentences for quotes (decision 016, part 3): a quote sent (with every negotiated
 * price, its company price and reason), withdrawn, accepted by a member (the order it made) and
 * declined. Kept apart from audit-sentence.ts, which reads them in with its own.
 */
interface QuoteEntry {
  entityId: string;
  after: unknown;
}

const field = (v: unknown, key: string) => asRecord(v)?.[key];
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const money = (v: unknown): string | null => (typeof v === 'number' ? formatCents(v) : null);

/** "SKU-1 at $8.50 (company price $10.00): Matched a competitor" for each negotiated line. */
function negotiatedLines(after: unknown): string[] {
  const lines = field(after, 'negotiated');
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((l) => {
    const sku = text(field(l, 'sku'));
    const unit = money(field(l, 'unit_cents'));
    if (!sku || !unit) return [];
    const list = money(field(l, 'list_cents'));
    const reason = text(field(l, 'reason'));
    return [`${sku} at ${unit}${list ? ` (company price ${list})` : ''}${reason ? `: ${reason}` : ''}`];
  });
}

export const QUOTE_SENTENCES: Record<
  string,
  (e: QuoteEntry) => string | { sentence: string; details: string[] }
> = {
  'quote.sent': (e) => {
    const business = text(field(e.after, 'business'));
    const total = money(field(e.after, 'total_cents'));
    const until = text(field(e.after, 'expires_on'));
    const verb = field(e.after, 'revised') === true ? 'Revised and sent' : 'Sent';
    return {
      sentence: `${verb} quote ${e.entityId}${business ? ` to ${business}` : ''}${total ? ` (${total})` : ''}${until ? `, valid until ${until}` : ''}`,
      details: negotiatedLines(e.after),
    };
  },
  'quote.withdrawn': (e) => {
    const reason = text(field(e.after, 'reason'));
    return `Withdrew quote ${e.entityId}${reason ? `: ${reason}` : ''}`;
  },
  'quote.accepted': (e) => {
    const order = text(field(e.after, 'order'));
    const total = money(field(e.after, 'total_cents'));
    return `Accepted quote ${e.entityId}${order ? `: order ${order}` : ''}${total ? ` (${total})` : ''}`;
  },
  'quote.declined': (e) => {
    const reason = text(field(e.after, 'reason'));
    return `Declined quote ${e.entityId}${reason ? `: ${reason}` : ''}`;
  },
};
