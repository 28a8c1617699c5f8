import { describe, expect, it } from 'vitest';
import { ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import {
  CASE_PACK_CSV_COLUMNS,
  CATALOGUE_CSV_COLUMNS,
  ImportReportSchema,
  SELLING_UNIT_CSV_COLUMN,
} from '#shared/catalogue/catalogue-csv.ts';
import { COMPLIANCE_CSV_COLUMNS } from '#shared/compliance/compliance-csv.ts';
import { csvLine, parseCsv } from '#shared/csv.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { ORIGIN } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp } = staffHelpers(() => t, clock);
const api = '/api/v1/admin/catalogue';

const importCsv = (cookie: string, csv: string, dryRun: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `${api}/import?dryRun=${dryRun}`,
    payload: csv,
    headers: { cookie, origin: ORIGIN, 'content-type': 'text/csv' },
  });

type Row = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;
function row(overrides: Partial<Row>): Row {
  return {
    category: 'Imported Category',
    category_group: 'Vape Hardware',
    brand: 'Imported Brand',
    product: 'Imported Bar',
    product_sku: 'IMP-BAR',
    product_code: 'IB',
    description: 'Imported from a spreadsheet, with a comma, and "quotes".',
    price: '12.50',
    discount_price: '',
    discount_percentage: '',
    rating: '4.5',
    is_new: 'true',
    is_hot: 'false',
    hidden: 'false',
    delivery: 'Next day',
    seller: 'Importer',
    important_notice: '',
    highlights: 'One | Two',
    specifications: 'Battery: 500 mAh | Puffs: 3000',
    option: 'Mint',
    sku: 'IMP-BAR-MINT',
    stock: '5',
    ...overrides,
  };
}
const toCsv = (rows: Row[]) =>
  `${[CATALOGUE_CSV_COLUMNS.join(','), ...rows.map((r) => csvLine(CATALOGUE_CSV_COLUMNS.map((c) => r[c])))].join('\r\n')}\r\n`;
const count = async (table: string) =>
  Number((await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n);

describe('catalogue CSV import and export', () => {
  it('an export imports back unchanged', async () => {
    const staff = await staffWithTotp();
    const exported = await call('GET', `${api}/export.csv`, staff.cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const { rows } = parseCsv(exported.body);
    // The case pack columns: case-packs.test.ts.
    // The selling unit column: selling-unit.test.ts.
    expect(rows[0]).toEqual([
      ...CATALOGUE_CSV_COLUMNS,
      SELLING_UNIT_CSV_COLUMN,
      ...CASE_PACK_CSV_COLUMNS,
      ...COMPLIANCE_CSV_COLUMNS,
    ]);
    expect(rows.length - 1).toBe(await count('variants'));

    const report = ImportReportSchema.parse((await importCsv(staff.cookie, exported.body, true)).json());
    expect(report.errors).toEqual([]);
    expect(report.changes).toMatchObject({
      productsCreated: 0,
      productsUpdated: 0,
      optionsCreated: 0,
      optionsUpdated: 0,
      listingsChanged: 0,
    });
    expect(report.changes.unchanged).toBe(rows.length - 1);
  });

  it("carries attributes, an option's own flavour and directory listings; the rules use them at once", async () => {
    const staff = await staffWithTotp();
    const columns = [...CATALOGUE_CSV_COLUMNS, ...COMPLIANCE_CSV_COLUMNS];
    const vape = {
      kind: 'ends_device',
      flavoured: 'true',
      nicotine_mg_per_ml: '50',
      liquid_ml_per_unit: '10',
      cartridges_per_unit: '',
      cannabinoid: '',
      thc_mg_per_container: '',
      synthesised: 'false',
      option_flavoured: '',
      option_nicotine_mg_per_ml: '',
      directory_listings: 'AL:AL-77:2026-11-01 | OK',
    };
    const file = (rows: Record<string, string>[]) =>
      `${[columns.join(','), ...rows.map((r) => csvLine(columns.map((c) => r[c])))].join('\r\n')}\r\n`;
    const mine = {
      category: 'Compliance Vapes',
      brand: 'Compliance Brand',
      product: 'Compliance Bar',
      product_sku: 'CMP-1',
    };
    const rows = [
      { ...row({ ...mine, sku: 'CMP-1-MINT' }), ...vape },
      {
        ...row({ ...mine, sku: 'CMP-1-TOB', option: 'Classic Tobacco' }),
        ...vape,
        option_flavoured: 'false',
      },
    ];
    const written = await importCsv(staff.cookie, file(rows), false);
    expect(written.statusCode, written.body).toBe(200);
    expect(ImportReportSchema.parse(written.json()).changes).toMatchObject({
      productsCreated: 1,
      listingsChanged: 1,
    });
    const [product] = await t.database.query<{ id: number; compliance: Record<string, unknown> }>(
      `select id, compliance from products where sku = 'CMP-1'`,
    );
    expect(product!.compliance).toMatchObject({ kind: 'ends_device', flavoured: true, nicotineMgPerMl: 50 });
    const options = await t.database.query<{ sku: string; compliance: Record<string, unknown> }>(
      `select sku, compliance from variants where product_id = $1 order by sku`,
      [product!.id],
    );
    expect(options.map((o) => [o.sku, o.compliance])).toEqual([
      ['CMP-1-MINT', {}],
      ['CMP-1-TOB', { flavoured: false }],
    ]);
    const listed = async () =>
      (
        await t.database.query<{ state: string; listing_id: string; listed: boolean }>(
          'select state, listing_id, listed from directory_listings where product_id = $1 order by state',
          [product!.id],
        )
      ).map((l) => [l.state, l.listing_id, l.listed]);
    expect(await listed()).toEqual([
      ['AL', 'AL-77', true],
      ['OK', '', true],
    ]);
    // The export says the same, and imports back unchanged.
    const exported = await call('GET', `${api}/export.csv`, staff.cookie);
    expect(exported.body).toContain('ends_device,true,50,10,,,,false,false,,AL:AL-77:2026-11-01 | OK');
    const again = ImportReportSchema.parse((await importCsv(staff.cookie, exported.body, true)).json());
    expect(again.changes).toMatchObject({ productsUpdated: 0, optionsUpdated: 0, listingsChanged: 0 });

    // Oklahoma struck: listed in Alabama only, the version moved, audited; the ship check agrees.
    const version = async () =>
      (await t.database.query<{ v: number }>('select version::int as v from compliance_version'))[0]!.v;
    const before = await version();
    const struck = await importCsv(
      staff.cookie,
      file(rows.map((r) => ({ ...r, directory_listings: 'AL:AL-77' }))),
      false,
    );
    expect(ImportReportSchema.parse(struck.json()).changes).toMatchObject({
      productsUpdated: 1,
      listingsChanged: 1,
    });
    expect(await listed()).toEqual([
      ['AL', 'AL-77', true],
      ['OK', '', false],
    ]);
    expect(await version()).toBe(before + 1);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where action = 'compliance.listings_imported'`,
    );
    expect(audit.length).toBe(2);
    const [path] = await t.database.query<{ c: string; b: string; p: string }>(
      `select c.slug as c, b.slug as b, p.slug as p from products p join brands b on b.id = p.brand_id
        join categories c on c.id = b.category_id where p.id = $1`,
      [product!.id],
    );
    const check = async (zip: string) =>
      (
        await call(
          'GET',
          `/api/v1/compliance/ship-check?categoryId=${path!.c}&brandId=${path!.b}&subBrandId=${path!.p}&zip=${zip}`,
        )
      ).json();
    // Oklahoma allows only listed vapes: no longer listed, no longer shipped; Alabama still is.
    expect((await check('73102')).options[0].blocks.map((b: { effect: string }) => b.effect)).toContain(
      'directory_only',
    );
    expect((await check('35203')).options[0].blocks.map((b: { effect: string }) => b.effect)).not.toContain(
      'directory_only',
    );
  });

  it('a dry run reports per-row errors; with any invalid row nothing is written', async () => {
    const staff = await staffWithTotp();
    const before = await Promise.all(['categories', 'brands', 'products', 'variants'].map(count));
    const csv = toCsv([
      row({}),
      row({ option: 'Ice', sku: 'IMP-BAR-ICE', stock: '-1' }),
      row({ option: 'Berry', sku: 'IMP-BAR-MINT' }),
      row({ option: 'Lime', sku: 'IMP-BAR-LIME', price: '13.00' }),
      row({
        product: 'Other',
        product_sku: 'IMP-OTHER',
        sku: 'IMP-OTHER-1',
        discount_price: '20.00',
        discount_percentage: '10',
      }),
      row({
        product: 'Other 2',
        product_sku: 'IMP-OTHER-2',
        sku: 'IMP-OTHER-2-1',
        category_group: 'Kitchen',
      }),
    ]);
    for (const dryRun of [true, false]) {
      const res = await importCsv(staff.cookie, csv, dryRun);
      expect(res.statusCode).toBe(dryRun ? 200 : 422);
      const report = ImportReportSchema.parse(res.json());
      expect(report.written).toBe(false);
      expect(report.errors).toEqual([
        { line: 3, sku: 'IMP-BAR-ICE', message: 'stock: Stock must be a whole number, 0 or more.' },
        { line: 4, sku: 'IMP-BAR-MINT', message: 'This SKU is already on line 2.' },
        {
          line: 5,
          sku: 'IMP-BAR-LIME',
          message: 'The product fields differ from line 2, which has the same product_sku.',
        },
        { line: 6, sku: 'IMP-OTHER-1', message: 'The discount price must be below the price.' },
        {
          line: 7,
          sku: 'IMP-OTHER-2-1',
          message: 'category_group: Category group must be empty or Vape Hardware or Smoke Shop.',
        },
      ]);
    }
    expect(await Promise.all(['categories', 'brands', 'products', 'variants'].map(count))).toEqual(before);

    const noHeader = ImportReportSchema.parse(
      (await importCsv(staff.cookie, 'sku,stock\r\nA,1\r\n', true)).json(),
    );
    expect(noHeader.errors[0]!.message).toMatch(/^The header is missing: category, category_group/);
  });

  it('dry run first, then the import creates and updates by SKU; the storefront shows it at once', async () => {
    const staff = await staffWithTotp();
    const [existing] = await t.database.query<{ sku: string; product_sku: string; stock: number }>(
      `select v.sku, p.sku as product_sku, v.stock from variants v join products p on p.id = v.product_id order by v.id limit 1`,
    );
    const exported = parseCsv((await call('GET', `${api}/export.csv`, staff.cookie)).body).rows;
    const header = exported[0]!;
    const existingRows = exported.filter((r) => r[header.indexOf('product_sku')] === existing!.product_sku);
    const asRow = (cells: string[]) => Object.fromEntries(header.map((h, i) => [h, cells[i]!])) as Row;
    const changed = existingRows.map((cells) => {
      const r = asRow(cells);
      return r.sku === existing!.sku ? { ...r, stock: String(existing!.stock + 7) } : r;
    });
    const csv = toCsv([...changed, row({}), row({ option: 'Ice', sku: 'IMP-BAR-ICE', stock: '0' })]);

    const dry = ImportReportSchema.parse((await importCsv(staff.cookie, csv, true)).json());
    expect(dry.written).toBe(false);
    expect(dry.changes).toMatchObject({
      categoriesCreated: 1,
      brandsCreated: 1,
      productsCreated: 1,
      productsUpdated: 0,
      optionsCreated: 2,
      optionsUpdated: 1,
      unchanged: existingRows.length - 1,
    });
    expect(dry.preview.find((p) => p.sku === existing!.sku)?.summary).toContain(
      `stock ${existing!.stock} → ${existing!.stock + 7}`,
    );
    expect(await count(`variants where sku = 'IMP-BAR-MINT'`)).toBe(0);

    const done = ImportReportSchema.parse((await importCsv(staff.cookie, csv, false)).json());
    expect(done.written).toBe(true);
    const stock = (
      await t.database.query<{ stock: number }>('select stock from variants where sku = $1', [existing!.sku])
    )[0]!.stock;
    expect(stock).toBe(existing!.stock + 7);

    const detail = await t.app.inject({
      method: 'GET',
      url: '/api/v1/catalogue/product?categoryId=imported-category&brandId=imported-brand&subBrandId=imported-bar',
    });
    expect(detail.statusCode).toBe(200);
    const shown = ProductDetailSchema.parse(detail.json());
    expect(shown).toMatchObject({
      name: 'Imported Bar',
      priceCents: 1250,
      description: 'Imported from a spreadsheet, with a comma, and "quotes".',
      highlights: ['One', 'Two'],
      specifications: [
        { title: 'Battery', details: '500 mAh' },
        { title: 'Puffs', details: '3000' },
      ],
      isNew: true,
    });
    expect(shown.variants.map((v) => [v.name, v.stock])).toEqual([
      ['Mint', 5],
      ['Ice', 0],
    ]);
    // Repeating the import changes nothing.
    const again = ImportReportSchema.parse((await importCsv(staff.cookie, csv, true)).json());
    expect(again.changes.unchanged).toBe(changed.length + 2);

    // An option SKU cannot move to another product by import.
    const moved = ImportReportSchema.parse(
      (
        await importCsv(
          staff.cookie,
          toCsv([row({ product: 'Thief', product_sku: 'IMP-THIEF', sku: existing!.sku })]),
          true,
        )
      ).json(),
    );
    expect(moved.errors[0]!.message).toMatch(/^This SKU is an option of another product/);

    const audit = AuditListSchema.parse(
      (await call('GET', '/api/v1/admin/audit?entity=catalogue', staff.cookie)).json(),
    );
    expect(audit.entries[0]).toMatchObject({
      action: 'catalogue.imported',
      after: { productsCreated: 1, optionsCreated: 2 },
    });
  });

  it('imports 10,000 rows in one go', { timeout: 120_000 }, async () => {
    const staff = await staffWithTotp();
    const rows: Row[] = [];
    for (let p = 0; p < 2000; p++)
      for (let o = 0; o < 5; o++)
        rows.push(
          row({
            category: `Bulk Category ${p % 4}`,
            brand: `Bulk Brand ${p % 40}`,
            product: `Bulk Product ${p}`,
            product_sku: `BULK-${p}`,
            option: `Flavour ${o}`,
            sku: `BULK-${p}-${o}`,
            stock: String(o * 3),
          }),
        );
    const products = await count('products');
    const res = await importCsv(staff.cookie, toCsv(rows), false);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const report = ImportReportSchema.parse(res.json());
    expect(report.changes).toMatchObject({
      categoriesCreated: 4,
      brandsCreated: 40,
      productsCreated: 2000,
      optionsCreated: 10_000,
    });
    expect(await count('products')).toBe(products + 2000);
    expect(await count(`variants where sku like 'BULK-%'`)).toBe(10_000);
    const key = (
      await t.database.query<{ key: string }>(`select search_key as key from products where sku = 'BULK-7'`)
    )[0]!.key;
    expect(key).toContain('flavour4');
  });
});
