import { describe, expect, it } from 'vitest';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { OrderListSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { testAppForFile } from '#tests/test-app.ts';
import { companiesFixture } from './companies.fixture.ts';

/**
 * What each role may do on the storefront (decision 015, step 3): a viewer reads and changes
 * nothing, on every write route there is, found from the API document so that a route added
 * later is held to it too; owners keep the address book; buyers order.
 */
const t = testAppForFile();
const f = companiesFixture(() => t);

type Op = { method: string; path: string };
/** Storefront writes a viewer may make: their own sign-in, password, email and name; reads sent as POST. */
const VIEWER_MAY = new Set([
  'PATCH /api/v1/account/profile',
  'POST /api/v1/compliance/my-state/cards',
  'POST /api/v1/newsletter',
]);
/** Owners' alone: the address book and /nextpage's first location, and deciding an order over a buyer's limit. */
const OWNERS_ONLY = /^\/api\/v1\/(account\/(addresses|complete)|orders\/requests\/[^/]+\/(approve|decline))/;
/** The company's own pages (members.test.ts and invitations.test.ts hold them to their roles). */
const COMPANY = /^\/api\/v1\/company\b/;
const ROLE_REFUSALS = [companyMessages.viewerReadOnly, companyMessages.ownerOnly];

async function storefrontWrites(): Promise<Op[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
      if (method === 'GET' || method === 'HEAD' || !path.startsWith('/api/v1/')) continue;
      if (/^\/api\/v1\/(admin|auth|invitations|events)\b/.test(path)) continue;
      if (VIEWER_MAY.has(`${method} ${path}`)) continue;
      ops.push({ method, path });
    }
  return ops;
}
const fill = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'kind' ? 'sales_id' : name === 'id' ? '1' : name === 'number' ? 'SS-1' : 'SKU-1',
  );

describe('a viewer is refused on every write; owners and buyers are not (decision 015, step 3)', () => {
  it('each storefront write answers a viewer 403 before it reads the body; the address book is owners’ alone', async () => {
    const c = await f.company();
    const ops = await storefrontWrites();
    // The writes the issue names are among them (a rename of the document would not hide one).
    for (const expected of [
      'POST /api/v1/cart/items',
      'POST /api/v1/cart/quick-order',
      'POST /api/v1/orders',
      'POST /api/v1/orders/{number}/buy-again',
      'POST /api/v1/lists',
      'POST /api/v1/alerts',
      'POST /api/v1/account/addresses',
      'POST /api/v1/account/documents/{kind}',
      'POST /api/v1/account/complete',
    ])
      expect(ops.map((o) => `${o.method} ${o.path}`.replace(/\/$/, ''))).toContain(expected);
    for (const { method, path } of ops) {
      const url = fill(path);
      const what = `${method} ${path}`;
      const viewer = await f.call(method as 'POST', url, c.viewer.cookie, {});
      expect(viewer.statusCode, what).toBe(403);
      if (COMPANY.test(path)) {
        expect(ROLE_REFUSALS, what).toContain(viewer.json().message);
        continue;
      }
      const owners = OWNERS_ONLY.test(path);
      expect(viewer.json().message, what).toBe(
        owners ? companyMessages.ownerOnly : companyMessages.viewerReadOnly,
      );
      const buyer = await f.call(method as 'POST', url, c.buyer.cookie, {});
      if (owners) expect(buyer.json().message, what).toBe(companyMessages.ownerOnly);
      else expect(ROLE_REFUSALS, what).not.toContain(buyer.json().message);
      const owner = await f.call(method as 'POST', url, c.owner.cookie, {});
      expect(ROLE_REFUSALS, what).not.toContain(owner.json().message);
    }
  });

  it("a viewer reads the company's orders, its order page, lists and addresses, and changes their own name", async () => {
    const c = await f.company();
    const v = await f.variantWith(10);
    await f.add(c.buyer.cookie, v.sku, 1);
    const placed = PlaceOrderResponseSchema.parse(
      (await f.call('POST', '/api/v1/orders', c.buyer.cookie, f.orderBody())).json(),
    ).order;
    const list = OrderListSchema.parse(
      (await f.call('GET', '/api/v1/orders?tab=Orders', c.viewer.cookie)).json(),
    );
    expect(list.orders.map((o) => o.orderNumber)).toEqual([placed.orderNumber]);
    expect((await f.call('GET', `/api/v1/orders/${placed.orderNumber}`, c.viewer.cookie)).statusCode).toBe(
      200,
    );
    expect((await f.call('GET', '/api/v1/cart', c.viewer.cookie)).json().items).toEqual([]);
    for (const url of ['/api/v1/lists', '/api/v1/alerts', '/api/v1/account/addresses'])
      expect((await f.call('GET', url, c.viewer.cookie)).statusCode, url).toBe(200);
    const { businessName, phoneNumber } = (await f.call('GET', '/api/v1/company', c.viewer.cookie)).json();
    const named = await f.call('PATCH', '/api/v1/account/profile', c.viewer.cookie, {
      name: 'Vi Renamed',
      businessName,
      phoneNumber,
    });
    expect(named.json().user).toMatchObject({ name: 'Vi Renamed', company: { role: 'viewer' } });
    const again = await f.call('POST', `/api/v1/orders/${placed.orderNumber}/buy-again`, c.viewer.cookie, {
      variantId: v.sku,
    });
    expect(again.statusCode).toBe(403);
  });
});

describe('a role changed while a session is remembered (placing an order trusts memory)', () => {
  it('a buyer made viewer behind this instance’s back cannot order; a viewer made buyer can', async () => {
    const c = await f.company();
    const v = await f.variantWith(20);
    await f.add(c.buyer.cookie, v.sku, 1);
    // This instance remembers the buyer's session as a buyer's; another instance demotes them.
    expect((await f.call('POST', '/api/v1/orders', c.buyer.cookie, f.orderBody())).statusCode).toBe(201);
    await f.add(c.buyer.cookie, v.sku, 1);
    await t.database.query("update company_members set role = 'viewer' where user_id = $1", [c.buyer.id]);
    const refused = await f.call('POST', '/api/v1/orders', c.buyer.cookie, f.orderBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(companyMessages.viewerReadOnly);
    expect(await f.cartOf(c.buyer.id)).toHaveLength(1);

    // The viewer, remembered as one, is promoted elsewhere: the guard looks again and lets them order.
    expect((await f.call('POST', '/api/v1/orders', c.viewer.cookie, f.orderBody())).statusCode).toBe(403);
    await t.database.query("update company_members set role = 'buyer' where user_id = $1", [c.viewer.id]);
    // Its cart filled without a request (a request would look the session up, and remember it anew).
    await t.database.query('insert into cart_items (user_id, variant_id, quantity) values ($1, $2, 1)', [
      c.viewer.id,
      v.id,
    ]);
    expect((await f.call('POST', '/api/v1/orders', c.viewer.cookie, f.orderBody())).statusCode).toBe(201);
  });

  it('an owner’s demotion through the API takes effect on the next order at once', async () => {
    const c = await f.company();
    const v = await f.variantWith(20);
    await f.add(c.buyer.cookie, v.sku, 1);
    expect((await f.call('POST', '/api/v1/orders', c.buyer.cookie, f.orderBody())).statusCode).toBe(201);
    await f.add(c.buyer.cookie, v.sku, 1);
    const demoted = await f.call('PATCH', `/api/v1/company/members/${c.buyer.id}`, c.owner.cookie, {
      role: 'viewer',
    });
    expect(demoted.statusCode).toBe(200);
    const refused = await f.call('POST', '/api/v1/orders', c.buyer.cookie, f.orderBody());
    expect(refused.statusCode).toBe(403);
    const orders = await t.database.query<{ n: number }>(
      'select count(*)::int as n from orders where user_id = $1',
      [c.buyer.id],
    );
    expect(orders[0]!.n).toBe(1);
  });
});
