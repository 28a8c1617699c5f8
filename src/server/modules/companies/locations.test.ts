import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { VerificationQueueSchema } from '#shared/accounts/documents-staff.schemas.ts';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import { LocationsSchema } from '#shared/companies/locations.schemas.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { OrderListSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { ORIGIN } from '#tests/accounts.ts';
import { multipart, PDF } from '#tests/multipart.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, orderBody, verifiedBuyer, variantWith, add } = ordersFixture(() => t);
const { staffWithTotp } = staffHelpers(() => t, clock);

// Texas and Georgia sell it only to a buyer with a license of theirs (the seeded rules).
const VAPE = { kind: 'ends_device', flavoured: false, nicotineMgPerMl: 50, liquidMlPerUnit: 10 };
const DALLAS = {
  streetAddress: '1 Main St',
  streetAddress2: '',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
};
const ATLANTA = {
  streetAddress: '9 Peach St',
  streetAddress2: '',
  city: 'Atlanta',
  state: 'GA',
  zipCode: '30301',
};
const toAtlanta = {
  name: 'Dana Buyer',
  businessName: 'Corner Shop',
  address: '9 Peach St',
  city: 'Atlanta',
  state: 'GA',
  postalCode: '30301',
};

const uploadFor = (cookie: string | undefined, locationId: string, kind: string) => {
  const body = multipart({ filename: 'licence.pdf', contentType: 'application/pdf', content: PDF });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/company/locations/${locationId}/documents/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
};
const locations = async (cookie: string) =>
  LocationsSchema.parse((await call('GET', '/api/v1/company/locations', cookie)).json());
const cartFor = async (cookie: string, query: string) => {
  const res = await call('GET', `/api/v1/cart?${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return CartSchema.parse(res.json());
};

/**
 * A verified company (Sales ID and a Texas license of its own) with two locations: Dallas, the
 * default, and an Atlanta shop; a vape in the cart.
 */
async function twoShops() {
  const buyer = await verifiedBuyer({ documents: true, licence: 'TX' });
  expect((await call('POST', '/api/v1/account/complete', buyer.cookie, DALLAS)).statusCode).toBe(200);
  const added = await call('POST', '/api/v1/account/addresses', buyer.cookie, {
    ...ATLANTA,
    name: 'Atlanta shop',
  });
  expect(added.statusCode).toBe(201);
  const list = await locations(buyer.cookie);
  const dallas = list.locations.find((l) => l.state === 'TX')!.id;
  const atlanta = added.json().id as string;
  const vape = await variantWith(50, 1500, VAPE);
  await add(buyer.cookie, vape.sku, 1);
  return { buyer, dallas, atlanta, vape };
}

async function verify(documentId: string, issuingState: string) {
  const staff = await staffWithTotp();
  const res = await call('POST', `/api/v1/admin/documents/${documentId}/verify`, staff.cookie, {
    documentNumber: `${issuingState}-1`,
    issuingState,
    expiresOn: '2030-01-31',
  });
  expect(res.statusCode).toBe(200);
  return staff;
}

/** Whether the private store holds a file under the key (its last part names the file). */
const stored = (key: string) =>
  readdirSync(t.privateDir, { recursive: true }).some((f) => String(f).endsWith(key.split('/').pop()!));

const blocked = (cart: { items: { blocks: unknown[] }[] }) => cart.items.some((i) => i.blocks.length > 0);

describe('locations and their own documents (decision 015, step 2b)', () => {
  it("a shop in another state is judged by its own license in the cart, at checkout and in the order's transaction", async () => {
    const { buyer, dallas, atlanta } = await twoShops();
    // The company's Texas license stands for both shops: Dallas may have it, Atlanta may not.
    expect(blocked(await cartFor(buyer.cookie, `locationId=${dallas}`))).toBe(false);
    const georgia = await cartFor(buyer.cookie, `locationId=${atlanta}`);
    expect(georgia.shipTo).toMatchObject({ state: 'GA', shipping: 'Shiptoaddress' });
    expect(blocked(georgia)).toBe(true);
    const refused = await call(
      'POST',
      '/api/v1/orders',
      buyer.cookie,
      orderBody({ shippingType: 'Shiptoaddress', shippingDetails: toAtlanta, locationId: atlanta }),
    );
    expect(refused.statusCode).toBe(409);

    // Atlanta's own license, uploaded on the Locations page, waits for staff; the company's stay.
    const uploaded = await uploadFor(buyer.cookie, atlanta, 'tobacco_license');
    expect(uploaded.statusCode).toBe(200);
    const after = LocationsSchema.parse(uploaded.json());
    const shop = after.locations.find((l) => l.id === atlanta)!;
    expect(shop.documents.tobaccoLicense).toMatchObject({ status: 'pending', originalName: 'licence.pdf' });
    expect(shop.documents.salesId).toBeNull();
    expect(after.companyDocuments.tobaccoLicense).toMatchObject({ status: 'verified' });
    expect(after.locationLimit).toBe(5);

    // Staff see it in the queue as the Atlanta shop's, and verify it as a Georgia license.
    const staff = await staffWithTotp();
    const queue = VerificationQueueSchema.parse(
      (await call('GET', '/api/v1/admin/verifications', staff.cookie)).json(),
    );
    const queued = queue.documents.find((d) => d.location?.id === atlanta)!;
    expect(queued).toMatchObject({
      kind: 'tobacco_license',
      location: { name: 'Atlanta shop', state: 'GA' },
      buyer: { id: buyer.user.id, email: buyer.body.email },
    });
    await verify(queued.id, 'GA');

    expect(blocked(await cartFor(buyer.cookie, `locationId=${atlanta}`))).toBe(false);
    const placed = await call(
      'POST',
      '/api/v1/orders',
      buyer.cookie,
      orderBody({ shippingType: 'Shiptoaddress', shippingDetails: toAtlanta, locationId: atlanta }),
    );
    expect(placed.statusCode).toBe(201);
    const number = PlaceOrderResponseSchema.parse(placed.json()).order.orderNumber;
    const [row] = await t.database.query<{ location_id: string }>(
      'select location_id from orders where number = $1',
      [number],
    );
    expect(row!.location_id).toBe(atlanta);
  });

  it("a location's own pending license replaces the company's for it, and counts for the unverified cap", async () => {
    const { buyer, dallas, atlanta, vape } = await twoShops();
    expect((await uploadFor(buyer.cookie, dallas, 'tobacco_license')).statusCode).toBe(200);
    // Dallas's own license is pending: the company's verified one no longer stands for Dallas…
    expect(blocked(await cartFor(buyer.cookie, `locationId=${dallas}`))).toBe(true);
    // …nor for a pickup chosen for Dallas (judged in the store's state, Texas, with Dallas's licenses).
    expect(blocked(await cartFor(buyer.cookie, `locationId=${dallas}&shipping=Pickup`))).toBe(true);
    // Without a location, the default (Dallas) is meant; the release before's `state` alone too.
    expect(blocked(await cartFor(buyer.cookie, ''))).toBe(true);
    // A plain option no rule restricts, over the cap: the Sales ID is verified, the license is not.
    await call('DELETE', `/api/v1/cart/items/${vape.sku}`, buyer.cookie);
    const pipe = await variantWith(50, 60_000);
    await add(buyer.cookie, pipe.sku, 1);
    const overCap = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ locationId: dallas }));
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json().message).toBe(orderMessages.overCap(50_000));
    // The same order for Atlanta (which has no license of its own: the company's verified one) goes through.
    const fine = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ locationId: atlanta }));
    expect(fine.statusCode).toBe(201);
  });

  it('refuses a location that is not the company’s, or a delivery elsewhere than the location chosen', async () => {
    const { buyer, dallas, atlanta, vape } = await twoShops();
    const other = await twoShops();
    const notFound = await call('GET', `/api/v1/cart?locationId=${other.atlanta}`, buyer.cookie);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(accountMessages.addressNotFound);
    expect((await call('GET', `/api/v1/cart?locationId=${randomUUID()}`, buyer.cookie)).statusCode).toBe(404);
    const bad = await call('GET', '/api/v1/cart?locationId=1%27%20or%201=1', buyer.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(accountMessages.addressNotFound);

    const before = await t.database.query('select count(*)::int as n from orders');
    const theirs = await call(
      'POST',
      '/api/v1/orders',
      buyer.cookie,
      orderBody({ locationId: other.dallas }),
    );
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(orderMessages.locationGone);
    // Delivery to Atlanta while naming Dallas (of an option no rule restricts): the location and
    // the address must agree, in the order's transaction.
    await call('DELETE', `/api/v1/cart/items/${vape.sku}`, buyer.cookie);
    await add(buyer.cookie, (await variantWith(50)).sku, 1);
    const elsewhere = await call(
      'POST',
      '/api/v1/orders',
      buyer.cookie,
      orderBody({ shippingType: 'Shiptoaddress', shippingDetails: toAtlanta, locationId: dallas }),
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(orderMessages.locationGone);
    expect(await t.database.query('select count(*)::int as n from orders')).toEqual(before);

    // Another company's location's documents: unknown, for reading and for uploading.
    expect((await uploadFor(other.buyer.cookie, atlanta, 'sales_id')).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/v1/company/locations/${atlanta}/documents/sales_id`, other.buyer.cookie))
        .statusCode,
    ).toBe(404);
    const rows = await t.database.query('select id from documents where location_id = $1', [atlanta]);
    expect(rows).toEqual([]);
  });

  it("the company's orders say who placed them and for which location, and filter by either", async () => {
    const { buyer, dallas, atlanta, vape } = await twoShops();
    const other = await twoShops();
    await call('DELETE', `/api/v1/cart/items/${vape.sku}`, buyer.cookie);
    const pipe = await variantWith(50);
    const placeFor = async (locationId?: string) => {
      await add(buyer.cookie, pipe.sku, 1);
      const res = await call(
        'POST',
        '/api/v1/orders',
        buyer.cookie,
        orderBody(locationId ? { locationId } : {}),
      );
      expect(res.statusCode).toBe(201);
      return PlaceOrderResponseSchema.parse(res.json()).order;
    };
    const forAtlanta = await placeFor(atlanta);
    expect(forAtlanta.location).toEqual({ id: atlanta, name: 'Atlanta shop' });
    expect(forAtlanta.placedBy).toEqual({ id: buyer.user.id, name: buyer.body.name });
    // None named: the default location, Dallas (unnamed: its street).
    const forDallas = await placeFor();
    expect(forDallas.location).toEqual({ id: dallas, name: '1 Main St' });

    const list = async (query: string) => {
      const res = await call('GET', `/api/v1/orders?${query}`, buyer.cookie);
      expect(res.statusCode).toBe(200);
      return OrderListSchema.parse(res.json()).orders.map((o) => o.orderNumber);
    };
    expect(await list('')).toEqual([forDallas.orderNumber, forAtlanta.orderNumber]);
    expect(await list(`location=${atlanta}`)).toEqual([forAtlanta.orderNumber]);
    expect(await list(`placedBy=${buyer.user.id}`)).toEqual([forDallas.orderNumber, forAtlanta.orderNumber]);
    // Another company's ids find nothing of theirs or of ours.
    expect(await list(`location=${other.atlanta}`)).toEqual([]);
    expect(await list(`placedBy=${other.buyer.user.id}`)).toEqual([]);
    const bad = await call('GET', '/api/v1/orders?location=nowhere', buyer.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(orderMessages.chooseFromList);
    // A removed location leaves its orders, without it.
    expect((await call('DELETE', `/api/v1/account/addresses/${atlanta}`, buyer.cookie)).statusCode).toBe(200);
    const again = await call('GET', `/api/v1/orders/${forAtlanta.orderNumber}`, buyer.cookie);
    expect(again.json().location).toBeNull();
  });

  it('anonymous and staff have no locations; removing one removes its own documents and their files', async () => {
    const { buyer, atlanta } = await twoShops();
    expect((await call('GET', '/api/v1/company/locations')).statusCode).toBe(401);
    expect((await uploadFor(undefined, atlanta, 'sales_id')).statusCode).toBe(401);
    const staff = await staffWithTotp();
    expect((await call('GET', '/api/v1/company/locations', staff.cookie)).statusCode).toBe(403);
    expect((await uploadFor(staff.cookie, atlanta, 'sales_id')).statusCode).toBe(403);

    expect((await uploadFor(buyer.cookie, atlanta, 'sales_id')).statusCode).toBe(200);
    const download = await call(
      'GET',
      `/api/v1/company/locations/${atlanta}/documents/sales_id`,
      buyer.cookie,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const [doc] = await t.database.query<{ storage_key: string }>(
      'select storage_key from documents where location_id = $1',
      [atlanta],
    );
    expect(stored(doc!.storage_key)).toBe(true);

    expect((await call('DELETE', `/api/v1/account/addresses/${atlanta}`, buyer.cookie)).statusCode).toBe(200);
    expect(await t.database.query('select id from documents where location_id = $1', [atlanta])).toEqual([]);
    expect(stored(doc!.storage_key)).toBe(false);
    // The company's own documents stay.
    expect((await locations(buyer.cookie)).companyDocuments.salesId).toMatchObject({ status: 'verified' });
  });
});
