import { DOCUMENT_LABELS } from '#shared/accounts/document-status.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import { formatMonth } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { STAGE_LABELS } from '#shared/orders/order-tracking.ts';
import {
  asRecord,
  changedFields,
  changeLine,
  type FieldChange,
  factLines,
  shorten,
} from '#shared/staff/audit-values.ts';

/**
 * The audit log in words (decision 014, item 18): one plain sentence per entry, naming the record
 * as people know it ("order SS-100123", "the tobacco license of Corner Shop"), and the fields a
 * change set as "field: before → after". Known actions have their own sentence; any other gets
 * the generic one, so an action added later still reads. Pure: the console renders it.
 */

/** What the server found of an entry's record when it was read (it may be gone since). */
export interface AuditRecordNames {
  /** A business, product, option, group or staff member's name as it is now. */
  name: string | null;
  /** A document's kind (`sales_id`, `tobacco_license`). */
  kind: string | null;
  /** The buyer the record is (or belongs to): the console links their page. */
  buyerId: string | null;
  /** An option's product: the console links its editor. */
  productId: number | null;
}

export interface AuditEntryView {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  record?: AuditRecordNames | null;
}

export interface AuditDescription {
  sentence: string;
  /** Further lines: each field changed ("price: $10.00 → $12.00"), or what an import did. */
  details: string[];
}

/** At most this many detail lines; the rest are counted ("and 3 more"). */
const MAX_DETAILS = 8;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const field = (v: unknown, key: string) => asRecord(v)?.[key];
const quoted = (name: string) => `“${shorten(name, 80)}”`;
const stage = (v: unknown) => {
  const s = text(v);
  return s ? (STAGE_LABELS[s] ?? s.replace(/_/g, ' ')) : 'an unknown stage';
};
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The record's name: the server's, or the one the entry holds (a deleted record's). */
function nameOf(e: AuditEntryView): string | null {
  return (
    text(e.record?.name) ??
    text(field(e.after, 'name')) ??
    text(field(e.before, 'name')) ??
    text(field(e.after, 'title')) ??
    text(field(e.before, 'title'))
  );
}

const ENTITY_WORDS: Record<string, string> = {
  variant: 'option',
  customer_group: 'price group',
  compliance_rule: 'compliance rule',
  excise_rate: 'excise rate',
  banner_slot: 'banner slot',
  directory_listing: 'directory listing',
  pact_filing: 'PACT Act filing',
  user: 'staff member',
};
const entityWords = (entity: string) => ENTITY_WORDS[entity] ?? entity.replace(/_/g, ' ');

/** The buyer a buyer's or a document's entry is about. */
const buyerName = (e: AuditEntryView) => text(e.record?.name) ?? 'a buyer';

/** "the tobacco license of Corner Shop", or "a document" when it is gone. */
function documentLabel(e: AuditEntryView): string {
  const kind = e.record?.kind as keyof typeof DOCUMENT_LABELS | undefined;
  const label = kind && DOCUMENT_LABELS[kind];
  if (!label) return 'a document';
  return e.record?.name ? `the ${label} of ${e.record.name}` : `a ${label}`;
}

/** How the sentence names the record: "order SS-100123", "product “Nimbus Bar”", "mail #12". */
export function recordLabel(e: AuditEntryView): string {
  const name = nameOf(e);
  switch (e.entity) {
    case 'order':
      return `order ${e.entityId}`;
    case 'document':
      return documentLabel(e);
    case 'buyer':
      return buyerName(e);
    case 'user':
      return text(e.record?.name) ?? text(field(e.before, 'email')) ?? 'a staff member';
    case 'settings':
      return 'the store settings';
    case 'catalogue':
      return 'the catalogue';
    case 'mail':
      return `mail #${e.entityId}`;
    case 'banner_slot':
      return `the ${e.entityId.replace(/_/g, ' ')} banners`;
    case 'directory_listing': {
      const [product, state] = e.entityId.split(':');
      return state
        ? `the directory listing of product #${product} in ${stateName(state)}`
        : 'directory listings';
    }
    case 'pact_filing': {
      const [state, month] = e.entityId.split('/');
      return `the PACT Act filing of ${stateName(state ?? '')} for ${month ? formatMonth(month) : '?'}`;
    }
    default:
      return name ? `${entityWords(e.entity)} ${quoted(name)}` : `${entityWords(e.entity)} #${e.entityId}`;
  }
}

/** A sentence for a change: one field in the sentence, several as lines below it. */
function changed(what: string, e: AuditEntryView, changes = changedFields(e.before, e.after)) {
  if (changes.length === 0) return { sentence: `Saved ${what} (nothing changed)`, details: [] };
  if (changes.length === 1) {
    const [c] = changes as [FieldChange];
    return { sentence: `Changed the ${c.label} of ${what} from ${c.before} to ${c.after}`, details: [] };
  }
  return { sentence: `Changed ${what}`, details: changes.map(changeLine) };
}

type Describe = (e: AuditEntryView) => AuditDescription | string;

function orderStage(e: AuditEntryView): string {
  const carrier = text(field(e.after, 'carrier'));
  const tracking = text(field(e.after, 'trackingNumber'));
  const carried = carrier ? `, with ${carrier}${tracking ? ` (tracking ${tracking})` : ''}` : '';
  const quiet =
    field(e.after, 'buyerMailed') === false ? ' (buyer not emailed: told of this stage before)' : '';
  return `Moved order ${e.entityId} from ${stage(field(e.before, 'stage'))} to ${stage(field(e.after, 'stage'))}${carried}${quiet}`;
}

function documentVerified(e: AuditEntryView): string {
  const facts = [
    text(field(e.after, 'documentNumber')) && `number ${field(e.after, 'documentNumber')}`,
    text(field(e.after, 'issuingState')) && `issued in ${stateName(String(field(e.after, 'issuingState')))}`,
    text(field(e.after, 'expiresOn')) && `valid until ${field(e.after, 'expiresOn')}`,
  ].filter(Boolean);
  return `Verified ${documentLabel(e)}${facts.length ? ` (${facts.join(', ')})` : ''}`;
}

function reuploadRequested(e: AuditEntryView): string {
  const kind = e.record?.kind as keyof typeof DOCUMENT_LABELS | undefined;
  const what = kind && DOCUMENT_LABELS[kind] ? `their ${DOCUMENT_LABELS[kind]}` : 'a document';
  const note = text(field(e.after, 'note'));
  return `Asked ${buyerName(e)} to upload ${what} again${note ? `: “${shorten(note, 120)}”` : ''}`;
}

/** `product.created`, `variant.updated`, `banner.deleted`, …: one shape for the catalogue's records. */
function saved(e: AuditEntryView): AuditDescription | string {
  const what = recordLabel(e);
  if (/[._](created|added)$/.test(e.action)) return `Added ${what}`;
  if (/[._]deleted$/.test(e.action)) return `Deleted ${what}`;
  return changed(what, e);
}

function settingsChanged(e: AuditEntryView): AuditDescription {
  const changes = changedFields(e.before, e.after);
  if (changes.length === 1) {
    const [c] = changes as [FieldChange];
    return { sentence: `Changed the ${c.label} from ${c.before} to ${c.after}`, details: [] };
  }
  if (changes.length === 0) return { sentence: 'Saved the store settings (nothing changed)', details: [] };
  return { sentence: `Changed ${changes.length} store settings`, details: changes.map(changeLine) };
}

function mailResent(e: AuditEntryView): string {
  const to = text(field(e.after, 'to'));
  const copy = num(field(e.after, 'id'));
  return `Resent mail #${e.entityId}${to ? ` to ${to}` : ''}${copy ? ` (queued again as mail #${copy})` : ''}`;
}

function buyerGroupSet(e: AuditEntryView): string {
  const was = text(field(e.before, 'groupName'));
  const to = num(field(e.after, 'groupId'));
  const buyer = text(e.record?.name) ?? 'a buyer';
  if (to === null) return `Took ${buyer} out of ${was ? `price group ${quoted(was)}` : 'their price group'}`;
  return `Put ${buyer} in price group #${to}${was ? ` (was in ${quoted(was)})` : ''}`;
}

function priceSaved(e: AuditEntryView): AuditDescription | string {
  const group = recordLabel(e);
  const target = text(field(e.after, 'target'));
  const scope = text(field(e.after, 'scope'));
  const price = num(field(e.after, 'priceCents'));
  const bp = num(field(e.after, 'basisPoints'));
  const value = price !== null ? formatCents(price) : bp !== null ? `${bp / 100}% off` : null;
  const sentence = `Set the price of ${scope ?? 'an entry'} ${target ?? ''} in ${group}${value ? ` to ${value}` : ''}`;
  const before = asRecord(e.before);
  if (!before) return sentence;
  // The row read before names its target by id, the form by SKU or slug: the sentence says which.
  const changes = changedFields(before, e.after).filter((c) => c.field !== 'target' && c.field !== 'scope');
  return { sentence, details: changes.map(changeLine) };
}

function priceRemoved(e: AuditEntryView): string {
  const price = num(field(e.before, 'priceCents'));
  return `Removed a ${text(field(e.before, 'scope')) ?? ''} price${price !== null ? ` of ${formatCents(price)}` : ''} from ${recordLabel(e)}`;
}

function imported(what: string, omit: string[] = []): Describe {
  return (e) => {
    const rows = num(field(e.after, 'rows'));
    return {
      sentence: `Imported ${what}${rows !== null ? ` (${rows} rows)` : ''}`,
      details: factLines(e.after, ['rows', ...omit]),
    };
  };
}

const ACTIONS: Record<string, Describe> = {
  'order.stage': orderStage,
  'order.stage_back': (e) =>
    `Stepped order ${e.entityId} back from ${stage(field(e.before, 'stage'))} to ${stage(field(e.after, 'stage'))} (buyer not emailed)`,
  'order.item_delivered': (e) =>
    `Marked item ${text(field(e.after, 'sku')) ?? ''} of order ${e.entityId} delivered`,
  'order.item_cancelled': (e) => `Cancelled item ${text(field(e.after, 'sku')) ?? ''} of order ${e.entityId}`,
  'document.verified': documentVerified,
  'document.reupload_requested': reuploadRequested,
  'document.viewed': (e) => `Opened ${documentLabel(e)}`,
  'buyer.email_verified': (e) => `Marked the email of ${buyerName(e)} verified`,
  'buyer.disabled': (e) => `Disabled the account of ${buyerName(e)}`,
  'buyer.enabled': (e) => `Enabled the account of ${buyerName(e)}`,
  'settings.changed': settingsChanged,
  'banner.reordered': (e) => `Reordered ${recordLabel(e)}`,
  'catalogue.imported': imported('the catalogue CSV'),
  'staff.signed_in': () => 'Signed in to the console',
  'staff.totp_enabled': () => 'Turned on their two-factor sign-in',
  'staff.totp_reset': (e) => `Reset the two-factor sign-in of ${recordLabel(e)}`,
  'staff.created': (e) =>
    `Added staff member ${text(field(e.after, 'name')) ?? ''} (${text(field(e.after, 'email')) ?? recordLabel(e)})`,
  'staff.notifications': (e) => changed('their notifications', e),
  'mail.retried': (e) => `Retried ${recordLabel(e)}${e.record?.name ? ` to ${e.record.name}` : ''}`,
  'mail.resent': mailResent,
  'pricing.buyer_group_set': buyerGroupSet,
  'pricing.entry_saved': priceSaved,
  'pricing.entry_deleted': priceRemoved,
  'pricing.list_imported': (e) => imported(`the price list of ${recordLabel(e)}`)(e),
  'compliance.rule_retired': (e) => `Retired ${recordLabel(e)}`,
  'compliance.listing_set': (e) => ({
    sentence: `Set ${recordLabel(e)}`,
    details: factLines(e.after, ['productId', 'state']),
  }),
  'compliance.listings_imported': (e) =>
    `Imported directory listings for ${num(field(e.after, 'products')) ?? 'some'} products`,
  'pact.filed': (e) => `Marked ${recordLabel(e)} filed`,
  'pact.unfiled': (e) => `Took back the filed mark of ${recordLabel(e)}`,
};

/** Catalogue, price group and compliance records share one shape: added, changed, deleted. */
const SAVED =
  /^(product|variant|category|brand|banner)\.(created|updated|deleted)$|^pricing\.group_|^compliance\.(rule|rate)_/;

/** Any other action: "Widget #12: frobbed", and the fields it changed. */
function generic(e: AuditEntryView): AuditDescription {
  const [, verb = e.action] = e.action.split(/\.(.*)/s);
  return {
    sentence: `${capitalise(recordLabel(e))}: ${verb.replace(/_/g, ' ')}`,
    details: changedFields(e.before, e.after).map(changeLine),
  };
}

/** An entry as a sentence, with at most MAX_DETAILS further lines. */
export function describeAudit(e: AuditEntryView): AuditDescription {
  const describe = ACTIONS[e.action] ?? (SAVED.test(e.action) ? saved : generic);
  const out = describe(e);
  const { sentence, details } = typeof out === 'string' ? { sentence: out, details: [] } : out;
  const extra = details.length - MAX_DETAILS;
  return {
    sentence: capitalise(sentence.replace(/\s+/g, ' ').trim()),
    details: extra > 1 ? [...details.slice(0, MAX_DETAILS), `and ${extra} more`] : details,
  };
}
