import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';

/**
 * How the audit log shows the values an entry holds (decision 014, item 18): money in dollars,
 * yes/no, long text shortened, and never a secret. Pure: the server hides secrets before an entry
 * leaves it, the console formats what it gets.
 */

/** Parts of a field's name that say it holds a secret: `passwordHash`, `resettoken`, `totpSecret`. */
const SECRET_PARTS =
  /pass(?:word|wd|code|phrase)|hash|token|secret|totp|recovery|credential|cookie|signature/i;
/** Short words that do so only as a whole word of the name: `otp`, `sessionId`, `card_pin`. */
const SECRET_WORDS = new Set(['otp', 'pin', 'session', 'sig', 'mfa', 'cvv', 'cvc']);
/**
 * A code or a key is taken for a secret (`code`, `smsCode`, `authcode`, `apiKey`, `keys`) unless
 * its name says what public thing it is: a product's or a postal code, a search key.
 */
const CODE_OR_KEY = /(?:code|key)s?$/i;
const PUBLIC_CODE_OR_KEY =
  /(?:product|postal|post|zip|status|country|state|currency|tracking|promo|discount|coupon|tax|bar)[_-]?codes?$|(?:search|sort|brand|product|category|variant|idempotency)[_-]?keys?$/i;

/** The words of a field's name: `apiKeyID` → api, key, id; `card_pin` → card, pin. */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]/);

/** Whether a field's name says it may hold a secret (its value is then never shown). */
export const isSecretField = (key: string) =>
  SECRET_PARTS.test(key) ||
  (CODE_OR_KEY.test(key) && !PUBLIC_CODE_OR_KEY.test(key)) ||
  words(key).some((w) => SECRET_WORDS.has(w));
export const HIDDEN = '(hidden)';

/** A calendar day as the store keeps them (an expiry date, a rule's first day). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value as an object's fields, or null for anything else (an array, a string, null). */
export const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** A field of money in cents: `priceCents`, `price_cents`. */
const CENTS = /(?:Cents|_cents)$/;

/** Fields read in the log that camelCase → words would not name well. */
const FIELD_LABELS: Record<string, string> = {
  deliveryFeeCents: 'delivery fee',
  unverifiedCapCents: 'order cap for unverified buyers',
  discountPercentage: 'discount %',
  basisPoints: 'discount',
  rateMilli: 'rate (in thousandths)',
  storeState: 'store state',
  expiresOn: 'expiry date',
  href: 'link',
};

/** A field's name as words: `discountPriceCents` → "discount price", `listingId` → "listing ID". */
export function fieldLabel(key: string): string {
  return (
    FIELD_LABELS[key] ??
    key
      .replace(CENTS, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
      .replace(/\b(?:id|sku|url)\b/g, (w) => w.toUpperCase())
  );
}

/** The value with every secret-named field, at any depth, replaced by "(hidden)". */
export function hideSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideSecrets);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretField(k) ? HIDDEN : hideSecrets(v)]),
    );
  return value;
}

/** One line of at most `max` characters, an ellipsis where it was cut. */
export function shorten(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
const stable = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) => {
    const r = asRecord(v);
    return r
      ? Object.fromEntries(
          Object.keys(r)
            .sort()
            .map((k) => [k, r[k]]),
        )
      : v;
  });
export const sameValue = (a: unknown, b: unknown) => stable(a) === stable(b);

/** A price list's quantity tiers: "10+ at $9.00, 50+ at $8.00". */
function tiersText(tiers: unknown[]): string {
  const each = tiers.map((t) => {
    const { minQuantity, priceCents } = asRecord(t) ?? {};
    return `${minQuantity ?? '?'}+ at ${typeof priceCents === 'number' ? formatCents(priceCents) : '?'}`;
  });
  return shorten(each.join(', '));
}

/** Text as the log shows it: one short line, a day as people read it, "(empty)" for none. */
export function formatText(text: string): string {
  if (text.trim() === '') return '(empty)';
  return DAY.test(text) ? formatDay(text) : shorten(text);
}

/**
 * A value as the log shows it, by its field's name: `priceCents` 1500 → "$15.00", `basisPoints`
 * 550 → "5.5%", a day "2027-01-31" → "Jan 31, 2027", a secret never.
 */
export function formatValue(key: string, value: unknown): string {
  if (isSecretField(key)) return HIDDEN;
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') {
    if (CENTS.test(key)) return formatCents(value);
    return key === 'basisPoints' ? `${value / 100}%` : String(value);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return formatText(value);
  if (Array.isArray(value) && value.length === 0) return '(none)';
  if (key === 'tiers' && Array.isArray(value)) return tiersText(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return shorten(value.join(', '));
  return shorten(JSON.stringify(hideSecrets(value)));
}

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Bookkeeping fields a change carries that say nothing a person changed. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'searchKey', 'version']);

/**
 * The fields a change set, with their value before and after, only those that differ. The fields
 * are those of `after` (what was written; a row read before holds more, its id and timestamps);
 * nothing when `after` is not an object.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = asRecord(before) ?? {};
  const a = asRecord(after);
  if (!a) return [];
  return Object.keys(a)
    .filter((k) => !BOOKKEEPING.has(k) && !sameValue(b[k], a[k]))
    .map((k) => ({
      field: k,
      label: fieldLabel(k),
      before: formatValue(k, b[k]),
      after: formatValue(k, a[k]),
    }));
}

/** "delivery fee: $20.00 → $25.00". */
export const changeLine = (c: FieldChange) => `${c.label}: ${c.before} → ${c.after}`;

/** A record's fields as "label: value" lines (what an import or a new record holds). */
export function factLines(value: unknown, omit: readonly string[]): string[] {
  const r = asRecord(value);
  if (!r) return [];
  return Object.entries(r)
    .filter(([k]) => !BOOKKEEPING.has(k) && !omit.includes(k))
    .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(k, v)}`);
}
