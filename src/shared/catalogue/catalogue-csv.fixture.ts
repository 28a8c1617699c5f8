import type { CATALOGUE_CSV_COLUMNS } from './catalogue-csv.ts';

export type CatalogueCsvRow = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;

/** One catalogue CSV row as a spreadsheet holds it, for tests; each test overrides what it is about. */
export const catalogueCsvRow = (over: Partial<CatalogueCsvRow> = {}): CatalogueCsvRow => ({
  category: 'Disposable Vapes',
  category_group: 'Vape Hardware',
  brand: 'Glacier',
  product: 'Glacier Puff',
  product_sku: 'GP-1',
  product_code: 'GP',
  description: 'A disposable.',
  price: '12.50',
  discount_price: '',
  discount_percentage: '',
  rating: '5',
  is_new: 'false',
  is_hot: 'false',
  hidden: 'false',
  delivery: '',
  seller: '',
  important_notice: '',
  highlights: '',
  specifications: '',
  option: 'Banana Ice',
  sku: 'GP-1-BAN',
  stock: '40',
  ...over,
});
