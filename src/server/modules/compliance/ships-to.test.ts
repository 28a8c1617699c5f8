import { describe, expect, it } from 'vitest';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { ListingResponseSchema, SearchResponseSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { CardVerdictsSchema, MyStateSchema } from '#shared/compliance/compliance.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, verifiedBuyer } = ordersFixture(() => t);

const FLAVOURED_VAPE = { kind: 'ends_device', flavoured: true, nicotineMgPerMl: 50, liquidMlPerUnit: 10 };

/** The product of a variant as the storefront names it. */
async function productOf(variantId: number) {
  const [row] = await t.database.query<{ id: number; c: string; b: string; p: string; name: string }>(
    `select p.id, c.slug as c, b.slug as b, p.slug as p, p.name from variants v join products p on p.id = v.product_id
      join brands b on b.id = p.brand_id join categories c on c.id = b.category_id where v.id = $1`,
    [variantId],
  );
  return { ...row!, key: `${row!.c}/${row!.b}/${row!.p}` };
}

async function bostonBuyer() {
  const buyer = await verifiedBuyer({ licence: 'MA' });
  const done = await call('POST', '/api/v1/account/complete', buyer.cookie, {
    streetAddress: '1 Beacon St',
    streetAddress2: '',
    city: 'Boston',
    state: 'MA',
    zipCode: '02108',
  });
  expect(done.statusCode, done.body).toBe(200);
  return buyer;
}

describe('ships to my state', () => {
  it("badges what the rules keep from the buyer's state, and filters listing and search to what may ship", async () => {
    // Two products with several options each, every option a flavoured vape; one option of the
    // second is unflavoured (tobacco), so that one may still go to Massachusetts.
    const picked = await t.database.query<{ id: number; first: number }>(
      `select p.id, min(v.id)::int as first from products p join variants v on v.product_id = p.id
        where not p.hidden group by p.id having count(*) >= 2 order by p.id desc limit 2`,
    );
    const [vape, mixed] = picked as [{ id: number; first: number }, { id: number; first: number }];
    await t.database.query('update products set compliance = $1::jsonb where id = any($2::int[])', [
      JSON.stringify(FLAVOURED_VAPE),
      [vape.id, mixed.id],
    ]);
    await t.database.query(`update variants set compliance = '{}'::jsonb where product_id = any($1::int[])`, [
      [vape.id, mixed.id],
    ]);
    await t.database.query(`update variants set compliance = '{"flavoured": false}'::jsonb where id = $1`, [
      mixed.first,
    ]);
    await t.app.catalogue.changed();
    const vapeProduct = await productOf(vape.first);
    const mixedProduct = await productOf(mixed.first);
    const buyer = await bostonBuyer();

    const mine = MyStateSchema.parse((await call('GET', '/api/v1/compliance/my-state', buyer.cookie)).json());
    expect(mine).toEqual({ state: 'MA', stateName: 'Massachusetts' });
    const verdicts = async (cards: string[]) => {
      const res = await call('POST', '/api/v1/compliance/my-state/cards', buyer.cookie, { cards });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return CardVerdictsSchema.parse(res.json());
    };
    const asked = await verdicts([vapeProduct.key, mixedProduct.key, 'no/such/product', 'a/b']);
    // Massachusetts bans flavoured vapes: a license would not do.
    expect(asked).toEqual({
      state: 'MA',
      blocked: [vapeProduct.key],
      partial: [mixedProduct.key],
      licence: [],
    });
    // In Texas only the license rule keeps them from a buyer without one: the badge can say so.
    const texan = await verifiedBuyer();
    await call('POST', '/api/v1/account/complete', texan.cookie, {
      streetAddress: '1 Main St',
      streetAddress2: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    const texas = CardVerdictsSchema.parse(
      (
        await call('POST', '/api/v1/compliance/my-state/cards', texan.cookie, {
          cards: [vapeProduct.key, mixedProduct.key],
        })
      ).json(),
    );
    expect(texas).toEqual({
      state: 'TX',
      blocked: [vapeProduct.key, mixedProduct.key],
      partial: [],
      licence: [vapeProduct.key, mixedProduct.key],
    });

    // The listing of the vape's category, all of it and only what ships to Massachusetts.
    const q = `categoryId=${vapeProduct.c}&pageSize=60`;
    const all = ListingResponseSchema.parse(
      (await call('GET', `/api/v1/catalogue/listing?${q}`, buyer.cookie)).json(),
    );
    const categoryKeys: string[] = [];
    for (let page = 1; page <= all.pageCount; page++) {
      const l = ListingResponseSchema.parse(
        (await call('GET', `/api/v1/catalogue/listing?${q}&page=${page}`, buyer.cookie)).json(),
      );
      categoryKeys.push(...l.items.map((i) => `${i.categoryId}/${i.brandId}/${i.id}`));
    }
    const blockedInCategory = (await verdicts(categoryKeys)).blocked;
    const ships = await call('GET', `/api/v1/compliance/listing?${q}`, buyer.cookie);
    expect(ships.statusCode, ships.body).toBe(200);
    expect(ships.headers['cache-control']).toBe('no-store');
    const shipping = ListingResponseSchema.parse(ships.json());
    const keys = (l: typeof all) => l.items.map((i) => `${i.categoryId}/${i.brandId}/${i.id}`);
    expect(shipping.total).toBe(all.total - blockedInCategory.length);
    expect(keys(shipping)).not.toContain(vapeProduct.key);
    for (const k of keys(shipping)) expect(blockedInCategory).not.toContain(k);

    const search = (url: string) =>
      call('GET', `${url}?q=${encodeURIComponent(vapeProduct.name)}`, buyer.cookie).then((r) =>
        SearchResponseSchema.parse(r.json()),
      );
    const found = await search('/api/v1/search');
    expect(found.items.map((i) => i.id)).toContain(vapeProduct.p);
    const foundShipping = await search('/api/v1/compliance/search');
    expect(foundShipping.items.map((i) => i.id)).not.toContain(vapeProduct.p);
    expect(foundShipping.total).toBe(found.total - 1);

    // Staff list nothing, rules change: a rule retired lets the vape back at once.
    const flavourBan = await t.database.query<{ id: number }>(
      `select id from compliance_rules where 'MA' = any(states) and effect = 'no_sale' and not retired`,
    );
    await t.database.query('update compliance_rules set retired = true where id = any($1::int[])', [
      flavourBan.map((r) => r.id),
    ]);
    await t.app.compliance.changed();
    expect((await verdicts([vapeProduct.key])).blocked).toEqual([]);
    await t.database.query('update compliance_rules set retired = false where id = any($1::int[])', [
      flavourBan.map((r) => r.id),
    ]);
    await t.app.compliance.changed();
  });

  it('needs a signed-in buyer; one without a default address is told to add one', async () => {
    for (const url of [
      '/api/v1/compliance/my-state',
      '/api/v1/compliance/listing?categoryId=all',
      '/api/v1/compliance/search?q=a',
    ])
      expect((await call('GET', url)).statusCode, url).toBe(401);
    expect(
      (await call('POST', '/api/v1/compliance/my-state/cards', undefined, { cards: [] })).statusCode,
    ).toBe(401);
    const buyer = await verifiedBuyer();
    expect(
      MyStateSchema.parse((await call('GET', '/api/v1/compliance/my-state', buyer.cookie)).json()),
    ).toEqual({ state: null, stateName: null });
    const none = await call('POST', '/api/v1/compliance/my-state/cards', buyer.cookie, { cards: ['a/b/c'] });
    expect(none.json()).toEqual({ state: null, blocked: [], partial: [], licence: [] });
    const tooMany = await call('POST', '/api/v1/compliance/my-state/cards', buyer.cookie, {
      cards: Array.from({ length: 201 }, (_, i) => `a/b/${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Ask for at most 200 cards at a time.');
    const refused = await call('GET', '/api/v1/compliance/listing?categoryId=all', buyer.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Add a default address to your account to see what ships to your state.',
    );
  });
});
