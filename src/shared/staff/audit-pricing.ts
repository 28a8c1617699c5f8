import { formatCents } from '#shared/money.ts';
import { asRecord, changedFields, changeLine, formatValue } from '#shared/staff/audit-values.ts';

/**
 * The audit log's sentences for a price list's entries (decision 009): what was priced, at what
 * price or discount, and what changed. Kept apart from audit-sentence.ts, which names the price
 * list and reads them in with its own.
 */

/** What these sentences read of an entry (audit-sentence.ts's AuditEntryView is one). */
interface PriceEntry {
  before: unknown;
  after: unknown;
}
type Said = { sentence: string; details: string[] };

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const field = (v: unknown, key: string) => asRecord(v)?.[key];

/** What a price list entry is for: "option SS-1003-10", "brand vapes/nimbus", "product #12". */
function priceTarget(v: unknown): string {
  const scope = text(field(v, 'scope'));
  const word = scope === 'variant' ? 'option' : (scope ?? 'entry');
  return `${word} ${text(field(v, 'target')) ?? `#${num(field(v, 'targetId')) ?? '?'}`}`;
}

/** A price list entry saved; `list` names the price list (audit-sentence.ts's recordLabel). */
export function priceSaved(e: PriceEntry, list: string): Said {
  const where = `${priceTarget(e.after)} in ${list}`;
  const price = num(field(e.after, 'priceCents'));
  const bp = num(field(e.after, 'basisPoints'));
  const tiers = field(e.after, 'tiers');
  const tiered = Array.isArray(tiers) && tiers.length ? ` (${formatValue('tiers', tiers)})` : '';
  const sentence =
    price !== null
      ? `Set the price of ${where} to ${formatCents(price)}${tiered}`
      : bp !== null
        ? `Set a ${formatValue('basisPoints', bp)} discount on ${where}`
        : `Set the price of ${where}`;
  // The row read before names its target by id, the form by SKU or slug: the sentence says which.
  const changes = asRecord(e.before)
    ? changedFields(e.before, e.after).filter((c) => c.field !== 'target')
    : [];
  return { sentence, details: changes.map(changeLine) };
}

export function priceRemoved(e: PriceEntry, list: string): string {
  const price = num(field(e.before, 'priceCents'));
  const bp = num(field(e.before, 'basisPoints'));
  const what =
    price !== null
      ? `the ${formatCents(price)} price of`
      : bp !== null
        ? `the ${formatValue('basisPoints', bp)} discount on`
        : 'the price of';
  return `Removed ${what} ${priceTarget(e.before)} from ${list}`;
}
