import { DOCUMENT_LABELS } from '#shared/accounts/document-status.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import { formatMonth } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { STAGE_LABELS } from '#shared/orders/order-tracking.ts';
import { COMPANY_SENTENCES } from '#shared/staff/audit-company.ts';
import { MINIMUM_PRICE_SENTENCES } from '#shared/staff/audit-minimum-prices.ts';
import { priceRemoved, priceSaved } from '#shared/staff/audit-pricing.ts';
import { QUOTE_SENTENCES } from '#shared/staff/audit-quotes.ts';
import {
  asRecord,
  changedFields,
  changeLine,
  type FieldChange,
  factLines,
  formatText,
  shorten,
} from '#shared/staff/audit-values.ts';
import { STAFF_ROLE_LABELS } from '#shared/staff/staff.messages.ts';
import { isStaffRole } from '#shared/staff/staff-roles.ts';

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
  record: AuditRecordNames;
}

export interface AuditDescription {
  sentence: string;
  /** Further lines: each field changed ("price: $10.00 → $12.00"), or what an import did. */
  details: string[];
}

/** At most this many detail lines; the rest are counted ("and 3 more"). */
const MAX_DETAILS = 8;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const field = (v: unknown, key: string) => asRecord(v)?.[key];
/** A staff role as the console names it ("Warehouse"), or "an unknown role". */
function roleLabel(v: unknown): string {
  const role = field(v, 'role');
  return isStaffRole(role) ? STAFF_ROLE_LABELS[role] : 'an unknown role';
}
const quoted = (name: string) => `“${shorten(name, 80)}”`;
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const stage = (v: unknown) => {
  const s = text(v);
  return s ? (STAGE_LABELS[s] ?? s.replace(/_/g, ' ')) : 'an unknown stage';
};

/** The record's name: the server's, or the one the entry holds (a deleted record's). */
function nameOf(e: AuditEntryView): string | null {
  return (
    text(e.record.name) ??
    text(field(e.after, 'name')) ??
    text(field(e.before, 'name')) ??
    text(field(e.after, 'title')) ??
    text(field(e.before, 'title'))
  );
}

/** Record types whose code is not the word people use. */
const ENTITY_WORDS: Record<string, string> = {
  variant: 'option',
  customer_group: 'price group',
};
const entityWords = (entity: string) => ENTITY_WORDS[entity] ?? entity.replace(/_/g, ' ');

/** The buyer a buyer's or a document's entry is about. */
const buyerName = (e: AuditEntryView) => text(e.record.name) ?? 'a buyer';

/** A staff member as the entry holds them: "Ana New (ana@shop.example)", or what it has of that. */
function personOf(v: unknown): string | null {
  const email = text(field(v, 'email'));
  const name = text(field(v, 'name'));
  return email && name ? `${name} (${email})` : (email ?? name);
}
const staffName = (e: AuditEntryView) => text(e.record.name) ?? personOf(e.after) ?? personOf(e.before);

/** The kind of a document, as people call it ("Sales ID"), if the server found the document. */
function documentKind(e: AuditEntryView): string | null {
  const kind = String(e.record.kind);
  return Object.hasOwn(DOCUMENT_LABELS, kind) ? DOCUMENT_LABELS[kind as keyof typeof DOCUMENT_LABELS] : null;
}

/** "the tobacco license of Corner Shop", or "a document" when it is gone. */
function documentLabel(e: AuditEntryView): string {
  const kind = documentKind(e);
  const owner = text(e.record.name);
  if (!kind) return 'a document';
  return owner ? `the ${kind} of ${owner}` : `a ${kind}`;
}

/** A directory listing's product and state, from its id (`5:TX`); the import's entry has none. */
function listingOf(entityId: string) {
  const [product, state] = entityId.split(':');
  return state ? { product: `product #${product}`, state: stateName(state) } : null;
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
      return staffName(e) ?? 'a staff member';
    case 'settings':
      return 'the store settings';
    case 'catalogue':
      return 'the catalogue';
    case 'mail':
      return `mail #${e.entityId}`;
    case 'banner_slot':
      return `the ${e.entityId.replace(/_/g, ' ')} banners`;
    case 'directory_listing': {
      const l = listingOf(e.entityId);
      return l ? `the directory listing of ${l.product} in ${l.state}` : 'the directory listings';
    }
    case 'pact_filing': {
      const [state, month] = e.entityId.split('/');
      return month
        ? `the PACT Act filing of ${stateName(state!)} for ${formatMonth(month)}`
        : `PACT Act filing ${e.entityId}`;
    }
    default:
      return name ? `${entityWords(e.entity)} ${quoted(name)}` : `${entityWords(e.entity)} #${e.entityId}`;
  }
}

type Describe = (e: AuditEntryView) => AuditDescription | string;

/** A sentence for a change: one field in the sentence, several as lines below it. */
function changed(what: string, e: AuditEntryView): AuditDescription {
  const changes = changedFields(e.before, e.after);
  if (changes.length === 0) return { sentence: `Saved ${what} (nothing changed)`, details: [] };
  if (changes.length === 1) {
    const [c] = changes as [FieldChange];
    return { sentence: `Changed the ${c.label} of ${what} from ${c.before} to ${c.after}`, details: [] };
  }
  return { sentence: `Changed ${what}`, details: changes.map(changeLine) };
}

/** `product.created`, `variant.updated`, `banner.deleted`, …: one shape for the catalogue's records. */
const added: Describe = (e) => `Added ${recordLabel(e)}`;
const updated: Describe = (e) => changed(recordLabel(e), e);
const deleted: Describe = (e) => `Deleted ${recordLabel(e)}`;

/** An order taken at the desk (decision 016): for whom, its total, and a delivery fee changed. */
function takenAtDesk(e: AuditEntryView): AuditDescription {
  const business = text(field(e.after, 'business'));
  const total = num(field(e.after, 'total_cents'));
  const fee = text(field(e.after, 'fee_note'));
  return {
    sentence: `Took order ${e.entityId} at the desk${business ? ` for ${business}` : ''}${total !== null ? ` (${formatCents(total)})` : ''}`,
    details: fee ? [`delivery fee changed: ${fee}`] : [],
  };
}

/** An order changed before it shipped (decision 016, part 4): why, what, and its total. */
function orderChanged(e: AuditEntryView): AuditDescription {
  const reason = text(field(e.after, 'reason'));
  const before = num(field(e.before, 'total_cents'));
  const after = num(field(e.after, 'total_cents'));
  const changes = field(e.after, 'changes');
  return {
    sentence: `Changed order ${e.entityId}${reason ? `: ${reason}` : ''}`,
    details: [
      ...(Array.isArray(changes) ? changes.filter((c): c is string => typeof c === 'string') : []),
      ...(before !== null && after !== null ? [`total: ${formatCents(before)} → ${formatCents(after)}`] : []),
    ],
  };
}

function orderStage(e: AuditEntryView): string {
  const carrier = text(field(e.after, 'carrier'));
  const tracking = text(field(e.after, 'trackingNumber'));
  return [
    `Moved order ${e.entityId} from ${stage(field(e.before, 'stage'))} to ${stage(field(e.after, 'stage'))}`,
    carrier && ` with ${carrier}`,
    tracking && `, tracking number ${tracking}`,
    field(e.after, 'buyerMailed') === false &&
      '; the buyer, told of this stage before, was not emailed again',
  ]
    .filter(Boolean)
    .join('');
}

/** "item SS-1003-10", or "an item" when the entry does not say which. */
const item = (e: AuditEntryView) => {
  const sku = text(field(e.after, 'sku'));
  return sku ? `item ${sku}` : 'an item';
};

function documentVerified(e: AuditEntryView): string {
  const number = text(field(e.after, 'documentNumber'));
  const state = text(field(e.after, 'issuingState'));
  const until = text(field(e.after, 'expiresOn'));
  const facts = [
    number && `number ${number}`,
    state && `issued in ${stateName(state)}`,
    until && `valid until ${formatText(until)}`,
  ].filter(Boolean);
  return `Verified ${documentLabel(e)}${facts.length ? ` (${facts.join(', ')})` : ''}`;
}

function reuploadRequested(e: AuditEntryView): string {
  const kind = documentKind(e);
  const note = text(field(e.after, 'note'));
  return `Asked ${buyerName(e)} to upload ${kind ? `their ${kind}` : 'a document'} again${note ? `: “${shorten(note, 120)}”` : ''}`;
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

/** "Turned on mail for new orders, turned off mail for new uploads": the switches a staff member changed. */
function notificationsChanged(e: AuditEntryView): string {
  const changes = changedFields(e.before, e.after);
  if (changes.length === 0) return 'Saved their notifications (nothing changed)';
  const which = (on: boolean) =>
    changes
      .filter((c) => (field(e.after, c.field) === true) === on)
      .map((c) => c.label)
      .join(' and ');
  const on = which(true);
  const off = which(false);
  return [on && `Turned on mail for ${on}`, off && `${on ? 'turned' : 'Turned'} off mail for ${off}`]
    .filter(Boolean)
    .join(', ');
}

function mailResent(e: AuditEntryView): string {
  const to = text(field(e.after, 'to'));
  const copy = num(field(e.after, 'id'));
  return `Resent mail #${e.entityId}${to ? ` to ${to}` : ''}${copy ? ` (queued again as mail #${copy})` : ''}`;
}

function buyerGroupSet(e: AuditEntryView): string {
  const was = text(field(e.before, 'groupName'));
  const wasId = num(field(e.before, 'groupId'));
  const to = num(field(e.after, 'groupId'));
  const buyer = buyerName(e);
  if (to === null) return `Took ${buyer} out of ${was ? `price group ${quoted(was)}` : 'their price group'}`;
  if (was && to !== wasId) return `Moved ${buyer} from price group ${quoted(was)} to price group #${to}`;
  return `Put ${buyer} in ${was ? `price group ${quoted(was)}` : `price group #${to}`}`;
}

/** An import: how many rows, and what it did as lines ("products created: 2"). */
function imported(e: AuditEntryView, what: string, tail = ''): AuditDescription {
  const rows = num(field(e.after, 'rows'));
  return {
    sentence: `Imported ${what}${rows !== null ? ` (${count(rows, 'row')})` : ''}${tail}`,
    details: factLines(e.after, ['rows', 'replace']),
  };
}

function listingSet(e: AuditEntryView): AuditDescription {
  const l = listingOf(e.entityId);
  const details = factLines(e.after, ['productId', 'state', 'listed']);
  if (!l) return { sentence: `Set ${recordLabel(e)}`, details };
  const sentence =
    field(e.after, 'listed') === true
      ? `Listed ${l.product} in the ${l.state} directory`
      : `Marked ${l.product} as not listed in the ${l.state} directory`;
  return { sentence, details };
}

const ACTIONS = new Map<string, Describe>(
  Object.entries({
    'order.stage': orderStage,
    'order.taken_at_desk': takenAtDesk,
    'order.changed': orderChanged,
    'order.stage_back': (e) =>
      `Stepped order ${e.entityId} back from ${stage(field(e.before, 'stage'))} to ${stage(field(e.after, 'stage'))} (buyer not emailed)`,
    'order.item_delivered': (e) => `Marked ${item(e)} of order ${e.entityId} as delivered`,
    'order.item_cancelled': (e) => `Cancelled ${item(e)} of order ${e.entityId}`,
    'document.verified': documentVerified,
    'document.reupload_requested': reuploadRequested,
    'document.viewed': (e) => `Opened ${documentLabel(e)}`,
    'buyer.email_verified': (e) => `Marked the email address of ${buyerName(e)} as verified`,
    'buyer.disabled': (e) => `Disabled the account of ${buyerName(e)}`,
    'buyer.enabled': (e) => `Enabled the account of ${buyerName(e)}`,
    'staff.signed_in': () => 'Signed in to the console',
    'staff.created': (e) => {
      const who = staffName(e);
      return who ? `Added staff member ${who}` : 'Added a staff member';
    },
    'staff.totp_enabled': () => 'Turned on two-factor sign-in for their account',
    'staff.totp_reset': (e) => `Reset the two-factor sign-in of ${recordLabel(e)}`,
    'staff.role_changed': (e) =>
      `Changed the role of ${recordLabel(e)} from ${roleLabel(e.before)} to ${roleLabel(e.after)}`,
    'staff.notifications': notificationsChanged,
    'pricing.buyer_group_set': buyerGroupSet,
    'product.created': added,
    'product.updated': updated,
    'product.deleted': deleted,
    'variant.created': added,
    'variant.updated': updated,
    'variant.deleted': deleted,
    'category.created': added,
    'category.updated': updated,
    'category.deleted': deleted,
    'brand.created': added,
    'brand.updated': updated,
    'brand.deleted': deleted,
    'banner.created': added,
    'banner.updated': updated,
    'banner.deleted': deleted,
    'banner.reordered': (e) => `Reordered ${recordLabel(e)}`,
    'catalogue.imported': (e) => imported(e, 'the catalogue CSV'),
    'settings.changed': settingsChanged,
    'mail.retried': (e) => {
      const to = text(e.record.name);
      return `Retried ${recordLabel(e)}${to ? ` to ${to}` : ''}`;
    },
    'mail.resent': mailResent,
    'pricing.group_added': added,
    'pricing.group_changed': updated,
    'pricing.group_deleted': deleted,
    'pricing.entry_saved': (e) => priceSaved(e, recordLabel(e)),
    'pricing.entry_deleted': (e) => priceRemoved(e, recordLabel(e)),
    'pricing.list_imported': (e) =>
      imported(
        e,
        `the price list of ${recordLabel(e)}`,
        field(e.after, 'replace') === true ? ', replacing the whole list' : '',
      ),
    'compliance.rule_added': added,
    'compliance.rule_changed': updated,
    'compliance.rule_retired': (e) => `Retired ${recordLabel(e)}`,
    'compliance.rate_added': added,
    'compliance.rate_changed': updated,
    'compliance.listing_set': listingSet,
    'compliance.listings_imported': (e) => {
      const products = num(field(e.after, 'products'));
      return `Imported directory listings${products === null ? '' : ` for ${count(products, 'product')}`}`;
    },
    'pact.filed': (e) => `Marked ${recordLabel(e)} as filed`,
    'pact.unfiled': (e) => `Marked ${recordLabel(e)} as not filed`,
    ...COMPANY_SENTENCES,
    ...MINIMUM_PRICE_SENTENCES,
    ...QUOTE_SENTENCES,
  }),
);

/** Any other action: "Widget #12: frobbed", and the fields it changed. */
function generic(e: AuditEntryView): AuditDescription {
  const label = recordLabel(e);
  const verb = e.action.slice(e.action.indexOf('.') + 1);
  return {
    sentence: `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${verb.replace(/_/g, ' ')}`,
    details: changedFields(e.before, e.after).map(changeLine),
  };
}

/** An entry as a sentence, with at most MAX_DETAILS further lines. */
export function describeAudit(e: AuditEntryView): AuditDescription {
  const out = (ACTIONS.get(e.action) ?? generic)(e);
  const { sentence, details } = typeof out === 'string' ? { sentence: out, details: [] } : out;
  const extra = details.length - MAX_DETAILS;
  return {
    sentence: sentence.replace(/\s+/g, ' ').trim(),
    details: extra > 1 ? [...details.slice(0, MAX_DETAILS), `and ${extra} more`] : details,
  };
}
