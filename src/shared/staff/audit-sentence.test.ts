import { describe, expect, it } from 'vitest';
import { AUDIT_RECORD_TYPES } from './audit-actions.ts';
import { COMPANY_RECORDS } from './audit-entries-companies.fixture.ts';
import { RECORDS } from './audit-entries-records.fixture.ts';
import { BUYER, corner, type Entry, NONE, named, PEOPLE_AND_ORDERS } from './audit-entries.fixture.ts';
import { describeAudit, recordLabel } from './audit-sentence.ts';

const say = (e: Entry) => describeAudit({ before: null, after: null, record: NONE, ...e });
const sentence = (e: Entry) => say(e).sentence;
const EVERY_ACTION = [...PEOPLE_AND_ORDERS, ...RECORDS, ...COMPANY_RECORDS];

describe('the audit log in words (decision 014, item 18)', () => {
  it('has an example entry for every action the log records, under its record type', () => {
    const tested = EVERY_ACTION.map(([e]) => `${e.entity} ${e.action}`);
    const listed = AUDIT_RECORD_TYPES.flatMap((t) => t.actions.map(([code]) => `${t.entity} ${code}`));
    expect([...tested].sort()).toEqual([...listed].sort());
  });

  it.each(
    EVERY_ACTION.map(([entry, sentence, details = []]) => ({
      action: entry.action,
      entry,
      sentence,
      details,
    })),
  )('says $action in a sentence of its own', ({ entry, sentence, details }) => {
    expect(say(entry)).toEqual({ sentence, details });
  });
});

describe('the other shapes an action takes', () => {
  it('says an order changed without the reason, changes or totals it may lack', () => {
    const changed = { action: 'order.changed', entity: 'order', entityId: 'SS-100125' };
    expect(say(changed)).toEqual({ sentence: 'Changed order SS-100125', details: [] });
    const after = { changes: ['a', 3], reason: ' ' };
    expect(say({ ...changed, before: { total_cents: 1 }, after }).details).toEqual(['a']);
    expect(say({ ...changed, after: { total_cents: 100 } }).details).toEqual([]);
  });

  it('says an order taken at the desk without the figures it may lack', () => {
    const desk = { action: 'order.taken_at_desk', entity: 'order', entityId: 'SS-100124' };
    expect(say(desk)).toEqual({ sentence: 'Took order SS-100124 at the desk', details: [] });
    const zero = say({ ...desk, after: { total_cents: 0, fee_note: '' } });
    expect(zero).toEqual({ sentence: 'Took order SS-100124 at the desk ($0.00)', details: [] });
  });

  it('says how an order moved on: carrier, tracking number, and whether the buyer was emailed', () => {
    const order = { action: 'order.stage', entity: 'order', entityId: 'SS-100123' };
    expect(
      sentence({
        ...order,
        before: { stage: 'shipped' },
        after: { stage: 'out_for_delivery', buyerMailed: false },
      }),
    ).toBe(
      'Moved order SS-100123 from Shipped to Out for Delivery; the buyer, told of this stage before, was not emailed again',
    );
    expect(
      sentence({
        ...order,
        before: { stage: 'out_for_delivery' },
        after: { stage: 'delivered', buyerMailed: true },
      }),
    ).toBe('Moved order SS-100123 from Out for Delivery to Delivered');
    expect(
      sentence({
        ...order,
        before: { stage: 'placed' },
        after: { stage: 'shipped', carrier: 'FedEx', trackingNumber: '' },
      }),
    ).toBe('Moved order SS-100123 from Order placed to Shipped with FedEx');
    // A stage this version does not know, and an entry that holds none.
    expect(sentence({ ...order, before: { stage: 'shipped' }, after: { stage: 'held_at_customs' } })).toBe(
      'Moved order SS-100123 from Shipped to held at customs',
    );
    expect(sentence(order)).toBe('Moved order SS-100123 from an unknown stage to an unknown stage');
    expect(
      sentence({ action: 'order.stage_back', entity: 'order', entityId: 'SS-1', before: { stage: ' ' } }),
    ).toBe('Stepped order SS-1 back from an unknown stage to an unknown stage (buyer not emailed)');
    expect(sentence({ action: 'order.item_delivered', entity: 'order', entityId: 'SS-1', after: {} })).toBe(
      'Marked an item of order SS-1 as delivered',
    );
    expect(sentence({ action: 'order.item_cancelled', entity: 'order', entityId: 'SS-1' })).toBe(
      'Cancelled an item of order SS-1',
    );
  });

  it('names a document by what the server still finds of it', () => {
    const verified = { action: 'document.verified', entity: 'document', entityId: 'd1' };
    expect(sentence(verified)).toBe('Verified a document');
    expect(
      sentence({ ...verified, record: { ...NONE, kind: 'sales_id' }, after: { expiresOn: '2027-03-05' } }),
    ).toBe('Verified a Sales ID (valid until Mar 5, 2027)');
    expect(
      sentence({ ...verified, record: { ...corner, kind: 'sales_id' }, after: { issuingState: 'CA' } }),
    ).toBe('Verified the Sales ID of Corner Shop LLC (issued in California)');
    // A kind this version does not know is a document, and so is a name that is a property of every object.
    for (const kind of ['passport', 'toString'])
      expect(sentence({ ...verified, record: { ...corner, kind } }), kind).toBe('Verified a document');
    const reupload = { action: 'document.reupload_requested', entity: 'document', entityId: 'd1' };
    expect(sentence({ ...reupload, after: { note: '  ' } })).toBe('Asked a buyer to upload a document again');
    expect(sentence({ ...reupload, record: corner, after: { note: 'x'.repeat(130) } })).toBe(
      `Asked Corner Shop LLC to upload a document again: “${'x'.repeat(119)}…”`,
    );
    expect(sentence({ action: 'document.viewed', entity: 'document', entityId: 'gone' })).toBe(
      'Opened a document',
    );
    expect(sentence({ action: 'buyer.disabled', entity: 'buyer', entityId: BUYER })).toBe(
      'Disabled the account of a buyer',
    );
  });

  it('names a staff member by the server, else by the entry, else as a staff member', () => {
    const created = { action: 'staff.created', entity: 'user', entityId: 's3' };
    expect(sentence({ ...created, after: { name: 'Ana New', email: 'ana@shop.example' } })).toBe(
      'Added staff member Ana New (ana@shop.example)',
    );
    expect(sentence({ ...created, after: { email: 'ana@shop.example' } })).toBe(
      'Added staff member ana@shop.example',
    );
    expect(sentence({ ...created, after: { name: 'Ana New', email: '' } })).toBe(
      'Added staff member Ana New',
    );
    expect(sentence(created)).toBe('Added a staff member');
    const reset = { action: 'staff.totp_reset', entity: 'user', entityId: 's3' };
    expect(sentence({ ...reset, before: { email: 'ana@shop.example' } })).toBe(
      'Reset the two-factor sign-in of ana@shop.example',
    );
    expect(sentence(reset)).toBe('Reset the two-factor sign-in of a staff member');
    const role = { action: 'staff.role_changed', entity: 'user', entityId: 's3' };
    expect(
      sentence({
        ...role,
        before: { email: 'ana@shop.example', role: 'admin' },
        after: { role: 'warehouse' },
      }),
    ).toBe('Changed the role of ana@shop.example from Admin to Warehouse');
    expect(sentence({ ...role, before: { role: 'owner' }, after: { role: 5 } })).toBe(
      'Changed the role of a staff member from an unknown role to an unknown role',
    );
  });

  it('says which mail a staff member turned on or off', () => {
    const mail = { action: 'staff.notifications', entity: 'user', entityId: 's1' };
    const off = { newOrders: false, newUploads: false };
    const on = { newOrders: true, newUploads: true };
    expect(sentence({ ...mail, before: off, after: on })).toBe(
      'Turned on mail for new orders and new uploads',
    );
    expect(sentence({ ...mail, before: on, after: off })).toBe(
      'Turned off mail for new orders and new uploads',
    );
    expect(sentence({ ...mail, before: off, after: { ...off, newUploads: true } })).toBe(
      'Turned on mail for new uploads',
    );
    expect(sentence({ ...mail, before: on, after: on })).toBe('Saved their notifications (nothing changed)');
  });

  it("says how a buyer's price group changed", () => {
    const set = { action: 'pricing.buyer_group_set', entity: 'user', entityId: BUYER, record: corner };
    const inGold = { groupId: 3, groupName: 'Gold' };
    const inNone = { groupId: null, groupName: null };
    expect(sentence({ ...set, before: inGold, after: { groupId: null } })).toBe(
      'Took Corner Shop LLC out of price group “Gold”',
    );
    expect(sentence({ ...set, before: inNone, after: { groupId: null } })).toBe(
      'Took Corner Shop LLC out of their price group',
    );
    expect(sentence({ ...set, before: inNone, after: { groupId: 7 } })).toBe(
      'Put Corner Shop LLC in price group #7',
    );
    expect(sentence({ ...set, before: inGold, after: { groupId: 3 } })).toBe(
      'Put Corner Shop LLC in price group “Gold”',
    );
    expect(sentence({ ...set, record: NONE, after: { groupId: 7 } })).toBe('Put a buyer in price group #7');
  });

  it('says a price group entry: a price with its tiers, a discount, and what changed', () => {
    const saved = {
      action: 'pricing.entry_saved',
      entity: 'customer_group',
      entityId: '3',
      record: named('Gold'),
    };
    const before = {
      id: 9,
      groupId: 3,
      scope: 'brand',
      targetId: 4,
      priceCents: null,
      basisPoints: 500,
      tiers: [],
    };
    expect(
      say({ ...saved, before, after: { scope: 'brand', target: 'disposables/cloudtide', basisPoints: 750 } }),
    ).toEqual({
      sentence: 'Set a 7.5% discount on brand disposables/cloudtide in price group “Gold”',
      details: ['discount: 5% → 7.5%'],
    });
    expect(
      say({
        ...saved,
        before: { ...before, scope: 'variant', targetId: 11, priceCents: 1200, basisPoints: null },
        after: { scope: 'variant', target: 'SS-1003-10', priceCents: 1100, tiers: [] },
      }),
    ).toEqual({
      sentence: 'Set the price of option SS-1003-10 in price group “Gold” to $11.00',
      details: ['price: $12.00 → $11.00'],
    });
    expect(
      say({ ...saved, after: { scope: 'product', target: 'NB-U', priceCents: 900, tiers: [] } }),
    ).toEqual({
      sentence: 'Set the price of product NB-U in price group “Gold” to $9.00',
      details: [],
    });
    expect(sentence({ ...saved, after: { scope: 'category', target: 'disposables' } })).toBe(
      'Set the price of category disposables in price group “Gold”',
    );
    expect(sentence({ ...saved, record: NONE })).toBe('Set the price of entry #? in price group #3');
    const removed = { ...saved, action: 'pricing.entry_deleted' };
    expect(sentence({ ...removed, before: { ...before, scope: 'category', targetId: 2 } })).toBe(
      'Removed the 5% discount on category #2 from price group “Gold”',
    );
    expect(sentence({ ...removed, before: { scope: 'product', targetId: 5 } })).toBe(
      'Removed the price of product #5 from price group “Gold”',
    );
  });

  it('says what an import did, the count of rows in words', () => {
    const prices = {
      action: 'pricing.list_imported',
      entity: 'customer_group',
      entityId: '3',
      record: named('Gold'),
    };
    expect(say({ ...prices, after: { rows: 1, replace: false, added: 1 } })).toEqual({
      sentence: 'Imported the price list of price group “Gold” (1 row)',
      details: ['added: 1'],
    });
    expect(say({ action: 'catalogue.imported', entity: 'catalogue', entityId: 'csv' })).toEqual({
      sentence: 'Imported the catalogue CSV',
      details: [],
    });
    const listings = { action: 'compliance.listings_imported', entity: 'directory_listing', entityId: 'csv' };
    expect(sentence({ ...listings, after: { products: 1 } })).toBe(
      'Imported directory listings for 1 product',
    );
    expect(sentence(listings)).toBe('Imported directory listings');
  });

  it('says a directory listing struck, and reads an entry whose record it cannot place', () => {
    const listing = { action: 'compliance.listing_set', entity: 'directory_listing', entityId: '5:CA' };
    expect(
      say({ ...listing, after: { productId: 5, state: 'CA', listed: false, listingId: '', listedOn: null } }),
    ).toEqual({
      sentence: 'Marked product #5 as not listed in the California directory',
      details: ['listing ID: (empty)', 'listed on: —'],
    });
    expect(sentence({ ...listing, entityId: 'csv' })).toBe('Set the directory listings');
    expect(sentence({ action: 'pact.filed', entity: 'pact_filing', entityId: 'TX' })).toBe(
      'Marked PACT Act filing TX as filed',
    );
  });

  it('says when a change changed nothing, and lists several changes below the sentence', () => {
    const settings = { action: 'settings.changed', entity: 'settings', entityId: 'store' };
    const store = { storeName: 'Smokestack', deliveryFeeCents: 2000, carrier: 'UPS' };
    expect(say({ ...settings, before: store, after: store })).toEqual({
      sentence: 'Saved the store settings (nothing changed)',
      details: [],
    });
    expect(
      say({
        ...settings,
        before: store,
        after: { ...store, storeName: 'Smokestack Wholesale', carrier: 'FedEx' },
      }),
    ).toEqual({
      sentence: 'Changed 2 store settings',
      details: ['store name: Smokestack → Smokestack Wholesale', 'carrier: UPS → FedEx'],
    });
    const product = {
      action: 'product.updated',
      entity: 'product',
      entityId: '5',
      record: named('Nimbus Bar'),
    };
    const fields = { name: 'Nimbus Bar', priceCents: 1000, discountPriceCents: null, hidden: false };
    expect(say({ ...product, before: { id: 5, ...fields }, after: fields })).toEqual({
      sentence: 'Saved product “Nimbus Bar” (nothing changed)',
      details: [],
    });
    expect(
      say({ ...product, before: fields, after: { ...fields, discountPriceCents: 850, hidden: true } }),
    ).toEqual({
      sentence: 'Changed product “Nimbus Bar”',
      details: ['discount price: — → $8.50', 'hidden: no → yes'],
    });
  });

  it('says who a mail went to only when it is known', () => {
    expect(sentence({ action: 'mail.retried', entity: 'mail', entityId: '12' })).toBe('Retried mail #12');
    expect(sentence({ action: 'mail.resent', entity: 'mail', entityId: '12' })).toBe('Resent mail #12');
  });
});

describe('the record an entry is about, as the Record column names it', () => {
  const label = (e: Entry) => recordLabel({ before: null, after: null, record: NONE, ...e });

  it('names each record type as people know it', () => {
    const at = (entity: string, entityId: string, more: Partial<Entry> = {}) =>
      label({ action: 'x.y', entity, entityId, ...more });
    expect(at('order', 'SS-100123', { record: corner })).toBe('order SS-100123');
    expect(at('document', 'd1', { record: { ...corner, kind: 'tobacco_license' } })).toBe(
      'the tobacco license of Corner Shop LLC',
    );
    expect(at('buyer', BUYER, { record: corner })).toBe('Corner Shop LLC');
    expect(at('buyer', BUYER)).toBe('a buyer');
    expect(at('user', 's1', { record: named('Sam Staff (sam@shop.example)') })).toBe(
      'Sam Staff (sam@shop.example)',
    );
    expect(at('settings', 'store')).toBe('the store settings');
    expect(at('catalogue', 'csv')).toBe('the catalogue');
    expect(at('mail', '12', { record: named('b@shop.example') })).toBe('mail #12');
    expect(at('banner_slot', 'main')).toBe('the main banners');
    expect(at('directory_listing', '5:TX')).toBe('the directory listing of product #5 in Texas');
    expect(at('directory_listing', 'csv')).toBe('the directory listings');
    expect(at('pact_filing', 'NM/2026-02')).toBe('the PACT Act filing of New Mexico for February 2026');
    expect(at('variant', '11', { record: named('Nimbus — Mango (SS-1)') })).toBe(
      'option “Nimbus — Mango (SS-1)”',
    );
    expect(at('customer_group', '3', { record: named('Gold') })).toBe('price group “Gold”');
    expect(at('excise_rate', '2')).toBe('excise rate #2');
    expect(at('gift_card', '9')).toBe('gift card #9');
  });

  it("takes a deleted record's name from the entry: its name, else its title, after or before", () => {
    const brand = { action: 'brand.deleted', entity: 'brand', entityId: '3' };
    expect(label({ ...brand, record: named('Cloudtide'), before: { name: 'Old' } })).toBe(
      'brand “Cloudtide”',
    );
    expect(label({ ...brand, after: { name: 'After' }, before: { name: 'Before' } })).toBe('brand “After”');
    expect(label({ ...brand, after: { name: ' ' }, before: { name: 'Before' } })).toBe('brand “Before”');
    expect(label({ ...brand, after: { title: 'Sale' }, before: { title: 'Old sale' } })).toBe('brand “Sale”');
    expect(label({ ...brand, after: [1, 2], before: { title: 'Old sale' } })).toBe('brand “Old sale”');
    expect(label(brand)).toBe('brand #3');
    expect(label({ ...brand, record: named('N'.repeat(100)) })).toBe(`brand “${'N'.repeat(79)}…”`);
  });
});

describe('any other action', () => {
  it('reads as its record and its verb, with the fields that differ below, secrets hidden', () => {
    const out = say({
      action: 'widget.frobbed_twice',
      entity: 'widget',
      entityId: '9',
      before: { name: 'A', feeCents: 100, same: 1, apiToken: 'old-token-value' },
      after: { name: 'B', feeCents: 150, same: 1, apiToken: 'new-token-value', enabled: true },
    });
    expect(out).toEqual({
      sentence: 'Widget “B”: frobbed twice',
      details: ['name: A → B', 'fee: $1.00 → $1.50', 'api token: (hidden) → (hidden)', 'enabled: — → yes'],
    });
    expect(JSON.stringify(out)).not.toMatch(/token-value/);
    expect(sentence({ action: 'frobbed', entity: 'gift_card', entityId: '9' })).toBe('Gift card #9: frobbed');
  });

  it('reads an action named like a property of every object as any other', () => {
    for (const action of ['constructor', 'toString', 'hasOwnProperty'])
      expect(sentence({ action, entity: 'widget', entityId: '9' }), action).toBe(`Widget #9: ${action}`);
    expect(sentence({ action: '__proto__', entity: 'widget', entityId: '9' })).toBe('Widget #9: proto');
  });

  it('shows eight lines and counts the rest, but never says "and 1 more"', () => {
    const fields = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i + 1}`, i]));
    const lines = (n: number) =>
      say({ action: 'widget.frobbed', entity: 'widget', entityId: '9', after: fields(n) }).details;
    expect(lines(9)).toHaveLength(9);
    expect(lines(9).at(-1)).toBe('field9: — → 8');
    expect(lines(12)).toEqual([...lines(12).slice(0, 8), 'and 4 more']);
    expect(lines(12).slice(0, 8)).toEqual(lines(8));
  });

  it('reads a sentence as one line, whatever spaces a name holds', () => {
    expect(
      sentence({
        action: 'buyer.disabled',
        entity: 'buyer',
        entityId: BUYER,
        record: named('  Corner\n Shop\tLLC '),
      }),
    ).toBe('Disabled the account of Corner Shop LLC');
  });
});
