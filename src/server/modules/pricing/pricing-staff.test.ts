import { describe, expect, it } from 'vitest';
import { EntryListSchema, GroupListSchema } from '#shared/pricing/pricing-staff.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { PRICING_API as api, pricingFixture } from './pricing.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);

const auditActions = async (entity: string, id: string) =>
  (
    await t.database.query<{ action: string }>(
      'select action from audit_log where entity = $1 and entity_id = $2 order by id',
      [entity, id],
    )
  ).map((a) => a.action);

describe('customer groups and price lists for staff', () => {
  it('only staff with their second factor', async () => {
    const buyer = await signUpBuyer(t.app);
    await f.expectStaffOnly(
      [
        ['GET', `${api}/groups`],
        ['POST', `${api}/groups`],
        ['PUT', `${api}/groups/1`],
        ['DELETE', `${api}/groups/1`],
        ['GET', `${api}/groups/1/members`],
        ['GET', `${api}/groups/1/entries`],
        ['PUT', `${api}/groups/1/entries`],
        ['DELETE', `${api}/groups/1/entries/1`],
        ['GET', `${api}/buyers/${buyer.user.id}/group`],
        ['PUT', `${api}/buyers/${buyer.user.id}/group`],
      ],
      buyer.cookie,
    );
  });

  it('groups: added, renamed, listed with counts, deleted only without buyers; each audited', async () => {
    const cookie = await f.staffCookie();
    const id = await f.group('Retail shop');
    const dup = await f.staffCall('POST', `${api}/groups`, cookie, { name: 'retail SHOP' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('There is already a group named retail SHOP.');
    const blank = await f.staffCall('POST', `${api}/groups`, cookie, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Enter a name for the group.');
    const renamed = await f.staffCall('PUT', `${api}/groups/${id}`, cookie, {
      name: 'Retail shops',
      description: 'Single stores',
    });
    expect(renamed.statusCode).toBe(200);
    const buyer = await signUpBuyer(t.app);
    await f.join(buyer.user.id, id);
    const { groups } = GroupListSchema.parse((await f.staffCall('GET', `${api}/groups`, cookie)).json());
    expect(groups.find((g) => g.id === id)).toMatchObject({
      name: 'Retail shops',
      description: 'Single stores',
      memberCount: 1,
      entryCount: 0,
    });
    const refused = await f.staffCall('DELETE', `${api}/groups/${id}`, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('1 buyer is in this group: move them to another group first.');
    await f.join(buyer.user.id, null);
    expect((await f.staffCall('DELETE', `${api}/groups/${id}`, cookie)).statusCode).toBe(200);
    expect((await f.staffCall('DELETE', `${api}/groups/${id}`, cookie)).statusCode).toBe(404);
    expect(await auditActions('customer_group', String(id))).toEqual([
      'pricing.group_added',
      'pricing.group_changed',
      'pricing.group_deleted',
    ]);
    expect(await auditActions('user', buyer.user.id)).toEqual([
      'pricing.buyer_group_set',
      'pricing.buyer_group_set',
    ]);
  });

  it('a buyer is in at most one group: putting them in another moves them', async () => {
    const cookie = await f.staffCookie();
    const [a, b] = [await f.group(), await f.group()];
    const buyer = await signUpBuyer(t.app);
    await f.join(buyer.user.id, a);
    await f.join(buyer.user.id, b);
    const members = async (g: number) =>
      (await f.staffCall('GET', `${api}/groups/${g}/members`, cookie)).json().members as { email: string }[];
    expect(await members(a)).toEqual([]);
    expect((await members(b)).map((m) => m.email)).toEqual([buyer.body.email]);
    const got = await f.staffCall('GET', `${api}/buyers/${buyer.user.id}/group`, cookie);
    expect(got.json()).toMatchObject({ groupId: b });
    // Unknown groups and buyers, staff accounts and ids past int4 are refused, changing nothing.
    const missing = await f.staffCall('PUT', `${api}/buyers/${buyer.user.id}/group`, cookie, {
      groupId: 999999,
    });
    expect(missing.statusCode).toBe(400);
    const staffId = (
      await t.database.query<{ id: string }>("select id from users where role = 'staff' limit 1")
    )[0]!.id;
    expect(
      (await f.staffCall('PUT', `${api}/buyers/${staffId}/group`, cookie, { groupId: a })).statusCode,
    ).toBe(404);
    expect((await f.staffCall('GET', `${api}/groups/3000000000/members`, cookie)).statusCode).toBe(400);
    expect((await f.staffCall('GET', `${api}/buyers/not-a-uuid/group`, cookie)).statusCode).toBe(400);
    expect(got.json().groupId).toBe(b);
  });

  it('price list: entries for an option, a product, a brand and a category; searched by SKU; version moves', async () => {
    const cookie = await f.staffCookie();
    const g = await f.group();
    const v = await f.variantWith(50, 2000);
    const where = await f.whereIs(v.id);
    const version = async () =>
      (
        await t.database.query<{ version: number }>('select version from customer_groups where id = $1', [g])
      )[0]!.version;
    const v0 = await version();
    await f.entry(g, {
      scope: 'variant',
      target: v.sku,
      priceCents: 1500,
      tiers: [{ minQuantity: 10, priceCents: 1400 }],
    });
    await f.entry(g, { scope: 'product', target: where.product_sku, priceCents: 1800 });
    await f.entry(g, { scope: 'brand', target: where.brand, basisPoints: 1250 });
    const catId = await f.entry(g, { scope: 'category', target: where.c, basisPoints: 500 });
    // The same target again replaces its entry.
    await f.entry(g, { scope: 'category', target: where.c, basisPoints: 700 });
    expect(await version()).toBe(v0 + 5);
    const list = async (q = '') =>
      EntryListSchema.parse(
        (await f.staffCall('GET', `${api}/groups/${g}/entries?q=${encodeURIComponent(q)}`, cookie)).json(),
      );
    const all = await list();
    expect(all.entries.map((e) => e.scope)).toEqual(['variant', 'product', 'brand', 'category']);
    expect(all.entries[0]).toMatchObject({ target: v.sku, priceCents: 1500, listPriceCents: 2000 });
    expect(all.entries[3]).toMatchObject({ id: catId, basisPoints: 700, priceCents: null });
    const bySku = await list(v.sku.toLowerCase());
    expect(bySku.entries.map((e) => e.target)).toEqual([v.sku]);
    expect((await list('no such thing %_')).entries).toEqual([]);
    // Removed: gone from the list, version moved again, every change audited.
    expect((await f.staffCall('DELETE', `${api}/groups/${g}/entries/${catId}`, cookie)).statusCode).toBe(200);
    expect((await f.staffCall('DELETE', `${api}/groups/${g}/entries/${catId}`, cookie)).statusCode).toBe(404);
    expect((await list()).total).toBe(3);
    expect(await auditActions('customer_group', String(g))).toEqual([
      'pricing.group_added',
      ...Array(5).fill('pricing.entry_saved'),
      'pricing.entry_deleted',
    ]);
  });

  it('bad entries are a 400 with the reason, and change nothing', async () => {
    const cookie = await f.staffCookie();
    const g = await f.group();
    const v = await f.variantWith(5, 1000);
    const bad: [Record<string, unknown>, string][] = [
      [{ scope: 'variant', target: 'NO-SUCH-SKU', priceCents: 100 }, 'No option has the SKU NO-SUCH-SKU.'],
      [{ scope: 'brand', target: 'nope', basisPoints: 100 }, 'No brand nope (write it as category/brand).'],
      [{ scope: 'variant', target: v.sku, priceCents: -1 }, 'Prices cannot be negative.'],
      [{ scope: 'category', target: 'vapes', basisPoints: 0 }, 'Enter a percentage above 0.'],
      [{ scope: 'category', target: 'vapes', basisPoints: 10_001 }, 'Too big: expected number to be <=10000'],
      [
        { scope: 'variant', target: v.sku, priceCents: 900, tiers: [{ minQuantity: 10, priceCents: 950 }] },
        'Each tier must be cheaper than the price before it.',
      ],
      [
        {
          scope: 'variant',
          target: v.sku,
          priceCents: 900,
          tiers: [
            { minQuantity: 10, priceCents: 800 },
            { minQuantity: 5, priceCents: 700 },
          ],
        },
        'Tiers go from the smallest quantity to the largest.',
      ],
      [
        { scope: 'variant', target: `${v.sku}\u0000`, priceCents: 100 },
        'Text cannot contain the NUL character.',
      ],
    ];
    for (const [body, message] of bad) {
      const res = await f.staffCall('PUT', `${api}/groups/${g}/entries`, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const unknownGroup = await f.staffCall('PUT', `${api}/groups/999999/entries`, cookie, {
      scope: 'variant',
      target: v.sku,
      priceCents: 100,
    });
    expect(unknownGroup.statusCode).toBe(404);
    expect(await t.database.query('select 1 from price_list_entries where group_id = $1', [g])).toEqual([]);
    expect(await auditActions('customer_group', String(g))).toEqual(['pricing.group_added']);
  });
});
