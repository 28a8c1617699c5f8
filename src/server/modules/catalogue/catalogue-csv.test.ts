import { describe, expect, it } from 'vitest';
import { ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { CATALOGUE_CSV_COLUMNS, ImportReportSchema } from '#shared/catalogue/catalogue-csv.ts';
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
    expect(rows[0]).toEqual([...CATALOGUE_CSV_COLUMNS]);
    expect(rows.length - 1).toBe(await count('variants'));

    const report = ImportReportSchema.parse((await importCsv(staff.cookie, exported.body, true)).json());
    expect(report.errors).toEqual([]);
    expect(report.changes).toMatchObject({
      productsCreated: 0,
      productsUpdated: 0,
      optionsCreated: 0,
      optionsUpdated: 0,
    });
    expect(report.changes.unchanged).toBe(rows.length - 1);
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
