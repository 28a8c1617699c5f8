import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from '#shared/csv.ts';
import { centsToAmount } from '#shared/money.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';
import { catalogueCsvRow } from './catalogue-csv.fixture.ts';
import {
  CATALOGUE_CSV_COLUMNS,
  type CasePack,
  CasePackCsvSchema,
  CatalogueCsvRowSchema,
  casePackCells,
  casePackText,
  type ImportReport,
  ImportReportSchema,
  LIST_SEPARATOR,
  productFieldsFromRow,
  productFieldsOf,
  SELLING_UNIT_CSV_COLUMN,
  SellingUnitCsvSchema,
} from './catalogue-csv.ts';

// The fixture's row with what these tests read: an empty rating, flags spelt as people type them,
// highlights and specifications to split.
const row = (over: Record<string, string> = {}) =>
  catalogueCsvRow({
    rating: '',
    is_new: 'yes',
    is_hot: '',
    delivery: 'Ships in 1–2 days',
    highlights: ' 5000 puffs | Rechargeable | ',
    specifications: 'Battery: 650 mAh | Nicotine',
    ...over,
  });
const messageOf = (over: Record<string, string>) =>
  CatalogueCsvRowSchema.safeParse(row(over)).error?.issues[0]?.message;

describe('catalogue CSV row', () => {
  it('reads amounts, flags, lists and specifications', () => {
    const parsed = CatalogueCsvRowSchema.parse(row());
    expect(parsed).toMatchObject({
      price: 1250,
      discount_price: null,
      discount_percentage: null,
      rating: 5,
      is_new: true,
      is_hot: false,
      hidden: false,
      highlights: ['5000 puffs', 'Rechargeable'],
      specifications: [
        { title: 'Battery', details: '650 mAh' },
        { title: 'Nicotine', details: '' },
      ],
      stock: 40,
    });
    expect(CatalogueCsvRowSchema.parse(row({ price: '$1299.99' })).price).toBe(129_999);
    expect(CatalogueCsvRowSchema.parse(row({ price: '0.29' })).price).toBe(29);
  });

  it('says what is wrong with a cell', () => {
    expect(messageOf({ price: 'twelve' })).toBe('Price must be an amount like 12.50.');
    expect(messageOf({ price: '1,299.99' })).toBe('Price must be an amount like 12.50.');
    expect(messageOf({ price: '12.505' })).toBe('Price must be an amount like 12.50.');
    expect(messageOf({ stock: '-1' })).toBe('Stock must be a whole number, 0 or more.');
    expect(messageOf({ stock: '1.5' })).toBe('Stock must be a whole number, 0 or more.');
    expect(messageOf({ is_new: 'maybe' })).toBe('is_new must be true or false.');
    expect(messageOf({ rating: '6' })).toBeDefined();
    expect(messageOf({ category: ' ' })).toBe('Category is required.');
    expect(messageOf({ category_group: 'Kitchen' })).toBe(
      'Category group must be empty or Vape Hardware or Smoke Shop.',
    );
  });

  it('checks the product fields with the console form’s rules', () => {
    const ok = productFieldsOf(CatalogueCsvRowSchema.parse(row()));
    expect(ok.success).toBe(true);
    const discountAbove = productFieldsOf(
      CatalogueCsvRowSchema.parse(row({ discount_price: '20.00', discount_percentage: '10' })),
    );
    expect(discountAbove.error?.issues[0]?.message).toBe('The discount price must be below the price.');
  });

  it('reads every spelling of a flag people type, in any case and with spaces around it', () => {
    for (const column of ['is_new', 'is_hot', 'hidden'] as const) {
      for (const yes of ['true', 'TRUE', ' yes ', 'Yes', '1'])
        expect(CatalogueCsvRowSchema.parse(row({ [column]: yes }))[column]).toBe(true);
      for (const no of ['false', 'False', ' no ', '0', '', '  '])
        expect(CatalogueCsvRowSchema.parse(row({ [column]: no }))[column]).toBe(false);
      expect(messageOf({ [column]: 'maybe' })).toBe(`${column} must be true or false.`);
      expect(messageOf({ [column]: '2' })).toBe(`${column} must be true or false.`);
    }
  });

  it('trims the spaces typed around any cell', () => {
    const parsed = CatalogueCsvRowSchema.parse(
      row({
        category_group: ' Smoke Shop ',
        product_code: ' GP ',
        description: ' A disposable. ',
        discount_price: ' 9.99 ',
        discount_percentage: ' 20 ',
        rating: ' 4.5 ',
        delivery: ' Ships today ',
        seller: ' Glacier Inc ',
        important_notice: ' 21+ only ',
        specifications: ' Battery : 650 mAh ',
        stock: ' 40 ',
      }),
    );
    expect(parsed).toMatchObject({
      category_group: 'Smoke Shop',
      product_code: 'GP',
      description: 'A disposable.',
      discount_price: 999,
      discount_percentage: 20,
      rating: 4.5,
      delivery: 'Ships today',
      seller: 'Glacier Inc',
      important_notice: '21+ only',
      specifications: [{ title: 'Battery', details: '650 mAh' }],
      stock: 40,
    });
  });

  it('reads an empty or blank optional cell as none, and an empty rating as 5', () => {
    for (const blank of ['', '   ']) {
      const parsed = CatalogueCsvRowSchema.parse(
        row({ category_group: blank, discount_price: blank, discount_percentage: blank, rating: blank }),
      );
      expect(parsed).toMatchObject({
        category_group: null,
        discount_price: null,
        discount_percentage: null,
        rating: 5,
      });
    }
  });

  it('drops the empty entries of a list, so a stray separator adds no highlight or specification', () => {
    const parsed = CatalogueCsvRowSchema.parse(
      row({ highlights: '| Long lasting || ', specifications: ' | Battery: 650 mAh ||' }),
    );
    expect(parsed.highlights).toEqual(['Long lasting']);
    expect(parsed.specifications).toEqual([{ title: 'Battery', details: '650 mAh' }]);
  });

  it('names the column in each message', () => {
    expect(messageOf({ brand: '' })).toBe('Brand is required.');
    expect(messageOf({ product: '  ' })).toBe('Product is required.');
    expect(messageOf({ option: '' })).toBe('Option is required.');
    expect(messageOf({ category: 'x'.repeat(81) })).toBe('Category is too long.');
    expect(messageOf({ discount_price: 'nine' })).toBe('Discount price must be an amount like 12.50.');
    for (const discount_percentage of ['101', '-1', 'ten'])
      expect(messageOf({ discount_percentage })).toBe('Discount percentage must be a number from 0 to 100.');
    for (const rating of ['6', '-1', 'five'])
      expect(messageOf({ rating })).toBe('Rating must be a number from 0 to 5.');
  });

  it('reads back a product as the export writes it: lists, formula-like text and amounts unchanged', () => {
    const product = {
      name: '=Glacier Puff',
      description: '-20% this week, "limited"',
      priceCents: 1250,
      discountPriceCents: 999,
      discountPercentage: 20,
      highlights: ['+1 free pod', '@home, or away'],
      specifications: [
        { title: 'Battery', details: '650 mAh' },
        { title: 'Nicotine', details: '' },
      ],
    };
    // The cells as the catalogue export fills them (server/modules/catalogue/catalogue-csv.service.ts).
    const cells = catalogueCsvRow({
      product: product.name,
      description: product.description,
      price: centsToAmount(product.priceCents),
      discount_price: centsToAmount(product.discountPriceCents),
      discount_percentage: String(product.discountPercentage),
      highlights: product.highlights.join(LIST_SEPARATOR),
      specifications: product.specifications
        .map((s) => (s.details ? `${s.title}: ${s.details}` : s.title))
        .join(LIST_SEPARATOR),
    });
    const text = `${csvLine(CATALOGUE_CSV_COLUMNS)}\r\n${csvLine(CATALOGUE_CSV_COLUMNS.map((c) => cells[c]))}\r\n`;
    const [header, values] = parseCsv(text).rows;
    const read = Object.fromEntries(header!.map((column, i) => [column, values![i]]));
    expect(productFieldsFromRow(CatalogueCsvRowSchema.parse(read))).toMatchObject(product);
  });
});

describe('catalogue CSV case pack columns', () => {
  const casePackOf = (cells: Partial<Record<'min_quantity' | 'order_increment' | 'max_quantity', string>>) =>
    CasePackCsvSchema.safeParse({ min_quantity: '', order_increment: '', max_quantity: '', ...cells });
  const messagesOf = (cells: Parameters<typeof casePackOf>[0]) =>
    casePackOf(cells).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('reads empty minimum and increment as 1 and an empty maximum as none', () => {
    expect(casePackOf({}).data).toEqual({ minQuantity: 1, orderIncrement: 1, maxQuantity: null });
    expect(casePackOf({ min_quantity: ' 20 ', order_increment: ' 10 ', max_quantity: ' 200 ' }).data).toEqual(
      {
        minQuantity: 20,
        orderIncrement: 10,
        maxQuantity: 200,
      },
    );
  });

  it('names the case pack column that is not a whole number', () => {
    for (const column of ['min_quantity', 'order_increment', 'max_quantity'] as const)
      for (const typed of ['x5', '5x', '1.5', '-1', '12345678'])
        expect(messagesOf({ [column]: typed })).toEqual([[column, `${column} must be a whole number.`]]);
  });

  it('refuses a case pack that is not whole cases from the minimum up to the maximum', () => {
    expect(messagesOf({ min_quantity: '15', order_increment: '10' })).toEqual([
      ['minQuantity', pricingMessages.minimumNotInCases],
    ]);
    expect(messagesOf({ min_quantity: '20', order_increment: '10', max_quantity: '15' })).toEqual([
      ['maxQuantity', pricingMessages.maximumBelowMinimum],
    ]);
  });

  it('writes a case pack as the cells it reads back', () => {
    const packs: CasePack[] = [
      { minQuantity: 20, orderIncrement: 10, maxQuantity: 200 },
      { minQuantity: 1, orderIncrement: 1, maxQuantity: null },
    ];
    expect(casePackCells(packs[1]!)).toEqual({ min_quantity: 1, order_increment: 1, max_quantity: '' });
    for (const pack of packs) {
      const cells = Object.fromEntries(Object.entries(casePackCells(pack)).map(([k, v]) => [k, String(v)]));
      expect(CasePackCsvSchema.parse(cells)).toEqual(pack);
    }
  });

  it('says in words what a case pack is, for the dry run', () => {
    expect(casePackText({ minQuantity: 1, orderIncrement: 1, maxQuantity: null })).toBe('one by one');
    expect(casePackText({ minQuantity: 20, orderIncrement: 10, maxQuantity: 200 })).toBe(
      'cases of 10, minimum 20, maximum 200',
    );
    expect(casePackText({ minQuantity: 6, orderIncrement: 1, maxQuantity: null })).toBe(
      'one by one, minimum 6',
    );
    expect(casePackText({ minQuantity: 1, orderIncrement: 1, maxQuantity: 5 })).toBe('one by one, maximum 5');
  });
});

describe('catalogue import report', () => {
  const report: ImportReport = {
    dryRun: true,
    written: false,
    rows: 3,
    errors: [{ line: 4, sku: 'GP-1-BAN', message: 'Stock must be a whole number, 0 or more.' }],
    changes: {
      categoriesCreated: 1,
      brandsCreated: 1,
      productsCreated: 1,
      productsUpdated: 0,
      optionsCreated: 1,
      optionsUpdated: 1,
      unchanged: 0,
      listingsChanged: 0,
    },
    preview: [
      { line: 2, sku: 'GP-1-MAN', action: 'create', summary: 'new option' },
      { line: 3, sku: 'GP-1-ICE', action: 'update', summary: 'stock 5 → 40' },
    ],
  };

  it('reaches the console whole: each error with its line and SKU, the changes and the preview', () => {
    expect(ImportReportSchema.parse(report)).toEqual(report);
  });

  it('previews a row only as a create or an update', () => {
    const deleting = { ...report, preview: [{ ...report.preview[0]!, action: 'delete' }] };
    expect(ImportReportSchema.safeParse(deleting).success).toBe(false);
  });
});

describe('catalogue CSV selling unit column (decision 014, item 9)', () => {
  it('is trimmed, may be empty, and holds at most 40 characters', () => {
    expect(SELLING_UNIT_CSV_COLUMN).toBe('selling_unit');
    expect(SellingUnitCsvSchema.parse('  box of 10 ')).toBe('box of 10');
    expect(SellingUnitCsvSchema.parse('')).toBe('');
    expect(SellingUnitCsvSchema.parse(`${'x'.repeat(40)}  `)).toBe('x'.repeat(40));
    const long = SellingUnitCsvSchema.safeParse('x'.repeat(41));
    expect(long.error?.issues.map((i) => i.message)).toEqual([
      'selling_unit: a selling unit is at most 40 characters.',
    ]);
  });
});
