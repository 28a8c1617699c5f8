import { describe, expect, it } from 'vitest';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import { csvLine, parseCsv } from '#shared/csv.ts';
import { PRICE_LIST_CSV_HEADER, PriceListImportReportSchema } from '#shared/pricing/price-list-csv.ts';
import { EntryListSchema } from '#shared/pricing/pricing-staff.schemas.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { PRICING_API as api, pricingFixture } from './pricing.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);

const importCsv = async (groupId: number | string, csv: string, query = 'dryRun=true') =>
  t.app.inject({
    method: 'POST',
    url: `${api}/groups/${groupId}/import?${query}`,
    payload: csv,
    headers: { cookie: await f.staffCookie(), origin: ORIGIN, 'content-type': 'text/csv' },
  });
const report = (res: { json: () => unknown }) => PriceListImportReportSchema.parse(res.json());
const exportCsv = async (groupId: number | string) =>
  f.staffCall('GET', `${api}/groups/${groupId}/export.csv`, await f.staffCookie());
const entriesOf = async (groupId: number) =>
  EntryListSchema.parse(
    (await f.staffCall('GET', `${api}/groups/${groupId}/entries`, await f.staffCookie())).json(),
  ).entries.map(({ scope, target, priceCents, basisPoints, tiers }) => ({
    scope,
    target,
    priceCents,
    basisPoints,
    tiers,
  }));
/** The group's version and the audit entries about it: what a dry run must leave alone. */
const stateOf = async (groupId: number) => ({
  entries: await entriesOf(groupId),
  version: (
    await t.database.query<{ version: number }>('select version from customer_groups where id = $1', [
      groupId,
    ])
  )[0]!.version,
  audits: (
    await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'customer_group' and entity_id = $1 order by id",
      [String(groupId)],
    )
  ).map((a) => a.action),
});
const file = (...rows: (string | number)[][]) =>
  [csvLine(['scope', 'target', 'price', 'percent_off', 'tiers']), ...rows.map((r) => csvLine(r))].join('\n');

/** A group with an entry of each scope. */
async function listed() {
  const g = await f.group();
  const v = await f.variantWith(100, 2000);
  const other = await f.variantWith(100, 3000);
  const where = await f.whereIs(v.id);
  const otherWhere = await f.whereIs(other.id);
  await f.entry(g, {
    scope: 'variant',
    target: v.sku,
    priceCents: 1600,
    tiers: [
      { minQuantity: 10, priceCents: 1500 },
      { minQuantity: 50, priceCents: 1400 },
    ],
  });
  await f.entry(g, { scope: 'product', target: otherWhere.product_sku, priceCents: 2500 });
  await f.entry(g, { scope: 'brand', target: where.brand, basisPoints: 1250 });
  await f.entry(g, { scope: 'category', target: otherWhere.c, basisPoints: 500 });
  return { g, v, other, where, otherWhere };
}

describe("a group's price list as CSV", () => {
  it('only staff with their second factor', async () => {
    const buyer = await signUpBuyer(t.app);
    await f.expectStaffOnly(
      [
        ['GET', `${api}/groups/1/export.csv`],
        ['POST', `${api}/groups/1/import`],
      ],
      buyer.cookie,
    );
    expect((await exportCsv(999_999)).statusCode).toBe(404);
    expect((await importCsv(999_999, file(['option', 'X', '1', '', '']))).statusCode).toBe(404);
    expect((await exportCsv('9999999999')).statusCode).toBe(400);
    expect((await importCsv('9999999999', 'x')).statusCode).toBe(400);
    const nul = await importCsv(1, 'scope,target,price,percent_off,tiers\noption,A\u0000B,1,,\n');
    expect(nul.statusCode).toBe(400);
    const huge = await importCsv(1, `scope,target,price,percent_off,tiers\n${'x'.repeat(26 * 1024 * 1024)}`);
    expect(huge.statusCode).toBe(413);
  });

  it('exports every entry and imports its own export unchanged', async () => {
    const { g, v, otherWhere, where } = await listed();
    const res = await exportCsv(g);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="price-list-${g}.csv"`);
    const { rows } = parseCsv(res.body);
    expect(rows[0]).toEqual([...PRICE_LIST_CSV_HEADER]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4], r[5], r[6]])).toEqual([
      ['option', v.sku, '16.00', '', '10: 15.00 | 50: 14.00'],
      ['product', otherWhere.product_sku, '25.00', '', ''],
      ['brand', where.brand, '', '12.5', ''],
      ['category', otherWhere.c, '', '5', ''],
    ]);
    expect(rows[1]![3]).toBe('20.00'); // list_price, for reading

    const before = await stateOf(g);
    const again = await importCsv(g, res.body, 'dryRun=false');
    expect(again.statusCode).toBe(200);
    expect(report(again)).toMatchObject({
      written: true,
      errors: [],
      changes: { added: 0, changed: 0, unchanged: 4, removed: 0 },
    });
    expect(await stateOf(g)).toEqual(before); // nothing to write: no version move, no audit
  });

  it('a dry run reports adds, changes and (with replace) removals and changes nothing; the import writes them, audited, and the cart re-prices', async () => {
    const { g, v, other, otherWhere, where } = await listed();
    const member = await f.verifiedBuyer();
    await f.join(member.user.id, g);
    expect((await f.add(member.cookie, v.sku, 1)).statusCode).toBe(200);
    const third = await f.variantWith(100, 900);
    const csv = file(
      ['option', v.sku, '$15.50', '', '12: 14.75'],
      ['Option', third.sku, '8', '', ''],
      ['brand', where.brand, '', '12.5%', ''],
    );
    const before = await stateOf(g);
    for (const replace of [false, true]) {
      const dry = report(await importCsv(g, csv, `dryRun=true&replace=${replace}`));
      expect(dry).toMatchObject({ dryRun: true, written: false, replace, errors: [], rows: 3 });
      expect(dry.changes).toEqual({ added: 1, changed: 1, unchanged: 1, removed: replace ? 2 : 0 });
      expect(dry.preview).toContainEqual({
        line: 2,
        scope: 'option',
        target: v.sku,
        action: 'change',
        summary: '$16.00 (10+: $15.00, 50+: $14.00) → $15.50 (12+: $14.75)',
      });
      expect(dry.preview).toContainEqual({
        line: 3,
        scope: 'option',
        target: third.sku,
        action: 'add',
        summary: '$8.00',
      });
      if (replace)
        expect(
          dry.preview.filter((p) => p.action === 'remove').map((p) => [p.line, p.target, p.summary]),
        ).toEqual([
          [null, otherWhere.product_sku, '$25.00'],
          [null, otherWhere.c, '5 % off'],
        ]);
    }
    expect(await stateOf(g)).toEqual(before);

    const done = await importCsv(g, csv, 'dryRun=false&replace=true');
    expect(done.statusCode).toBe(200);
    expect(report(done)).toMatchObject({ written: true, changes: { added: 1, changed: 1, removed: 2 } });
    const after = await stateOf(g);
    const byTarget = (x: { scope: string; target: string }, y: { scope: string; target: string }) =>
      `${x.scope}:${x.target}`.localeCompare(`${y.scope}:${y.target}`);
    expect([...after.entries].sort(byTarget)).toEqual(
      [
        { scope: 'variant', target: third.sku, priceCents: 800, basisPoints: null, tiers: [] },
        {
          scope: 'variant',
          target: v.sku,
          priceCents: 1550,
          basisPoints: null,
          tiers: [{ minQuantity: 12, priceCents: 1475 }],
        },
        { scope: 'brand', target: where.brand, priceCents: null, basisPoints: 1250, tiers: [] },
      ].sort(byTarget),
    );
    expect(after.version).toBe(before.version + 1);
    expect(after.audits.at(-1)).toBe('pricing.list_imported');
    const cart = CartSchema.parse((await f.call('GET', '/api/v1/cart', member.cookie)).json());
    expect(cart.items[0]!.unitPriceCents).toBe(1550);
    expect(other.id).toBeGreaterThan(0);
  });

  it('every row is checked; one bad row writes nothing (422) and each is reported on its line', async () => {
    const { g, v, where } = await listed();
    const csv = file(
      ['option', v.sku, '15', '', ''], // line 2: fine
      ['shelf', 'X', '1', '', ''],
      ['option', '', '1', '', ''],
      ['option', v.sku.toLowerCase() === v.sku ? 'NO-SUCH-SKU' : 'no-such-sku', '1', '', ''],
      ['product', 'P', 'ten', '', ''],
      ['option', 'P', '1', '5', ''],
      ['brand', where.brand, '3', '10', ''],
      ['category', where.c, '', '0', ''],
      ['option', 'P2', '5', '', '10 - 4'],
      ['option', 'P3', '5', '', '10: 6'],
      ['option', 'P4', '5', '', '10: 4 | 5: 3'],
      ['option', v.sku, '14', '', ''],
      ['option', 'P5', '1000001', '', ''],
    );
    const before = await stateOf(g);
    const res = await importCsv(g, csv, 'dryRun=false');
    expect(res.statusCode).toBe(422);
    const r = report(res);
    expect(r.written).toBe(false);
    expect(r.rows).toBe(13);
    expect(r.errors.map((e) => [e.line, e.message])).toEqual([
      [3, 'scope: write option, product, brand or category.'],
      [4, 'target: Enter what the price is for.'],
      [5, expect.stringMatching(/^No option has the SKU /)],
      [6, 'price: Enter a price like 4.50.'],
      [7, 'percent_off: an option or a product has a price, not a percentage off.'],
      [8, 'A brand or a category has a percentage off: leave price and tiers empty.'],
      [9, 'percent_off: Enter a percentage from 0.01 to 100, like 12.5.'],
      [10, 'tiers: write them like "10: 4.25 | 50: 3.90" (from 10, $4.25 each).'],
      [11, 'tiers: Each tier must be cheaper than the price before it.'],
      [12, 'tiers: Tiers go from the smallest quantity to the largest.'],
      [13, 'This is already priced on line 2.'],
      [14, 'price: Prices go up to $1,000,000.'],
    ]);
    expect(await stateOf(g)).toEqual(before);

    for (const [text, message] of [
      ['', 'The file has no rows.'],
      ['scope,target,price\n', 'The file has no rows.'],
      ['scope,target\noption,X\n', 'The header is missing: price, percent_off, tiers.'],
      ['scope,target,price,percent_off,tiers\n"option,X,1,,\n', 'A quoted cell is never closed.'],
    ] as const) {
      const refused = report(await importCsv(g, text, 'dryRun=false'));
      expect(
        refused.errors.map((e) => e.message),
        text,
      ).toEqual([message]);
      expect(refused.written).toBe(false);
    }
    expect(await stateOf(g)).toEqual(before);
  });

  it('one field changed is one change: a price, a tier price, a tier quantity, a tier fewer, a percentage', async () => {
    const { g } = await listed();
    const { rows } = parseCsv((await exportCsv(g)).body);
    const edits: [row: number, column: number, value: string][] = [
      [1, 4, '16.01'],
      [1, 6, '10: 15.00 | 50: 13.99'],
      [1, 6, '10: 15.00 | 60: 14.00'],
      [1, 6, '10: 15.00'],
      [3, 5, '12.6'],
    ];
    for (const [row, column, value] of edits) {
      const edited = rows.map((r, i) => (i === row ? r.map((c, j) => (j === column ? value : c)) : r));
      const dry = report(await importCsv(g, edited.map((r) => csvLine(r)).join('\n')));
      expect(dry.changes, `${row}:${column} = ${value}`).toEqual({
        added: 0,
        changed: 1,
        unchanged: 3,
        removed: 0,
      });
    }
  });

  it('new rows alone (no replace) are added, the rest kept, and the import audited with its counts', async () => {
    const { g } = await listed();
    const before = await stateOf(g);
    const v = await f.variantWith(100, 1800);
    const sku = (
      await t.database.query<{ sku: string }>('select sku from variants where id = $1', [v.id])
    )[0]!.sku;
    const done = await importCsv(g, file(['variant', sku, '15.00', '', '']), 'dryRun=false&replace=false');
    expect(done.statusCode, done.body).toBe(200);
    expect(report(done)).toMatchObject({
      written: true,
      rows: 1,
      changes: { added: 1, changed: 0, unchanged: 0, removed: 0 },
    });
    const after = await stateOf(g);
    expect(after.entries).toHaveLength(before.entries.length + 1);
    expect(after.entries).toContainEqual({
      scope: 'variant',
      target: sku,
      priceCents: 1500,
      basisPoints: null,
      tiers: [],
    });
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.audits).toEqual([...before.audits, 'pricing.list_imported']);
    const [audit] = await t.database.query<{ after: { rows: number; added: number; replace: boolean } }>(
      "select after from audit_log where action = 'pricing.list_imported' and entity_id = $1 order by id desc limit 1",
      [String(g)],
    );
    expect(audit!.after).toMatchObject({ rows: 1, replace: false, added: 1, removed: 0 });
  });

  it('a file of no rows is refused on its own, with no plan (even with replace, nothing to remove)', async () => {
    const { g } = await listed();
    const before = await stateOf(g);
    for (const query of ['dryRun=false&replace=false', 'dryRun=false&replace=true']) {
      const res = await importCsv(g, file(), query);
      expect(res.statusCode, res.body).toBe(422);
      expect(report(res)).toMatchObject({
        written: false,
        rows: 0,
        errors: [{ line: 1, message: 'The file has no rows.' }],
        changes: { added: 0, changed: 0, unchanged: 0, removed: 0 },
        preview: [],
      });
    }
    expect(await stateOf(g)).toEqual(before);
  });
});
