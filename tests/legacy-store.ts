/**
 * A small store as the release at migration 0028_selling_unit left it, for the companies migration
 * test (decision 015, "The test"). Raw SQL only, never Drizzle tables, seed or service code: those
 * follow the newest schema, and this file must stay valid at 0028 for good. Every id, token and time
 * is fixed, so the app's answers on it are the same on every run and on both databases.
 *
 * Who is in it:
 * a — signed up only (email unverified); b — one address and a pending Sales ID;
 * c — five addresses (the third the default), both documents verified (a TX licence with number and
 *     expiry), orders with delivered and cancelled items, a cart, saved lists, a stock alert, in the
 *     customer group; d — documents but no address; e — disabled, with two sessions;
 * f — a re-upload requested on the Sales ID and an expired (FL) licence, a cart;
 * staff — second factor set up, the audit entries, an address and one storefront order of their own.
 */
import { createHash, scryptSync } from 'node:crypto';
import type { Database } from '../src/server/db/client.ts';

export const LEGACY_MIGRATION = '0028_selling_unit';

const id = (prefix: string, suffix: string) => `${prefix}-0000-4000-8000-${suffix.padStart(12, '0')}`;
const A = id('b0000000', 'a');
const B = id('b0000000', 'b');
const C = id('b0000000', 'c');
const D = id('b0000000', 'd');
const E = id('b0000000', 'e');
const F = id('b0000000', 'f');
const STAFF = id('5aff0000', '1');
const address = (suffix: string) => id('ad000000', suffix);
const doc = (suffix: string) => id('d0c00000', suffix);
const order = (n: number) => id('0de00000', String(n));

/** The session cookie's token of each person; the table keeps its SHA-256, as session.service.ts does. */
const token = (who: string) => `legacy-session-${who}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** scrypt$logN$r$p$salt$key as password.ts writes it, of 'legacy password 1' (a cheap cost, a fixed salt). */
function passwordHash(): string {
  const salt = Buffer.from('legacy-store-salt');
  const key = scryptSync('legacy password 1', salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 10, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** owner, id, street, street 2, city, state, ZIP, default, created. */
const ADDRESSES = [
  [B, 'b1', '48 Pine Rd', '', 'Tulsa', 'OK', '74103', true, '2026-11-01T10:10:00Z'],
  [C, 'c1', '500 Market St', '', 'San Francisco', 'CA', '94105', false, '2026-03-01T10:10:00Z'],
  [C, 'c2', '1 Main St', 'Unit 2', 'Buffalo', 'NY', '14202', false, '2026-03-01T10:20:00Z'],
  [C, 'c3', '12 Elm St', 'Suite 4', 'Austin', 'TX', '78701', true, '2026-03-01T10:30:00Z'],
  [C, 'c4', '300 Dexter Ave', '', 'Montgomery', 'AL', '36104', false, '2026-03-01T10:40:00Z'],
  [C, 'c5', '77 Ocean Dr', '', 'Miami', 'FL', '33139', false, '2026-03-01T10:50:00Z'],
  [E, 'e1', '9 Peach St', '', 'Atlanta', 'GA', '30303', true, '2026-05-01T09:10:00Z'],
  [F, 'f1', '200 Bay St', '', 'Tampa', 'FL', '33602', true, '2025-04-01T12:10:00Z'],
  [F, 'f2', '15 Canal St', '', 'New Orleans', 'LA', '70130', false, '2025-04-01T12:20:00Z'],
  [STAFF, '5a', '1200 Commerce Park Dr', 'Suite 4', 'Dallas', 'TX', '75201', true, '2026-01-02T09:30:00Z'],
] as const;

/** What the replay asks about: each person's cookie, orders (newest first), addresses and saved lists. */
export interface LegacyPerson {
  key: string;
  id: string;
  cookie: string;
  orders: string[];
  addresses: { state: string; zip: string }[];
  lists: number[];
}

const person = (key: string, userId: string, orders: string[] = [], lists: number[] = []): LegacyPerson => ({
  key,
  id: userId,
  cookie: `sid=${token(key)}`,
  orders,
  addresses: ADDRESSES.filter((a) => a[0] === userId).map((a) => ({ state: a[5], zip: a[6] })),
  lists,
});

export const LEGACY_PEOPLE: LegacyPerson[] = [
  person('a', A),
  person('b', B),
  person('c', C, ['SS-100003', 'SS-100002', 'SS-100001'], [1, 2]),
  person('d', D),
  person('e', E),
  person('f', F),
  person('staff', STAFF, ['SS-100004']),
];

/** The one product, as the storefront's URL names it. */
export const LEGACY_PRODUCT_QUERY = 'categoryId=e-liquids&brandId=coastline&subBrandId=salt-nic-30ml';

const image = (alt: string) => JSON.stringify({ url: '/favicon.svg', alt, width: 800, height: 800 });
const E_LIQUID = JSON.stringify({
  kind: 'e_liquid',
  flavoured: true,
  nicotineMgPerMl: 50,
  liquidMlPerUnit: 30,
  cartridgesPerUnit: null,
  cannabinoid: null,
  thcMgPerContainer: null,
  synthesised: false,
});

/** A category, a brand, a product with three options, a state listing, a customer group and its prices. */
const catalogue = () => [
  `insert into categories (id, slug, name, "group", position) values (1, 'e-liquids', 'E-Liquids', 'Vape Hardware', 0)`,
  `insert into brands (id, category_id, slug, name, logo, position)
   values (1, 1, 'coastline', 'Coastline Vapor', '${image('Coastline Vapor')}', 0)`,
  `insert into products (id, brand_id, slug, name, description, product_code, sku, rating, price_cents, selling_unit,
     delivery, highlights, seller, specifications, images, is_new, compliance, search_key, created_at, updated_at)
   values (1, 1, 'salt-nic-30ml', 'Salt Nic 30 ml', 'Nicotine salt e-liquid, 50 mg/ml.', 'CLV-SN30', 'CLV-SN30', 4.5,
     1299, 'box of 10', 'Ships in 1-2 business days', '["50 mg/ml", "30 ml bottles"]', 'Test Wholesale',
     '[{"title": "Volume", "details": "30 ml"}]', '[${image('Salt Nic 30 ml')}]', true, '${E_LIQUID}',
     'saltnic30mlcoastlinevapore-liquidsmangoiceclassictobaccobluerazz', '2026-01-05T10:00:00Z', '2026-01-05T10:00:00Z')`,
  `insert into variants (id, product_id, name, sku, image, stock, position, compliance, min_quantity, order_increment, max_quantity)
   values (1, 1, 'Mango Ice', 'CLV-SN30-MAN', '${image('Mango Ice')}', 120, 0, '{}', 10, 5, null),
     (2, 1, 'Classic Tobacco', 'CLV-SN30-TOB', '${image('Classic Tobacco')}', 40, 1, '{"flavoured": false}', 1, 1, 24),
     (3, 1, 'Blue Razz', 'CLV-SN30-BRZ', '${image('Blue Razz')}', 0, 2, '{}', 1, 1, null)`,
  `insert into directory_listings (product_id, state, listed, listing_id, listed_on, updated_at)
   values (1, 'AL', true, 'AL-ENDS-0042', '2026-02-01', '2026-02-01T09:00:00Z')`,
  `insert into customer_groups (id, name, description, version, created_at, updated_at)
   values (1, 'Chain stores', 'Shops with three or more locations', 3, '2026-02-01T09:00:00Z', '2026-02-01T09:30:00Z')`,
  `insert into price_list_entries (id, group_id, scope, target_id, price_cents, basis_points, tiers, updated_at)
   values (1, 1, 'variant', 1, 1150, null, '[{"minQuantity": 20, "priceCents": 1050}]', '2026-02-01T09:10:00Z'),
     (2, 1, 'product', 1, 1225, null, '[]', '2026-02-01T09:20:00Z'),
     (3, 1, 'brand', 1, null, 500, '[]', '2026-02-01T09:30:00Z')`,
];

/** The buyers and the staff member, their addresses, c's group, a's unused verification link. */
function people(): string[] {
  const hash = passwordHash();
  const values = ADDRESSES.map(
    ([owner, suffix, street, street2, city, state, zip, isDefault, at]) =>
      `('${address(suffix)}', '${owner}', '${street}', '${street2}', '${city}', '${state}', '${zip}', ${isDefault}, '${at}')`,
  );
  return [
    `insert into users (id, email, password_hash, role, email_verified_at, business_name, name, phone, is_completed, disabled_at, created_at, updated_at)
     values ('${A}', 'ava@legacy.example', '${hash}', 'buyer', null, 'Ava Vapes LLC', 'Ava Adams', '+1 (555) 010-0001', false, null, '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'),
       ('${B}', 'ben@legacy.example', '${hash}', 'buyer', '2026-11-01T10:05:00Z', 'Ben''s Smoke Shop', 'Ben Brooks', '+1 (555) 010-0002', true, null, '2026-11-01T10:00:00Z', '2026-11-02T09:00:00Z'),
       ('${C}', 'Cora.Chen@Legacy.example', '${hash}', 'buyer', '2026-03-01T10:02:00Z', 'Cora Chain Stores Inc', 'Cora Chen', '+1 (555) 010-0003', true, null, '2026-03-01T10:00:00Z', '2026-03-02T09:05:00Z'),
       ('${D}', 'dev@legacy.example', '${hash}', 'buyer', '2026-10-01T08:05:00Z', 'Dev Distribution', 'Dev Desai', '+1 (555) 010-0004', true, null, '2026-10-01T08:00:00Z', '2026-10-01T08:35:00Z'),
       ('${E}', 'eli@legacy.example', '${hash}', 'buyer', '2026-05-01T09:02:00Z', 'Eli Tobacco Outlet', 'Eli Evans', '+1 (555) 010-0005', true, '2026-11-15T16:00:00Z', '2026-05-01T09:00:00Z', '2026-11-15T16:00:00Z'),
       ('${F}', 'fay@legacy.example', '${hash}', 'buyer', '2025-04-01T12:02:00Z', 'Fay Florida Vapor', 'Fay Flores', '+1 (555) 010-0006', true, null, '2025-04-01T12:00:00Z', '2026-09-14T12:00:00Z')`,
    // A key stored before sealing existed is read as it is (secret-box.ts).
    `insert into users (id, email, password_hash, role, email_verified_at, business_name, name, phone, is_completed,
       totp_secret, totp_enabled_at, totp_last_step, created_at, updated_at)
     values ('${STAFF}', 'sam.staff@legacy.example', '${hash}', 'staff', '2026-01-02T09:00:00Z', 'Staff', 'Sam Staff', '',
       true, 'JBSWY3DPEHPK3PXP', '2026-01-02T09:05:00Z', 59253000, '2026-01-02T09:00:00Z', '2026-01-02T09:05:00Z')`,
    `insert into staff_recovery_codes (id, user_id, code_hash, created_at, used_at)
     values (1, '${STAFF}', '${sha256('legacy-recovery-1')}', '2026-01-02T09:05:00Z', null),
       (2, '${STAFF}', '${sha256('legacy-recovery-2')}', '2026-01-02T09:05:00Z', '2026-06-01T08:00:00Z')`,
    `insert into staff_notifications (user_id, new_orders, new_uploads, updated_at) values ('${STAFF}', true, false, '2026-01-02T09:10:00Z')`,
    `insert into email_tokens (id, user_id, purpose, token_hash, created_at, expires_at)
     values (1, '${A}', 'verify_email', '${sha256('legacy-verify-a')}', '2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z')`,
    `insert into addresses (id, user_id, street_address, street_address_2, city, state, zip_code, is_default, created_at)
     values ${values.join(',\n')}`,
    `insert into customer_group_members (user_id, group_id, added_at) values ('${C}', 1, '2026-03-05T09:00:00Z')`,
  ];
}

/** Remembered sessions (30 days) for buyers, e with two; a browser session for staff, its second factor given. */
function sessions(): string[] {
  const buyer = (n: number, owner: string, who: string, created: string) => {
    const expires = new Date(Date.parse(created) + 30 * 86_400_000).toISOString();
    return `(${n}, '${sha256(token(who))}', '${owner}', true, '${created}', '2026-11-22T11:59:30Z', null, '${expires}')`;
  };
  return [
    `insert into sessions (id, token_hash, user_id, remember, created_at, last_seen_at, second_factor_at, expires_at)
     values ${[
       buyer(1, A, 'a', '2026-11-20T10:00:00Z'),
       buyer(2, B, 'b', '2026-11-21T08:00:00Z'),
       buyer(3, C, 'c', '2026-11-21T09:00:00Z'),
       buyer(4, D, 'd', '2026-11-21T10:00:00Z'),
       buyer(5, E, 'e', '2026-11-14T10:00:00Z'),
       buyer(6, E, 'e-2', '2026-11-15T10:00:00Z'),
       buyer(7, F, 'f', '2026-11-21T11:00:00Z'),
       `(8, '${sha256(token('staff'))}', '${STAFF}', false, '2026-11-22T09:00:00Z', '2026-11-22T11:59:30Z', '2026-11-22T09:00:30Z', '2026-11-22T21:00:00Z')`,
     ].join(',\n')}`,
  ];
}

/**
 * Documents, each with a storage key (no file: no route replayed reads one). c's licence expires far
 * ahead because GET /auth/session judges expiry by the real clock (accounts.service.ts `loadProfile`),
 * the other answers by the test's.
 */
function documents(): string[] {
  const upload = (suffix: string, owner: string, kind: string) => {
    const [name, type] =
      kind === 'sales_id' ? ['sales-id.pdf', 'application/pdf'] : ['licence.jpg', 'image/jpeg'];
    const md5 = createHash('md5').update(suffix).digest('base64');
    return `'${doc(suffix)}', '${owner}', '${kind}', 'documents/${owner}/${doc(suffix)}', '${name}', '${type}', 48213, '${md5}'`;
  };
  return [
    `insert into documents (id, user_id, kind, storage_key, original_name, content_type, size, md5, status,
       reviewer_id, reviewed_at, document_number, issuing_state, note, expires_on, created_at, updated_at)
     values (${upload('b1', B, 'sales_id')}, 'pending', null, null, null, null, null, null, '2026-11-02T09:00:00Z', '2026-11-02T09:00:00Z'),
       (${upload('c1', C, 'sales_id')}, 'verified', '${STAFF}', '2026-03-03T14:02:00Z', 'SID-55501', 'TX', null, null, '2026-03-02T09:00:00Z', '2026-03-02T09:00:00Z'),
       (${upload('c2', C, 'tobacco_license')}, 'verified', '${STAFF}', '2026-03-03T14:05:00Z', 'TX-TOB-884211', 'TX', null, '2099-12-31', '2026-03-02T09:05:00Z', '2026-03-02T09:05:00Z'),
       (${upload('d1', D, 'sales_id')}, 'verified', '${STAFF}', '2026-10-02T10:00:00Z', 'SID-77120', 'NV', null, null, '2026-10-01T08:30:00Z', '2026-10-01T08:30:00Z'),
       (${upload('d2', D, 'tobacco_license')}, 'pending', null, null, null, null, null, null, '2026-10-01T08:35:00Z', '2026-10-01T08:35:00Z'),
       (${upload('f1', F, 'sales_id')}, 'reupload_requested', '${STAFF}', '2026-09-15T10:00:00Z', null, null,
         'The scan is blurred; please upload a sharper one.', null, '2026-09-14T12:00:00Z', '2026-09-14T12:00:00Z'),
       (${upload('f2', F, 'tobacco_license')}, 'verified', '${STAFF}', '2025-04-03T10:00:00Z', 'FL-TOB-20931', 'FL', null, '2025-10-31', '2025-04-01T12:30:00Z', '2025-04-01T12:30:00Z')`,
    `insert into document_reminders (id, document_id, expires_on, stage, sent_at)
     values (1, '${doc('f2')}', '2025-10-31', '30d', '2025-10-01T07:00:00Z'),
       (2, '${doc('f2')}', '2025-10-31', '7d', '2025-10-24T07:00:00Z'),
       (3, '${doc('f2')}', '2025-10-31', 'expired', '2025-11-01T07:00:00Z')`,
  ];
}

/** An order item's order, option, and (after its quantity) what it was: where from, its attributes. */
const line = (orderNo: number, variant: number | null) => `'${order(orderNo)}', ${variant ?? 'null'}`;
const FROM = `'e-liquids', 'coastline', 'salt-nic-30ml', 'Coastline Vapor'`;
const TOBACCO = E_LIQUID.replace('"flavoured":true', '"flavoured":false');

/**
 * c's orders: SS-100001 delivered to the default address, one item delivered and one cancelled;
 * SS-100002 all cancelled (picked up, ship-to c's first address); SS-100003 pending, ship-to an
 * address no longer in the book, one item's option since deleted. SS-100004: staff's own.
 */
const orders = () => [
  `insert into orders (id, number, user_id, idempotency_key, shipping_type, ship_name, ship_business_name, ship_address,
     ship_city, ship_state, ship_postal_code, comments, subtotal_cents, shipping_cents, excise_cents, total_cents, carrier,
     tracking_number, mailed_stages, compliance_version, created_at)
   values ('${order(1)}', 'SS-100001', '${C}', 'legacy-order-1', 'Shiptoaddress', 'Cora Chen', 'Cora Chain Stores Inc', '12 Elm St, Suite 4', 'Austin', 'TX', '78701', 'Leave at the loading dock.', 17625, 2000, 0, 19625, 'UPS Ground', '1Z999AA10123456784', '{shipped,delivered}', 1, '2026-06-10T15:00:00Z'),
     ('${order(2)}', 'SS-100002', '${C}', 'legacy-order-2', 'Pickup', 'Cora Chen', 'Cora Chain Stores Inc', '500 Market St', 'San Francisco', 'CA', '94105', '', 7350, 0, 0, 7350, 'UPS Ground', '', '{}', 1, '2026-08-20T16:30:00Z'),
     ('${order(3)}', 'SS-100003', '${C}', 'legacy-order-3', 'Pickup', 'Cora Chen', 'Cora Chain Stores Inc', '9 Old Mill Rd', 'Dallas', 'TX', '75201', '', 30990, 0, 0, 30990, 'UPS Ground', '', '{}', 1, '2026-11-18T13:00:00Z'),
     ('${order(4)}', 'SS-100004', '${STAFF}', 'legacy-order-4', 'Pickup', 'Sam Staff', 'Staff', '1200 Commerce Park Dr, Suite 4', 'Dallas', 'TX', '75201', 'Sample for the showroom', 2598, 0, 0, 2598, 'UPS Ground', '', '{}', 1, '2026-11-10T11:00:00Z')`,
  `insert into order_items (id, order_id, variant_id, sku, product_name, variant_name, image_url, unit_price_cents,
     selling_unit, quantity, category_slug, brand_slug, product_slug, brand_name, compliance, excise_cents, status)
   values (1, ${line(1, 1)}, 'CLV-SN30-MAN', 'Salt Nic 30 ml', 'Mango Ice', '/favicon.svg', 1150, 'box of 10', 10, ${FROM}, '${E_LIQUID}', 0, 'delivered'),
     (2, ${line(1, 2)}, 'CLV-SN30-TOB', 'Salt Nic 30 ml', 'Classic Tobacco', '/favicon.svg', 1225, 'box of 10', 5, ${FROM}, '${TOBACCO}', 0, 'cancelled'),
     (3, ${line(2, 3)}, 'CLV-SN30-BRZ', 'Salt Nic 30 ml', 'Blue Razz', '/favicon.svg', 1225, 'box of 10', 6, ${FROM}, '${E_LIQUID}', 0, 'cancelled'),
     (4, ${line(3, 1)}, 'CLV-SN30-MAN', 'Salt Nic 30 ml', 'Mango Ice', '/favicon.svg', 1050, 'box of 10', 20, ${FROM}, '${E_LIQUID}', 0, 'pending'),
     (5, ${line(3, null)}, 'CLV-SN30-PCH', 'Salt Nic 30 ml', 'Peach (discontinued)', '/favicon.svg', 999, 'box of 10', 10, ${FROM}, '${E_LIQUID}', 0, 'pending'),
     (6, ${line(4, 2)}, 'CLV-SN30-TOB', 'Salt Nic 30 ml', 'Classic Tobacco', '/favicon.svg', 1299, 'box of 10', 2, ${FROM}, '${TOBACCO}', 0, 'pending')`,
  `insert into order_events (id, order_id, stage, note, delivered_item_ids, created_at)
   values (1, '${order(1)}', 'placed', null, '{}', '2026-06-10T15:00:00Z'),
     (2, '${order(1)}', 'shipped', null, '{}', '2026-06-11T09:00:00Z'),
     (3, '${order(1)}', 'delivered', null, '{1}', '2026-06-13T14:00:00Z'),
     (4, '${order(2)}', 'placed', null, '{}', '2026-08-20T16:30:00Z'),
     (5, '${order(2)}', 'cancelled', 'Out of stock', '{}', '2026-08-21T10:00:00Z'),
     (6, '${order(3)}', 'placed', null, '{}', '2026-11-18T13:00:00Z'),
     (7, '${order(4)}', 'placed', null, '{}', '2026-11-10T11:00:00Z')`,
  `insert into outbox (id, "to", subject, text, html, status, attempts, next_attempt_at, created_at, sent_at)
   values (1, 'Cora.Chen@Legacy.example', 'Order SS-100001 placed', 'Thank you for your order.', '<p>Thank you for your order.</p>',
     'sent', 1, '2026-06-10T15:00:00Z', '2026-06-10T15:00:00Z', '2026-06-10T15:00:05Z')`,
];

/** Carts (c's over a tier, f's to an expired licence's state), c's saved lists, stock alerts of c and b. */
const shopping = () => [
  `insert into cart_items (user_id, variant_id, quantity, updated_at)
   values ('${C}', 1, 20, '2026-11-21T09:30:00Z'), ('${C}', 2, 3, '2026-11-21T09:31:00Z'), ('${F}', 2, 2, '2026-11-21T11:10:00Z')`,
  `insert into saved_lists (id, user_id, name, created_at, updated_at)
   values (1, '${C}', 'Weekly restock', '2026-09-01T10:00:00Z', '2026-11-20T10:00:00Z'),
     (2, '${C}', 'Holiday order', '2026-10-01T10:00:00Z', '2026-10-02T10:00:00Z')`,
  `insert into saved_list_items (list_id, variant_id, quantity, added_at)
   values (1, 1, 10, '2026-09-01T10:01:00Z'), (1, 2, 6, '2026-11-20T10:00:00Z'), (2, 3, 12, '2026-10-02T10:00:00Z')`,
  `insert into stock_alerts (user_id, variant_id, created_at)
   values ('${C}', 3, '2026-11-01T10:00:00Z'), ('${B}', 3, '2026-11-03T10:00:00Z')`,
];

const review = (r: Record<string, string>) =>
  JSON.stringify({
    status: 'pending',
    documentNumber: null,
    issuingState: null,
    expiresOn: null,
    note: null,
    ...r,
  });

/** What staff did, as the services record it (entity names, before and after). */
function auditLog(): string[] {
  const pending = review({});
  const verified = (documentNumber: string, issuingState: string, expiresOn?: string) =>
    review({ status: 'verified', documentNumber, issuingState, ...(expiresOn && { expiresOn }) });
  const reupload = review({
    status: 'reupload_requested',
    note: 'The scan is blurred; please upload a sharper one.',
  });
  return [
    `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
     values (1, '${STAFF}', 'document.viewed', 'document', '${doc('f2')}', null, null, '2025-04-03T09:58:00Z'),
       (2, '${STAFF}', 'document.verified', 'document', '${doc('f2')}', '${pending}', '${verified('FL-TOB-20931', 'FL', '2025-10-31')}', '2025-04-03T10:00:00Z'),
       (3, '${STAFF}', 'document.verified', 'document', '${doc('c1')}', '${pending}', '${verified('SID-55501', 'TX')}', '2026-03-03T14:02:00Z'),
       (4, '${STAFF}', 'document.verified', 'document', '${doc('c2')}', '${pending}', '${verified('TX-TOB-884211', 'TX', '2099-12-31')}', '2026-03-03T14:05:00Z'),
       (5, '${STAFF}', 'pricing.buyer_group_set', 'user', '${C}', '{"groupId": null, "groupName": null}', '{"groupId": 1}', '2026-03-05T09:00:00Z'),
       (6, '${STAFF}', 'order.stage', 'order', 'SS-100001', '{"stage": "placed", "carrier": "UPS Ground", "trackingNumber": ""}',
         '{"stage": "shipped", "carrier": "UPS Ground", "trackingNumber": "1Z999AA10123456784"}', '2026-06-11T09:00:00Z'),
       (7, '${STAFF}', 'document.reupload_requested', 'document', '${doc('f1')}', '${pending}', '${reupload}', '2026-09-15T10:00:00Z'),
       (8, '${STAFF}', 'document.verified', 'document', '${doc('d1')}', '${pending}', '${verified('SID-77120', 'NV')}', '2026-10-02T10:00:00Z'),
       (9, '${STAFF}', 'buyer.email_verified', 'buyer', '${B}', null, null, '2026-11-01T10:05:00Z'),
       (10, '${STAFF}', 'buyer.disabled', 'buyer', '${E}', null, null, '2026-11-15T16:00:00Z'),
       (11, '${STAFF}', 'document.viewed', 'document', '${doc('b1')}', null, null, '2026-11-21T10:00:00Z')`,
  ];
}

/** Tables whose ids the rows above gave: their sequences go on from there, as if the app had written them. */
const SERIAL_TABLES = [
  'categories',
  'brands',
  'products',
  'variants',
  'customer_groups',
  'price_list_entries',
  'staff_recovery_codes',
  'email_tokens',
  'sessions',
  'document_reminders',
  'order_items',
  'order_events',
  'outbox',
  'saved_lists',
  'audit_log',
];

/** Writes the legacy store into a database migrated up to LEGACY_MIGRATION (and no further). */
export async function populateLegacyStore(database: Database): Promise<void> {
  const statements = [
    ...catalogue(),
    ...people(),
    ...sessions(),
    ...documents(),
    ...orders(),
    ...shopping(),
    ...auditLog(),
  ];
  for (const sql of statements) await database.query(sql);
  for (const table of SERIAL_TABLES)
    await database.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  await database.query(`select setval('order_number_seq', 100004)`);
}
