import { describe, expect, it } from 'vitest';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import { QuickOrderCheckSchema } from '#shared/cart/quick-order.schemas.ts';
import { ListingResponseSchema, ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { ProductFieldsSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { OrderSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ORIGIN } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import {
  CATALOGUE_CSV_COLUMNS,
  ImportReportSchema,
  SELLING_UNIT_CSV_COLUMN,
} from '#shared/catalogue/catalogue-csv.ts';
import { csvLine, parseCsv } from '#shared/csv.ts';
import { catalogueCsvRow } from '#shared/catalogue/catalogue-csv.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const o = ordersFixture(() => t);
const { call, staffWithTotp } = staffHelpers(() => t, clock);
const api = '/api/v1/admin/catalogue';
const importCsv = (cookie: string, csv: string, dryRun: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `${api}/import?dryRun=${dryRun}`,
    payload: csv,
    headers: { cookie, origin: ORIGIN, 'content-type': 'text/csv' },
  });
/** A one-option product's row of the catalogue CSV, with `unit` in a selling_unit column or without it. */
function csvOf(unit: string | undefined) {
  const row = catalogueCsvRow({
    category: 'Unit Category',
    category_group: '',
    brand: 'Unit Brand',
    product: 'Unit Bar',
    product_sku: 'UNIT-BAR',
    option: 'Mint',
    sku: 'UNIT-BAR-MINT',
  });
  const header =
    unit === undefined ? CATALOGUE_CSV_COLUMNS : [...CATALOGUE_CSV_COLUMNS, SELLING_UNIT_CSV_COLUMN];
  const cells = [...CATALOGUE_CSV_COLUMNS.map((c) => row[c]), ...(unit === undefined ? [] : [unit])];
  return `${header.join(',')}\r\n${csvLine(cells)}\r\n`;
}

describe('what a price buys (decision 014, item 9)', () => {
  it('a product’s selling unit goes with its price everywhere: card, page, cart, quick order, the order kept', async () => {
    const v = await o.variantWith(20);
    await t.database.query("update products set selling_unit = 'box of 10' where id = $1", [v.product_id]);
    await t.app.catalogue.changed();
    const page = await o.productPage(v.product_id);
    const detail = ProductDetailSchema.parse((await o.call('GET', page.url)).json());
    expect(detail.sellingUnit).toBe('box of 10');
    const listing = ListingResponseSchema.parse(
      (
        await o.call(
          'GET',
          `/api/v1/catalogue/listing?categoryId=${detail.categoryId}&brandId=${detail.brandId}&pageSize=60`,
        )
      ).json(),
    );
    expect(listing.items.find((c) => c.id === detail.id)?.sellingUnit).toBe('box of 10');

    const buyer = await o.verifiedBuyer();
    const check = QuickOrderCheckSchema.parse(
      (await o.call('POST', '/api/v1/cart/quick-order/check', buyer.cookie, { text: `${v.sku} 2` })).json(),
    );
    expect(check.lines[0]!.sellingUnit).toBe('box of 10');
    await o.add(buyer.cookie, v.sku, 2);
    const cart = CartSchema.parse((await o.call('GET', '/api/v1/cart', buyer.cookie)).json());
    expect(cart.items.map((i) => i.sellingUnit)).toEqual(['box of 10']);
    const placed = await o.call('POST', '/api/v1/orders', buyer.cookie, o.orderBody());
    expect(placed.statusCode).toBe(201);
    const { order } = PlaceOrderResponseSchema.parse(placed.json());
    expect(order.items.map((i) => i.sellingUnit)).toEqual(['box of 10']);

    // The order keeps the unit it was bought in, whatever the product says later.
    await t.database.query("update products set selling_unit = 'each' where id = $1", [v.product_id]);
    await t.app.catalogue.changed();
    const later = OrderSchema.parse(
      (await o.call('GET', `/api/v1/orders/${order.orderNumber}`, buyer.cookie)).json(),
    );
    expect(later.items.map((i) => i.sellingUnit)).toEqual(['box of 10']);
  });

  it('staff write at most 40 characters; left out, it is not said', () => {
    const base = { brandId: 1, name: 'X', sku: 'SS-X', priceCents: 100 };
    expect(ProductFieldsSchema.parse(base).sellingUnit).toBe('');
    expect(ProductFieldsSchema.safeParse({ ...base, sellingUnit: 'x'.repeat(41) }).success).toBe(false);
    expect(ProductFieldsSchema.parse({ ...base, sellingUnit: '  display of 24 ' }).sellingUnit).toBe(
      'display of 24',
    );
  });
  it('carries the selling unit when the file has the column, and leaves it when it has not (decision 014, item 9)', async () => {
    const staff = await staffWithTotp();
    const withUnit = (unit: string) => csvOf(unit);
    const unitOf = async (sku: string) =>
      (
        await t.database.query<{ u: string }>('select selling_unit as u from products where sku = $1', [sku])
      )[0]?.u;
    const imported = ImportReportSchema.parse(
      (await importCsv(staff.cookie, withUnit('box of 10'), false)).json(),
    );
    expect(imported.errors).toEqual([]);
    expect(await unitOf('UNIT-BAR')).toBe('box of 10');
    // A file without the column changes nothing of it; one with it changes it, and says so.
    const without = ImportReportSchema.parse((await importCsv(staff.cookie, csvOf(undefined), false)).json());
    expect(without.changes.unchanged).toBe(1);
    expect(await unitOf('UNIT-BAR')).toBe('box of 10');
    const changed = ImportReportSchema.parse(
      (await importCsv(staff.cookie, withUnit('display of 24'), false)).json(),
    );
    expect(changed.changes.productsUpdated).toBe(1);
    expect(await unitOf('UNIT-BAR')).toBe('display of 24');
    // Too long: refused on its line, nothing written.
    const long = ImportReportSchema.parse(
      (await importCsv(staff.cookie, withUnit('x'.repeat(41)), true)).json(),
    );
    expect(long.errors.map((e) => e.message)).toEqual([
      'selling_unit: a selling unit is at most 40 characters.',
    ]);
    // The export carries it.
    const exported = parseCsv((await call('GET', `${api}/export.csv`, staff.cookie)).body).rows;
    const at = exported[0]!.indexOf(SELLING_UNIT_CSV_COLUMN);
    expect(exported.find((cells) => cells.includes('UNIT-BAR-MINT'))![at]).toBe('display of 24');
  });
});
