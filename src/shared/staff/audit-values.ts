import { formatCents } from '#shared/money.ts';

/**
 * How the audit log shows the values an entry holds (decision 014, item 18): money in dollars,
 * yes/no, long text shortened, and never a secret. Pure: the server hides secrets before an entry
 * leaves it, the console formats what it gets.
 */

/** Field names that may hold a secret: a password, its hash, a token, an authenticator key. */
const SECRET_WORDS = /password|passcode|hash|token|secret|totp|recovery/i;
/** A code that signs someone in ("code", "verificationCode"), not a product's or a postal code. */
const SECRET_CODE = /^(otp|codes?|(one_?time|auth|verification|reset|backup|sign_?in|login)_?codes?)$/i;
export const isSecretField = (key: string) => SECRET_WORDS.test(key) || SECRET_CODE.test(key);
export const HIDDEN = '(hidden)';

/** Fields read in the log that camelCase → words would not name well. */
const FIELD_LABELS: Record<string, string> = {
  deliveryFeeCents: 'delivery fee',
  unverifiedCapCents: 'order cap for unverified buyers',
  discountPercentage: 'discount %',
  basisPoints: 'discount (basis points)',
  storeState: 'store state',
  expiresOn: 'expiry date',
  sku: 'SKU',
  url: 'URL',
};

/** A field's name as words: `discountPriceCents` → "discount price". */
export function fieldLabel(key: string): string {
  return (
    FIELD_LABELS[key] ??
    key
      .replace(/Cents$/, '')
      .replace(/_cents$/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase()
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
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}
export const sameValue = (a: unknown, b: unknown) => stable(a) === stable(b);

/** A value as the log shows it, by its field's name: `priceCents` 1500 → "$15.00". */
export function formatValue(key: string, value: unknown): string {
  if (isSecretField(key)) return HIDDEN;
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return /cents$/i.test(key) ? formatCents(value) : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value.trim() === '' ? '(empty)' : shorten(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return value.length ? shorten(value.join(', ')) : '(none)';
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

export const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The fields a change set, with their value before and after, only those that differ. The fields
 * are those of `after` (what was written; a row read before holds more, its id and timestamps),
 * or of `before` when nothing was written after it. Nothing for values that are not objects.
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
export function factLines(value: unknown, omit: readonly string[] = []): string[] {
  const r = asRecord(value);
  if (!r) return [];
  return Object.entries(r)
    .filter(([k]) => !BOOKKEEPING.has(k) && !omit.includes(k))
    .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(k, v)}`);
}
