import { describe, expect, it } from 'vitest';
import { DOCUMENT_LABELS } from '#shared/accounts/document-status.ts';
import { AUDIT_RECORD_TYPES, actionLabel } from './audit-actions.ts';
import { type AuditEntryView, describeAudit } from './audit-sentence.ts';
import { changedFields, formatValue, hideSecrets, isSecretField } from './audit-values.ts';

const NONE = { name: null, kind: null, buyerId: null, productId: null };
const entry = (e: Partial<AuditEntryView> & Pick<AuditEntryView, 'action' | 'entity' | 'entityId'>) => ({
  before: null,
  after: null,
  record: NONE,
  ...e,
});
const say = (e: Parameters<typeof entry>[0]) => describeAudit(entry(e));

describe('the audit log in words (decision 014, item 18)', () => {
  it('moves and steps back orders by stage name', () => {
    expect(
      say({
        action: 'order.stage',
        entity: 'order',
        entityId: 'SS-100123',
        before: { stage: 'shipped' },
        after: { stage: 'out_for_delivery' },
      }),
    ).toEqual({ sentence: 'Moved order SS-100123 from Shipped to Out for Delivery', details: [] });
    expect(
      say({
        action: 'order.stage',
        entity: 'order',
        entityId: 'SS-100123',
        before: { stage: 'placed', carrier: 'UPS', trackingNumber: null },
        after: { stage: 'shipped', carrier: 'UPS', trackingNumber: '1Z999', buyerMailed: false },
      }).sentence,
    ).toBe(
      'Moved order SS-100123 from Order placed to Shipped, with UPS (tracking 1Z999) (buyer not emailed: told of this stage before)',
    );
    expect(
      say({
        action: 'order.stage_back',
        entity: 'order',
        entityId: 'SS-100123',
        before: { stage: 'shipped', at: '2026-11-01T00:00:00.000Z' },
        after: { stage: 'placed' },
      }).sentence,
    ).toBe('Stepped order SS-100123 back from Shipped to Order placed (buyer not emailed)');
    expect(
      say({
        action: 'order.item_cancelled',
        entity: 'order',
        entityId: 'SS-1',
        after: { sku: 'SS-1003-10', status: 'cancelled' },
      }).sentence,
    ).toBe('Cancelled item SS-1003-10 of order SS-1');
  });

  it('names documents and buyers as the server found them', () => {
    const record = { ...NONE, name: 'Corner Shop LLC', kind: 'tobacco_license', buyerId: 'u1' };
    expect(
      say({
        action: 'document.verified',
        entity: 'document',
        entityId: 'd1',
        record,
        after: { status: 'verified', documentNumber: 'TX-123', issuingState: 'TX', expiresOn: '2027-01-31' },
      }).sentence,
    ).toBe(
      `Verified the ${DOCUMENT_LABELS.tobacco_license} of Corner Shop LLC (number TX-123, issued in Texas, valid until 2027-01-31)`,
    );
    expect(
      say({
        action: 'document.reupload_requested',
        entity: 'document',
        entityId: 'd1',
        record: { ...record, kind: 'sales_id' },
        after: { note: 'The photo is blurred.' },
      }).sentence,
    ).toBe('Asked Corner Shop LLC to upload their Sales ID again: “The photo is blurred.”');
    expect(say({ action: 'document.viewed', entity: 'document', entityId: 'gone' }).sentence).toBe(
      'Opened a document',
    );
    expect(say({ action: 'buyer.disabled', entity: 'buyer', entityId: 'u1', record }).sentence).toBe(
      'Disabled the account of Corner Shop LLC',
    );
  });

  it('says a single settings change in one sentence, money in dollars', () => {
    expect(
      say({
        action: 'settings.changed',
        entity: 'settings',
        entityId: 'store',
        before: { deliveryFeeCents: 2000, storeName: 'Smokestack' },
        after: { deliveryFeeCents: 2500, storeName: 'Smokestack' },
      }),
    ).toEqual({ sentence: 'Changed the delivery fee from $20.00 to $25.00', details: [] });
    expect(
      say({
        action: 'settings.changed',
        entity: 'settings',
        entityId: 'store',
        before: { deliveryFeeCents: 2000, storeName: 'Old' },
        after: { deliveryFeeCents: 2000, storeName: 'New', carrier: 'UPS' },
      }),
    ).toEqual({
      sentence: 'Changed 2 store settings',
      details: ['store name: Old → New', 'carrier: — → UPS'],
    });
  });

  it('describes catalogue records by name, with the fields a change set', () => {
    const product = { ...NONE, name: 'Nimbus Bar', productId: 5 };
    expect(
      say({ action: 'product.created', entity: 'product', entityId: '5', record: product }).sentence,
    ).toBe('Added product “Nimbus Bar”');
    expect(
      say({
        action: 'product.updated',
        entity: 'product',
        entityId: '5',
        record: product,
        before: { id: 5, name: 'Nimbus Bar', priceCents: 1000, hidden: false, updatedAt: 'x' },
        after: { name: 'Nimbus Bar', priceCents: 1200, hidden: false },
      }).sentence,
    ).toBe('Changed the price of product “Nimbus Bar” from $10.00 to $12.00');
    // Deleted since: the name the entry holds.
    expect(
      say({ action: 'brand.deleted', entity: 'brand', entityId: '3', before: { id: 3, name: 'Cloudtide' } })
        .sentence,
    ).toBe('Deleted brand “Cloudtide”');
    expect(
      say({
        action: 'pricing.group_deleted',
        entity: 'customer_group',
        entityId: '7',
        before: { name: 'Gold' },
      }).sentence,
    ).toBe('Deleted price group “Gold”');
  });

  it('says who was added, reset or resent', () => {
    expect(
      say({
        action: 'staff.created',
        entity: 'user',
        entityId: 'u',
        after: { name: 'Ana', email: 'ana@shop.example' },
      }).sentence,
    ).toBe('Added staff member Ana (ana@shop.example)');
    expect(
      say({ action: 'mail.resent', entity: 'mail', entityId: '12', after: { id: 40, to: 'b@shop.example' } })
        .sentence,
    ).toBe('Resent mail #12 to b@shop.example (queued again as mail #40)');
  });

  it('reads an unknown action: its record and only the fields that differ, shortened, secrets hidden', () => {
    const long = 'x'.repeat(200);
    const out = say({
      action: 'widget.frobbed',
      entity: 'widget',
      entityId: '9',
      before: { name: 'A', feeCents: 100, same: 1, note: 'short', apiToken: 'old' },
      after: { name: 'B', feeCents: 150, same: 1, note: long, apiToken: 'new', enabled: true },
    });
    expect(out.sentence).toBe('Widget “B”: frobbed');
    expect(out.details).toEqual([
      'name: A → B',
      'fee: $1.00 → $1.50',
      `note: short → ${'x'.repeat(59)}…`,
      'api token: (hidden) → (hidden)',
      'enabled: — → yes',
    ]);
    expect(out.details.join(' ')).not.toMatch(/old|new/);
  });

  it('counts the lines beyond eight', () => {
    const after = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field${i}`, i]));
    const out = say({ action: 'widget.frobbed', entity: 'widget', entityId: '9', after });
    expect(out.details).toHaveLength(9);
    expect(out.details.at(-1)).toBe('and 4 more');
  });
});

describe('values in the log', () => {
  it('hides secret-named fields at any depth, not product or postal codes', () => {
    for (const k of [
      'password',
      'passwordHash',
      'token',
      'totpSecret',
      'code',
      'recoveryCodes',
      'verificationCode',
    ])
      expect(isSecretField(k), k).toBe(true);
    for (const k of ['productCode', 'postalCode', 'zipCode', 'name', 'sku'])
      expect(isSecretField(k), k).toBe(false);
    expect(hideSecrets({ a: [{ token: 't', b: 1 }], secret: { x: 1 } })).toEqual({
      a: [{ token: '(hidden)', b: 1 }],
      secret: '(hidden)',
    });
  });

  it('compares values whatever their key order, and formats them', () => {
    expect(changedFields({ tiers: { a: 1, b: 2 } }, { tiers: { b: 2, a: 1 } })).toEqual([]);
    expect(formatValue('unitPriceCents', 123456)).toBe('$1,234.56');
    expect(formatValue('states', ['TX', 'CA'])).toBe('TX, CA');
    expect(formatValue('note', '')).toBe('(empty)');
    expect(formatValue('expiresOn', null)).toBe('—');
  });

  it('lists every action once, each with a label', () => {
    const codes = AUDIT_RECORD_TYPES.flatMap((t) => t.actions.map(([code]) => code));
    expect(new Set(codes).size).toBe(codes.length);
    expect(actionLabel('order.stage')).toBe('Order moved on');
    expect(actionLabel('widget.frobbed')).toBe('widget.frobbed');
  });
});
