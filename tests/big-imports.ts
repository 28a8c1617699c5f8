import { CATALOGUE_CSV_COLUMNS } from '../src/shared/catalogue/catalogue-csv.ts';
import { csvLine } from '../src/shared/csv.ts';
import { PRICE_LIST_CSV_COLUMNS } from '../src/shared/pricing/price-list-csv.ts';

/**
 * A catalogue CSV of `products` × `options` rows (SKUs `BIG-<p>` and `BIG-<p>-<o>`, in 3 categories
 * of 20 brands): the same SKUs in two files with another `version` are updates, more products new.
 */
export function bigCatalogueCsv(products: number, options: number, version: number): string {
  const lines = [CATALOGUE_CSV_COLUMNS.join(',')];
  for (let p = 0; p < products; p++)
    for (let o = 0; o < options; o++) {
      const row: Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string> = {
        category: `Big Category ${p % 3}`,
        category_group: 'Smoke Shop',
        brand: `Big Brand ${p % 20}`,
        product: `Big Product ${p}`,
        product_sku: `BIG-${p}`,
        product_code: `BP${p}`,
        description: `Version ${version} of product ${p}, with a comma, and "quotes".`,
        price: `${10 + version}.${String(p % 100).padStart(2, '0')}`,
        discount_price: '',
        discount_percentage: '',
        rating: '4.5',
        is_new: String(version % 2 === 0),
        is_hot: 'false',
        hidden: 'false',
        delivery: 'Next day',
        seller: 'Big Wholesale',
        important_notice: '',
        highlights: `Version ${version} | Two`,
        specifications: 'Battery: 500 mAh',
        option: `Flavour ${o}`,
        sku: `BIG-${p}-${o}`,
        stock: String(version * 10 + o),
      };
      lines.push(csvLine(CATALOGUE_CSV_COLUMNS.map((c) => row[c])));
    }
  return `${lines.join('\r\n')}\r\n`;
}

/** A price list CSV pricing every option `BIG-<p>-<o>` at `cents` (with one volume tier). */
export function bigPriceListCsv(products: number, options: number, cents: number): string {
  const lines = [PRICE_LIST_CSV_COLUMNS.join(',')];
  const amount = (c: number) => (c / 100).toFixed(2);
  for (let p = 0; p < products; p++)
    for (let o = 0; o < options; o++)
      lines.push(csvLine(['option', `BIG-${p}-${o}`, amount(cents + o), '', `10: ${amount(cents - 50)}`]));
  return `${lines.join('\r\n')}\r\n`;
}
