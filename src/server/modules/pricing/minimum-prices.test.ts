import { describe, expect, it } from 'vitest';
import { minimumPriceMessages } from '#shared/pricing/minimum-prices.messages.ts';
import { type MinimumPrice, MinimumPriceListSchema } from '#shared/pricing/minimum-prices.schemas.ts';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { minimumPricesOf } from './minimum-prices.ts';
import { PRICING_API, pricingFixture } from './pricing.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);
const api = `${PRICING_API}/minimum-prices`;

/** Sets (or removes, null) an option's minimum as the admin; answers the response. */
const put = async (sku: string, minPriceCents: unknown, cookie?: string) =>
  f.staffCall('PUT', api, cookie ?? (await f.staffCookie()), { sku, minPriceCents });
const list = async () =>
  MinimumPriceListSchema.parse((await f.staffCall('GET', api, await f.staffCookie())).json()).minimums;
const rowOf = (minimums: MinimumPrice[], sku: string) => minimums.find((m) => m.sku === sku);

interface AuditRow {
  action: string;
  entity: string;
  entity_id: string;
  actor_id: string;
  before: unknown;
  after: unknown;
}
const auditOf = (variantId: number) =>
  t.database.query<AuditRow>(
    "select action, entity, entity_id, actor_id, before, after from audit_log where action like 'price.minimum%' and entity_id = $1 order by id",
    [String(variantId)],
  );
const counts = async () =>
  (
    await t.database.query<{ minimums: number; audits: number }>(
      `select (select count(*) from minimum_prices)::int as minimums,
              (select count(*) from audit_log where action like 'price.minimum%')::int as audits`,
    )
  )[0]!;
/** Options of the demo catalogue: two of one product (to see the order within it), one of another. */
async function options() {
  const rows = await t.database.query<{ id: number; sku: string; product: string; name: string }>(
    `select v.id, v.sku, p.name as product, v.name from variants v join products p on p.id = v.product_id
      where p.id = (select product_id from variants group by product_id having count(*) >= 2 order by product_id limit 1)
         or p.id = (select max(product_id) from variants)
      order by p.id, v.id`,
  );
  return rows;
}

describe("options' minimum prices", () => {
  it('set, changed and removed by SKU, each change audited with its cents before and after', async () => {
    const admin = await f.staffWithTotp();
    const v = await f.variantWith(5, 2000);
    const set = await put(v.sku, 1500, admin.cookie);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.headers['cache-control']).toBe('no-store');
    const first = rowOf(MinimumPriceListSchema.parse(set.json()).minimums, v.sku);
    expect(first).toMatchObject({
      minPriceCents: 1500,
      listPriceCents: 2000,
      updatedBy: 'Sam Staff',
      updatedAt: clock().toISOString(),
    });
    expect(await minimumPricesOf(t.database.db, [v.id])).toEqual(new Map([[v.id, 1500]]));

    clock.advance(60_000);
    const changed = await put(v.sku, 1250, admin.cookie);
    expect(changed.statusCode).toBe(200);
    expect(rowOf(changed.json().minimums, v.sku)).toMatchObject({
      minPriceCents: 1250,
      updatedAt: clock().toISOString(),
    });
    // Zero is a minimum too (nothing below free), not a removal.
    expect(rowOf((await put(v.sku, 0, admin.cookie)).json().minimums, v.sku)?.minPriceCents).toBe(0);

    const removed = await put(v.sku, null, admin.cookie);
    expect(removed.statusCode).toBe(200);
    expect(rowOf(removed.json().minimums, v.sku)).toBeUndefined();
    expect(await minimumPricesOf(t.database.db, [v.id])).toEqual(new Map());
    // Removing a minimum the option does not have changes nothing and records nothing.
    expect((await put(v.sku, null, admin.cookie)).statusCode).toBe(200);

    const entries = await auditOf(v.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['price.minimum_set', null, { sku: v.sku, minPriceCents: 1500 }],
      ['price.minimum_set', { sku: v.sku, minPriceCents: 1500 }, { sku: v.sku, minPriceCents: 1250 }],
      ['price.minimum_set', { sku: v.sku, minPriceCents: 1250 }, { sku: v.sku, minPriceCents: 0 }],
      ['price.minimum_removed', { sku: v.sku, minPriceCents: 0 }, null],
    ]);
    expect(entries.every((e) => e.entity === 'variant' && e.actor_id === admin.id)).toBe(true);
    // The log reads them as sentences, naming the option.
    const log = await f.staffCall('GET', `/api/v1/admin/audit?entity=variant&entityId=${v.id}`, admin.cookie);
    expect(log.statusCode).toBe(200);
    expect((log.json().entries as { action: string }[]).map((e) => e.action)).toEqual([
      'price.minimum_removed',
      'price.minimum_set',
      'price.minimum_set',
      'price.minimum_set',
    ]);
  });

  it('an SKU typed in another case finds its option, and the list and the log name it as it is', async () => {
    const v = await f.variantWith(5, 900);
    const res = await put(`  ${v.sku.toLowerCase()} `, 800);
    expect(res.statusCode, res.body).toBe(200);
    expect(rowOf(res.json().minimums, v.sku)?.minPriceCents).toBe(800);
    expect((await auditOf(v.id)).map((e) => e.after)).toEqual([{ sku: v.sku, minPriceCents: 800 }]);
  });

  it('an unknown SKU is a 400 on the SKU, and nothing is written', async () => {
    const before = await counts();
    for (const sku of ['NO-SUCH-SKU', 'S'.repeat(61)]) {
      const res = await put(sku, 100);
      expect(res.statusCode, sku).toBe(400);
      expect(res.json()).toEqual({ message: minimumPriceMessages.skuNotFound, field: 'sku' });
    }
    const blank = await put('   ', 100);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: minimumPriceMessages.skuRequired, field: 'sku' });
    expect(await counts()).toEqual(before);
  });

  it('a negative, oversized or fractional amount, or none, is a 400 on the amount, and nothing is written', async () => {
    const v = await f.variantWith(5, 1000);
    expect((await put(v.sku, 700)).statusCode).toBe(200);
    const before = await counts();
    const bad: [unknown, string][] = [
      [-1, minimumPriceMessages.amount],
      [12.5, minimumPriceMessages.amount],
      ['700', minimumPriceMessages.amount],
      [10_000_001, minimumPriceMessages.tooHigh],
      [2 ** 31, minimumPriceMessages.tooHigh],
    ];
    for (const [amount, message] of bad) {
      const res = await put(v.sku, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json(), String(amount)).toEqual({ message, field: 'minPriceCents' });
    }
    const missing = await f.staffCall('PUT', api, await f.staffCookie(), { sku: v.sku });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('minPriceCents');
    expect(await counts()).toEqual(before);
    expect((await minimumPricesOf(t.database.db, [v.id])).get(v.id)).toBe(700);
  });

  it('the list: every option with a minimum, by product name then option name, with its list price', async () => {
    const opts = await options();
    expect(opts.length).toBeGreaterThanOrEqual(3);
    // Set in the reverse of the order the list gives them.
    for (const [i, o] of [...opts].reverse().entries())
      expect((await put(o.sku, 100 + i)).statusCode).toBe(200);
    const minimums = await list();
    // The database's own order of names (its collation), by product and then option.
    const ordered = await t.database.query<{ sku: string }>(
      `select v.sku from minimum_prices m join variants v on v.id = m.variant_id
         join products p on p.id = v.product_id order by p.name, v.name, v.sku`,
    );
    expect(minimums.map((m) => m.sku)).toEqual(ordered.map((r) => r.sku));
    const prices = await t.database.query<{ sku: string; price_cents: number }>(
      'select v.sku, p.price_cents from variants v join products p on p.id = v.product_id where v.sku = any($1)',
      [opts.map((o) => o.sku)],
    );
    for (const o of opts)
      expect(rowOf(minimums, o.sku), o.sku).toMatchObject({
        productName: o.product,
        variantName: o.name,
        listPriceCents: prices.find((p) => p.sku === o.sku)!.price_cents,
        updatedBy: 'Sam Staff',
      });
  });

  it('only staff: anonymous 401, a buyer 403, staff without their second factor 401', async () => {
    const buyer = await signUpBuyer(t.app);
    await f.expectStaffOnly(
      [
        ['GET', api],
        ['PUT', api],
      ],
      buyer.cookie,
    );
  });

  it('only roles with prices: sales, warehouse, accounting and compliance refused; admin allowed', async () => {
    const v = await f.variantWith(5, 1000);
    const before = await counts();
    for (const role of ['sales', 'warehouse', 'accounting', 'compliance'] as const) {
      const { cookie } = await f.staffWithTotp(role);
      for (const res of [await f.staffCall('GET', api, cookie), await put(v.sku, 500, cookie)]) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().message, role).toBe(adminMessages.roleRefused);
      }
    }
    expect(await counts()).toEqual(before);
    const admin = await f.staffWithTotp('admin');
    expect((await f.staffCall('GET', api, admin.cookie)).statusCode).toBe(200);
    expect((await put(v.sku, 500, admin.cookie)).statusCode).toBe(200);
  });
});
