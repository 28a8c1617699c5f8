import type { AuditEntryView, AuditRecordNames } from './audit-sentence.ts';

/*
 * Entries of the audit log as the server writes them (the `audit(…)` call of each action: the row
 * read before a change, the body written after it) with the names the server finds of the record
 * when the log is read, each with what a staff member reads for it. Two halves: the people,
 * orders and store here; the catalogue, price and compliance records in
 * audit-entries-records.fixture.ts.
 */

export type Entry = Partial<AuditEntryView> & Pick<AuditEntryView, 'action' | 'entity' | 'entityId'>;
/** An entry, the sentence staff read for it, and the lines below it (none when left out). */
export type Example = [Entry, string, string[]?];

export const NONE: AuditRecordNames = { name: null, kind: null, buyerId: null, productId: null };
export const BUYER = '0b6f7c9e-3a52-4f1e-9d0a-6c2f8e1b7a44';
export const corner = { ...NONE, name: 'Corner Shop LLC', buyerId: BUYER };
export const named = (name: string, more: Partial<AuditRecordNames> = {}) => ({ ...NONE, name, ...more });
const doc = { status: 'pending', documentNumber: null, issuingState: null, expiresOn: null, note: null };

export const PEOPLE_AND_ORDERS: Example[] = [
  [
    {
      action: 'order.stage',
      entity: 'order',
      entityId: 'SS-100123',
      record: corner,
      before: { stage: 'placed', carrier: 'UPS', trackingNumber: null },
      after: { stage: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    },
    'Moved order SS-100123 from Order placed to Shipped with UPS, tracking number 1Z999AA10123456784',
  ],
  [
    {
      action: 'order.taken_at_desk',
      entity: 'order',
      entityId: 'SS-100124',
      record: corner,
      after: {
        company: '0b8f6a4e-2c1d-4e5f-9a7b-1c2d3e4f5a6b',
        business: 'Corner Shop',
        total_cents: 5500,
        shipping_cents: 500,
        fee_note: '$5.00: Half-price delivery',
        lines: 1,
      },
    },
    'Took order SS-100124 at the desk for Corner Shop ($55.00)',
    ['delivery fee changed: $5.00: Half-price delivery'],
  ],
  [
    {
      action: 'order.changed',
      entity: 'order',
      entityId: 'SS-100125',
      record: corner,
      before: { version: 0, total_cents: 5000 },
      after: {
        version: 1,
        total_cents: 8100,
        reason: 'Owner called',
        changes: ['Glacier Puff — Mint: 4 → 6', 'Added 3 × Cloudtide — Kiwi'],
      },
    },
    'Changed order SS-100125: Owner called',
    ['Glacier Puff — Mint: 4 → 6', 'Added 3 × Cloudtide — Kiwi', 'total: $50.00 → $81.00'],
  ],
  [
    {
      action: 'order.stage_back',
      entity: 'order',
      entityId: 'SS-100123',
      record: corner,
      before: { stage: 'out_for_delivery', at: '2026-11-01T10:00:00.000Z' },
      after: { stage: 'shipped' },
    },
    'Stepped order SS-100123 back from Out for Delivery to Shipped (buyer not emailed)',
  ],
  [
    {
      action: 'order.item_delivered',
      entity: 'order',
      entityId: 'SS-100123',
      before: { sku: 'SS-1003-10', status: 'pending' },
      after: { sku: 'SS-1003-10', status: 'delivered' },
    },
    'Marked item SS-1003-10 of order SS-100123 as delivered',
  ],
  [
    {
      action: 'order.item_cancelled',
      entity: 'order',
      entityId: 'SS-100123',
      before: { sku: 'SS-1003-10', status: 'pending' },
      after: { sku: 'SS-1003-10', status: 'cancelled' },
    },
    'Cancelled item SS-1003-10 of order SS-100123',
  ],
  [
    {
      action: 'document.verified',
      entity: 'document',
      entityId: 'd1',
      record: { ...corner, kind: 'tobacco_license' },
      before: doc,
      after: {
        ...doc,
        status: 'verified',
        documentNumber: 'TX-48213',
        issuingState: 'TX',
        expiresOn: '2027-01-31',
      },
    },
    'Verified the tobacco license of Corner Shop LLC (number TX-48213, issued in Texas, valid until Jan 31, 2027)',
  ],
  [
    {
      action: 'document.reupload_requested',
      entity: 'document',
      entityId: 'd1',
      record: { ...corner, kind: 'sales_id' },
      before: doc,
      after: {
        ...doc,
        status: 'reupload_requested',
        note: 'The photo is blurred.\nPlease upload a sharper one.',
      },
    },
    'Asked Corner Shop LLC to upload their Sales ID again: “The photo is blurred. Please upload a sharper one.”',
  ],
  [
    {
      action: 'document.viewed',
      entity: 'document',
      entityId: 'd1',
      record: { ...corner, kind: 'sales_id' },
    },
    'Opened the Sales ID of Corner Shop LLC',
  ],
  [
    { action: 'buyer.email_verified', entity: 'buyer', entityId: BUYER, record: corner },
    'Marked the email address of Corner Shop LLC as verified',
  ],
  [
    { action: 'buyer.disabled', entity: 'buyer', entityId: BUYER, record: corner },
    'Disabled the account of Corner Shop LLC',
  ],
  [
    { action: 'buyer.enabled', entity: 'buyer', entityId: BUYER, record: corner },
    'Enabled the account of Corner Shop LLC',
  ],
  [
    {
      action: 'staff.signed_in',
      entity: 'user',
      entityId: 's1',
      record: named('Sam Staff (sam@shop.example)'),
    },
    'Signed in to the console',
  ],
  [
    {
      action: 'staff.created',
      entity: 'user',
      entityId: 's3',
      record: named('Ana New (ana@shop.example)'),
      after: { name: 'Ana New', email: 'ana@shop.example' },
    },
    'Added staff member Ana New (ana@shop.example)',
  ],
  [
    {
      action: 'staff.totp_enabled',
      entity: 'user',
      entityId: 's1',
      record: named('Sam Staff (sam@shop.example)'),
    },
    'Turned on two-factor sign-in for their account',
  ],
  [
    {
      action: 'staff.totp_reset',
      entity: 'user',
      entityId: 's3',
      record: named('Ana New (ana@shop.example)'),
      before: { email: 'ana@shop.example' },
    },
    'Reset the two-factor sign-in of Ana New (ana@shop.example)',
  ],
  [
    {
      action: 'staff.role_changed',
      entity: 'user',
      entityId: 's3',
      record: named('Ana New (ana@shop.example)'),
      before: { email: 'ana@shop.example', role: 'admin' },
      after: { role: 'sales' },
    },
    'Changed the role of Ana New (ana@shop.example) from Admin to Sales',
  ],
  [
    {
      action: 'staff.notifications',
      entity: 'user',
      entityId: 's1',
      before: { newOrders: false, newUploads: true },
      after: { newOrders: true, newUploads: false },
    },
    'Turned on mail for new orders, turned off mail for new uploads',
  ],
  [
    {
      action: 'pricing.buyer_group_set',
      entity: 'user',
      entityId: BUYER,
      record: corner,
      before: { groupId: 3, groupName: 'Gold' },
      after: { groupId: 7 },
    },
    'Moved Corner Shop LLC from price group “Gold” to price group #7',
  ],
  [
    { action: 'banner.reordered', entity: 'banner_slot', entityId: 'brand_tile', after: [4, 2, 9] },
    'Reordered the brand tile banners',
  ],
  [
    {
      action: 'catalogue.imported',
      entity: 'catalogue',
      entityId: 'csv',
      after: { rows: 120, categoriesCreated: 1, productsCreated: 3, productsUpdated: 10, unchanged: 106 },
    },
    'Imported the catalogue CSV (120 rows)',
    ['categories created: 1', 'products created: 3', 'products updated: 10', 'unchanged: 106'],
  ],
  [
    {
      action: 'settings.changed',
      entity: 'settings',
      entityId: 'store',
      before: { storeName: 'Smokestack', deliveryFeeCents: 2000, storeState: 'TX' },
      after: { storeName: 'Smokestack', deliveryFeeCents: 2500, storeState: 'TX' },
    },
    'Changed the delivery fee from $20.00 to $25.00',
  ],
  [
    { action: 'mail.retried', entity: 'mail', entityId: '12', record: named('buyer@corner.example') },
    'Retried mail #12 to buyer@corner.example',
  ],
  [
    {
      action: 'mail.resent',
      entity: 'mail',
      entityId: '12',
      record: named('buyer@corner.example'),
      after: { id: 40, to: 'buyer@corner.example' },
    },
    'Resent mail #12 to buyer@corner.example (queued again as mail #40)',
  ],
  [
    {
      action: 'pact.filed',
      entity: 'pact_filing',
      entityId: 'TX/2026-11',
      after: { filedAt: '2026-12-05T15:00:00.000Z' },
    },
    'Marked the PACT Act filing of Texas for November 2026 as filed',
  ],
  [
    {
      action: 'pact.unfiled',
      entity: 'pact_filing',
      entityId: 'TX/2026-11',
      before: { filedAt: '2026-12-05T15:00:00.000Z' },
    },
    'Marked the PACT Act filing of Texas for November 2026 as not filed',
  ],
  [
    {
      action: 'quote.sent',
      entity: 'quote',
      entityId: 'Q-1001',
      after: {
        business: 'Corner Shop LLC',
        total_cents: 10500,
        expires_on: '2026-12-06',
        revised: false,
        negotiated: [{ sku: 'GP-MINT', unit_cents: 850, list_cents: 1000, reason: 'Matched a competitor' }],
      },
    },
    'Sent quote Q-1001 to Corner Shop LLC ($105.00), valid until 2026-12-06',
    ['GP-MINT at $8.50 (company price $10.00): Matched a competitor'],
  ],
  [
    { action: 'quote.withdrawn', entity: 'quote', entityId: 'Q-1001', after: { reason: 'Priced in error' } },
    'Withdrew quote Q-1001: Priced in error',
  ],
  [
    {
      action: 'quote.accepted',
      entity: 'quote',
      entityId: 'Q-1002',
      after: { order: 'SS-100130', total_cents: 9000 },
    },
    'Accepted quote Q-1002: order SS-100130 ($90.00)',
  ],
  [
    { action: 'quote.declined', entity: 'quote', entityId: 'Q-1003', after: { reason: '' } },
    'Declined quote Q-1003',
  ],
];
