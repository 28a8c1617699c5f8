import { describe, expect, it } from 'vitest';
import { csvLine } from '#shared/csv.ts';
import {
  entryOfRow,
  PRICE_LIST_CSV_HEADER,
  PRICE_LIST_CSV_MAX_ROWS,
  type PriceListImportReport,
  PriceListImportQuerySchema,
  PriceListImportReportSchema,
  parsePriceListCsv,
  parseTiers,
  priceListCsvMessages,
  priceListCsvRow,
  tiersText,
} from './price-list-csv.ts';
import { pricingMessages } from './pricing.messages.ts';
import { EntryBodySchema } from './pricing-staff.schemas.ts';

const row = (over: Partial<Record<'scope' | 'target' | 'price' | 'percent_off' | 'tiers', string>>) => ({
  scope: 'option',
  target: 'SKU-1',
  price: '',
  percent_off: '',
  tiers: '',
  ...over,
});

describe('price list CSV cells', () => {
  it('tiers read as they are written, spaces and an empty cell allowed', () => {
    const tiers = [
      { minQuantity: 10, priceCents: 425 },
      { minQuantity: 50, priceCents: 390 },
    ];
    expect(tiersText(tiers)).toBe('10: 4.25 | 50: 3.90');
    expect(parseTiers(tiersText(tiers))).toEqual(tiers);
    expect(parseTiers(' 10 :$4.25|50:3.9 | ')).toEqual(tiers);
    expect(parseTiers('')).toEqual([]);
    // A missing bar is refused, not read as one tier with the rest dropped.
    for (const bad of ['10', '10: ', 'ten: 4', '10: 4.255', '10; 4', '-5: 1', '10: 4.25 50: 3.90'])
      expect(parseTiers(bad), bad).toBeNull();
  });

  it('a row becomes the entry the console would save', () => {
    expect(entryOfRow(row({ scope: ' Option ', price: '4.50', tiers: '10: 4' }))).toEqual({
      body: {
        scope: 'variant',
        target: 'SKU-1',
        priceCents: 450,
        tiers: [{ minQuantity: 10, priceCents: 400 }],
      },
    });
    expect(entryOfRow(row({ scope: 'category', target: 'vapes', percent_off: '12.5 %' }))).toEqual({
      body: { scope: 'category', target: 'vapes', basisPoints: 1250 },
    });
    expect(entryOfRow(row({ scope: 'brand', target: 'a/b', percent_off: '100.01' }))).toHaveProperty(
      'message',
    );
    expect(entryOfRow(row({ price: '4', tiers: '1: 3' }))).toEqual({
      message: 'tiers: Enter a quantity of 2 or more.',
    });
  });

  it('each scope has its words, in any case: an option is "option" or "variant"', () => {
    const scopeOf = (scope: string) => {
      const brandLike = /brand|category/i.test(scope);
      const result = entryOfRow(
        row({ scope, price: brandLike ? '' : '4', percent_off: brandLike ? '5' : '' }),
      );
      return 'body' in result ? result.body.scope : result.message;
    };
    expect(['option', 'VARIANT', 'Product', 'brand', ' Category '].map(scopeOf)).toEqual([
      'variant',
      'variant',
      'product',
      'brand',
      'category',
    ]);
    for (const bad of ['', 'sku', 'options', 'group'])
      expect(scopeOf(bad), bad).toBe(priceListCsvMessages.scope);
  });

  it('cells of spaces are empty, and the target is read without its spaces', () => {
    expect(entryOfRow(row({ target: ' SKU-1 ', price: '4', percent_off: '  ' }))).toEqual({
      body: { scope: 'variant', target: 'SKU-1', priceCents: 400, tiers: [] },
    });
    expect(
      entryOfRow(row({ scope: 'brand', target: 'vapes/nimbus', price: ' ', percent_off: '5', tiers: ' ' })),
    ).toEqual({ body: { scope: 'brand', target: 'vapes/nimbus', basisPoints: 500 } });
  });

  it('a bad row says which column is wrong, in the words the console uses', () => {
    const longTarget = 'S'.repeat(201);
    const apiMessage = EntryBodySchema.safeParse({ scope: 'variant', target: longTarget, priceCents: 1 })
      .error?.issues[0]?.message;
    const cases: [Parameters<typeof row>[0], string][] = [
      [{ target: ' ', price: '4' }, priceListCsvMessages.target],
      // A row without a target says so first, whatever else is wrong with it.
      [{ scope: 'brand', target: ' ' }, priceListCsvMessages.target],
      [{ target: '', price: 'free', percent_off: '5' }, priceListCsvMessages.target],
      [{ target: longTarget, price: '4' }, `target: ${apiMessage}`],
      [{ price: '' }, priceListCsvMessages.price],
      [{ price: 'free' }, priceListCsvMessages.price],
      [{ price: '1000000.01' }, `price: ${pricingMessages.priceTooHigh}`],
      [{ price: '4', percent_off: '10' }, priceListCsvMessages.fixedHasPercent],
      [{ scope: 'product', price: '4', tiers: '10 4' }, priceListCsvMessages.tiers],
      [{ price: '4', tiers: '50: 3 | 10: 3.5' }, `tiers: ${pricingMessages.tiersInOrder}`],
      [{ price: '4', tiers: '10: 4' }, `tiers: ${pricingMessages.tierNotLower}`],
      [{ price: '4', tiers: '10: 3 | 50: 3.5' }, `tiers: ${pricingMessages.tierNotLower}`],
      [{ scope: 'brand', target: 'a/b', price: '4', percent_off: '5' }, priceListCsvMessages.percentHasPrice],
      [
        { scope: 'category', target: 'c', tiers: '10: 4', percent_off: '5' },
        priceListCsvMessages.percentHasPrice,
      ],
      [{ scope: 'category', target: 'c' }, priceListCsvMessages.percent],
      [{ scope: 'brand', target: 'a/b', percent_off: '0' }, priceListCsvMessages.percent],
    ];
    for (const [cells, message] of cases)
      expect(entryOfRow(row(cells)), JSON.stringify(cells)).toEqual({ message });
    expect(apiMessage).toBeTruthy();
    expect(priceListCsvMessages.price).toBe('price: Enter a price like 4.50.');
    expect(priceListCsvMessages.percent).toBe('percent_off: Enter a percentage from 0.01 to 100, like 12.5.');
  });
});

const file = (...lines: string[]) => lines.join('\r\n');
const HEADER = 'scope,target,price,percent_off,tiers';

describe('price list CSV files', () => {
  const exported = [
    {
      scope: 'variant' as const,
      target: 'NB-MANGO-5',
      label: 'Nimbus Bar, "Mango" — 5 %',
      listPriceCents: 500,
      priceCents: 450,
      basisPoints: null,
      tiers: [
        { minQuantity: 10, priceCents: 425 },
        { minQuantity: 50, priceCents: 390 },
      ],
    },
    {
      scope: 'product' as const,
      target: 'NB-BAR',
      label: '=Nimbus Bar',
      listPriceCents: 1000,
      priceCents: 0,
      basisPoints: null,
      tiers: [],
    },
    {
      scope: 'brand' as const,
      target: 'vapes/nimbus',
      label: 'Vapes / Nimbus',
      listPriceCents: null,
      priceCents: null,
      basisPoints: 1250,
      tiers: [],
    },
    {
      scope: 'category' as const,
      target: 'vapes',
      label: 'Vapes',
      listPriceCents: null,
      priceCents: null,
      basisPoints: 10_000,
      tiers: [],
    },
  ];

  it('an entry exports as the console names it, the reading columns after the target', () => {
    expect(PRICE_LIST_CSV_HEADER).toEqual([
      'scope',
      'target',
      'name',
      'list_price',
      'price',
      'percent_off',
      'tiers',
    ]);
    expect(exported.map(priceListCsvRow)).toEqual([
      ['option', 'NB-MANGO-5', 'Nimbus Bar, "Mango" — 5 %', '5.00', '4.50', '', '10: 4.25 | 50: 3.90'],
      ['product', 'NB-BAR', '=Nimbus Bar', '10.00', '0.00', '', ''],
      ['brand', 'vapes/nimbus', 'Vapes / Nimbus', '', '', '12.5', ''],
      ['category', 'vapes', 'Vapes', '', '', '100', ''],
    ]);
  });

  it('an exported file imports as the same entries, each on its line', () => {
    const text = file(PRICE_LIST_CSV_HEADER.join(','), ...exported.map((e) => csvLine(priceListCsvRow(e))));
    expect(parsePriceListCsv(text)).toEqual({
      rowCount: 4,
      errors: [],
      rows: [
        {
          line: 2,
          body: { scope: 'variant', target: 'NB-MANGO-5', priceCents: 450, tiers: exported[0]!.tiers },
        },
        { line: 3, body: { scope: 'product', target: 'NB-BAR', priceCents: 0, tiers: [] } },
        { line: 4, body: { scope: 'brand', target: 'vapes/nimbus', basisPoints: 1250 } },
        { line: 5, body: { scope: 'category', target: 'vapes', basisPoints: 10_000 } },
      ],
    });
  });

  it('reads the columns by name, in any order and case, short rows as empty cells', () => {
    const text = file(
      ' Tiers ,PRICE,notes,Target,Percent_Off,scope',
      ',4.50,x,SKU-1,,option',
      '',
      '',
      '',
      'c',
      'x,y',
    );
    expect(parsePriceListCsv(text)).toMatchObject({
      rowCount: 3,
      rows: [{ line: 2, body: { scope: 'variant', target: 'SKU-1', priceCents: 450, tiers: [] } }],
      errors: [
        { line: 6, target: '', message: priceListCsvMessages.scope },
        { line: 7, target: '', message: priceListCsvMessages.scope },
      ],
    });
  });

  it('reports each bad row with its line in the file and its target, and reads the rest', () => {
    const text = file(
      'scope,target,name,price,percent_off,tiers',
      'option,SKU-1,"Mango',
      'Ice",4.50,,',
      '',
      'option, SKU-2 ,,free,,',
      'category,vapes,,,12.5,',
    );
    expect(parsePriceListCsv(text)).toEqual({
      rowCount: 3,
      rows: [
        { line: 2, body: { scope: 'variant', target: 'SKU-1', priceCents: 450, tiers: [] } },
        { line: 6, body: { scope: 'category', target: 'vapes', basisPoints: 1250 } },
      ],
      errors: [{ line: 5, target: 'SKU-2', message: priceListCsvMessages.price }],
    });
  });

  it('a target priced twice is refused on its later line, naming the first', () => {
    const text = file(
      HEADER,
      'option,SKU-1,4,,',
      'product,SKU-1,5,,',
      'variant,SKU-1,3,,',
      'option,SKU-2,4,,',
    );
    const parsed = parsePriceListCsv(text);
    expect(parsed.rows.map((r) => [r.line, r.body.scope, r.body.target])).toEqual([
      [2, 'variant', 'SKU-1'],
      [3, 'product', 'SKU-1'],
      [5, 'variant', 'SKU-2'],
    ]);
    expect(parsed.errors).toEqual([
      { line: 4, target: 'SKU-1', message: 'This is already priced on line 2.' },
    ]);
    expect(parsed.errors[0]!.message).toBe(priceListCsvMessages.duplicate(2));
  });

  it('refuses a file it cannot read as a whole, on line 1 or the broken line', () => {
    const refused = (line: number, message: string) => ({
      rowCount: 0,
      rows: [],
      errors: [{ line, target: '', message }],
    });
    expect(parsePriceListCsv('')).toEqual(refused(1, priceListCsvMessages.empty));
    expect(parsePriceListCsv(file(HEADER, '', ''))).toEqual(refused(1, 'The file has no rows.'));
    expect(parsePriceListCsv(file('Scope,TARGET,name', 'option,SKU-1,x'))).toEqual(
      refused(1, 'The header is missing: price, percent_off, tiers.'),
    );
    expect(parsePriceListCsv(file(HEADER, 'option,SKU-1,4,,', 'option,"SKU-2,4,,'))).toEqual(
      refused(3, 'A quoted cell is never closed.'),
    );
  });

  it(`reads up to its row limit and refuses a longer file; the limit is ${PRICE_LIST_CSV_MAX_ROWS.toLocaleString('en-US')}`, () => {
    const rows = (n: number) => file(HEADER, ...Array.from({ length: n }, (_, i) => `option,SKU-${i},1,,`));
    const tooMany = {
      rowCount: 0,
      rows: [],
      errors: [{ line: 1, target: '', message: 'A file can hold up to 100,000 rows.' }],
    };
    // The boundary, on a small limit (reading 100,000 rows checks each: seconds, not a rule).
    const most = parsePriceListCsv(rows(3), 3);
    expect([most.rowCount, most.rows.length, most.errors.length]).toEqual([3, 3, 0]);
    expect(parsePriceListCsv(rows(4), 3)).toEqual(tooMany);
    // The store's own limit: a file one row over it is refused before any row is read.
    expect(parsePriceListCsv(rows(PRICE_LIST_CSV_MAX_ROWS + 1))).toEqual(tooMany);
  });

  it('an import is a dry run that keeps the entries the file does not name, unless asked', () => {
    expect(PriceListImportQuerySchema.parse({})).toEqual({ dryRun: 'true', replace: 'false' });
    for (const dryRun of ['true', 'false'])
      for (const replace of ['true', 'false'])
        expect(PriceListImportQuerySchema.parse({ dryRun, replace })).toEqual({ dryRun, replace });
    for (const bad of [{ dryRun: 'no' }, { replace: 'yes' }, { dryRun: '' }])
      expect(PriceListImportQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("an import's report reaches the console whole: counts, errors and each change", () => {
    const report: PriceListImportReport = {
      dryRun: true,
      written: false,
      replace: true,
      rows: 3,
      errors: [{ line: 4, target: 'SKU-9', message: priceListCsvMessages.price }],
      changes: { added: 1, changed: 1, unchanged: 0, removed: 1 },
      preview: [
        { line: 2, scope: 'option', target: 'SKU-1', action: 'add', summary: '$4.50' },
        { line: 3, scope: 'brand', target: 'vapes/nimbus', action: 'change', summary: '12.5 % off' },
        { line: null, scope: 'category', target: 'vapes', action: 'remove', summary: '5 % off' },
      ],
    };
    expect(PriceListImportReportSchema.parse(report)).toEqual(report);
    const preview = report.preview[0]!;
    expect(
      PriceListImportReportSchema.safeParse({ ...report, preview: [{ ...preview, action: 'keep' }] }).success,
    ).toBe(false);
  });
});
