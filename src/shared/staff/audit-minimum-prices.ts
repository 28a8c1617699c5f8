import { formatCents } from '#shared/money.ts';
import { asRecord } from '#shared/staff/audit-values.ts';

/**
 * The audit log's sentences for options' minimum prices (decision 016, part 3): which option, and
 * its minimum before and after. Entries of `variant` name the option as the server finds it now,
 * else by the SKU the entry holds. Kept apart from audit-sentence.ts, which reads them in with its own.
 */

/** What these sentences read of an entry (audit-sentence.ts's AuditEntryView is one). */
interface MinimumEntry {
  entityId: string;
  before: unknown;
  after: unknown;
  record: { name: string | null };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const field = (v: unknown, key: string) => asRecord(v)?.[key];
const cents = (v: unknown) => {
  const c = field(v, 'minPriceCents');
  return typeof c === 'number' ? formatCents(c) : null;
};

/** "option “Nimbus Bar Ultra — Mango Ice (SS-1003-10)”", "option SS-1003-10" or "option #12". */
function option(e: MinimumEntry): string {
  const name = text(e.record.name);
  if (name) return `option “${name}”`;
  const sku = text(field(e.after, 'sku')) ?? text(field(e.before, 'sku'));
  return sku ? `option ${sku}` : `option #${e.entityId}`;
}

export const MINIMUM_PRICE_SENTENCES: Record<string, (e: MinimumEntry) => string> = {
  'price.minimum_set': (e) => {
    const was = cents(e.before);
    return `Set the minimum price of ${option(e)} to ${cents(e.after) ?? 'an unknown amount'}${was ? ` (was ${was})` : ''}`;
  },
  'price.minimum_removed': (e) => {
    const was = cents(e.before);
    return `Removed the ${was ? `${was} ` : ''}minimum price of ${option(e)}`;
  },
};
