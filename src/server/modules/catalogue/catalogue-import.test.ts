/** The CSV import's pure steps, without a database: parse and check, then plan against a snapshot. */
import { describe, expect, it } from 'vitest';
import { type CatalogueCsvRow, catalogueCsvRow } from '#shared/catalogue/catalogue-csv.fixture.ts';
import { CASE_PACK_CSV_COLUMNS, CATALOGUE_CSV_COLUMNS } from '#shared/catalogue/catalogue-csv.ts';
import { DEFAULT_ATTRIBUTES } from '#shared/compliance/attributes.ts';
import {
  COMPLIANCE_CSV_COLUMNS,
  type ComplianceCsvColumn,
  complianceCells,
} from '#shared/compliance/compliance-csv.ts';
import { csvLine } from '#shared/csv.ts';
import { parseCatalogueCsv } from './catalogue-import-parse.ts';
import { type CatalogueSnapshot, type ProductColumns, planImport } from './catalogue-import-plan.ts';

type Row = CatalogueCsvRow;
const base = catalogueCsvRow();
const csv = (...rows: Partial<Row>[]) =>
  [
    csvLine([...CATALOGUE_CSV_COLUMNS]),
    ...rows.map((r) => csvLine(CATALOGUE_CSV_COLUMNS.map((c) => ({ ...base, ...r })[c]))),
  ].join('\r\n');

const product: ProductColumns = {
  id: 7,
  brandId: 3,
  slug: 'glacier-puff',
  name: 'Glacier Puff',
  description: 'A disposable.',
  productCode: 'GP',
  sku: 'GP-1',
  rating: 5,
  priceCents: 1250,
  sellingUnit: '',
  discountPriceCents: null,
  discountPercentage: null,
  delivery: '',
  highlights: [],
  importantNotice: '',
  seller: '',
  specifications: [],
  isNew: false,
  isHot: false,
  hidden: false,
  compliance: DEFAULT_ATTRIBUTES,
  firstImage: null,
};
const snapshot = (over: Partial<CatalogueSnapshot> = {}): CatalogueSnapshot => ({
  categories: [
    {
      id: 1,
      name: 'Disposable Vapes',
      slug: 'disposable-vapes',
      group: 'Vape Hardware',
      position: 1,
    } as never,
  ],
  brands: [{ id: 3, categoryId: 1, name: 'Glacier', slug: 'glacier' } as never],
  products: [product],
  variants: [
    {
      id: 70,
      sku: 'GP-1-BAN',
      name: 'Banana Ice',
      stock: 40,
      position: 0,
      productId: 7,
      compliance: {},
      minQuantity: 1,
      orderIncrement: 1,
      maxQuantity: null,
    },
  ],
  listings: new Map(),
  ...over,
});

describe('parse', () => {
  it('reads the rows and numbers them by their line in the file', () => {
    const parsed = parseCatalogueCsv(csv({}, { option: 'Mint', sku: 'GP-1-MIN' }));
    expect(parsed.rowCount).toBe(2);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => [r.line, r.row.sku, r.product.priceCents])).toEqual([
      [2, 'GP-1-BAN', 1250],
      [3, 'GP-1-MIN', 1250],
    ]);
  });

  it('refuses the file before any row: no header columns, no rows', () => {
    expect(parseCatalogueCsv('sku,name\nA,B').errors[0]!.message).toMatch(/^The header is missing: category/);
    expect(parseCatalogueCsv(csvLine([...CATALOGUE_CSV_COLUMNS])).errors).toEqual([
      { line: 1, sku: '', message: 'The file has no rows.' },
    ]);
  });

  it('names each bad row: a bad cell, a repeated SKU, one product described two ways', () => {
    const parsed = parseCatalogueCsv(
      csv({}, { stock: 'lots', sku: 'GP-1-X' }, { sku: 'gp-1-ban' }, { sku: 'GP-1-Y', price: '13.00' }),
    );
    expect(parsed.errors).toEqual([
      { line: 3, sku: 'GP-1-X', message: 'stock: Stock must be a whole number, 0 or more.' },
      { line: 4, sku: 'gp-1-ban', message: 'This SKU is already on line 2.' },
      {
        line: 5,
        sku: 'GP-1-Y',
        message: 'The product fields differ from line 2, which has the same product_sku.',
      },
    ]);
    expect(parsed.rows.map((r) => r.line)).toEqual([2]);
  });
});

describe('plan', () => {
  const plan = (text: string, current = snapshot()) => planImport(parseCatalogueCsv(text).rows, current);

  it('a row the catalogue already has changes nothing', () => {
    const p = plan(csv({}));
    expect(p.changes).toEqual({
      categoriesCreated: 0,
      brandsCreated: 0,
      productsCreated: 0,
      productsUpdated: 0,
      optionsCreated: 0,
      optionsUpdated: 0,
      unchanged: 1,
      listingsChanged: 0,
    });
    expect(p.preview).toEqual([]);
  });

  it('new stock updates the option; a new price updates the product; a new option is created', () => {
    const p = plan(csv({ stock: '12', price: '14.00' }, { option: 'Mint', sku: 'GP-1-MIN', price: '14.00' }));
    expect(p.changes).toMatchObject({
      productsUpdated: 1,
      optionsUpdated: 1,
      optionsCreated: 1,
      unchanged: 0,
    });
    expect(p.preview.map((x) => [x.line, x.action, x.summary])).toEqual([
      [2, 'update', 'Glacier Puff — Banana Ice: product changed; option stock 40 → 12'],
      [3, 'create', 'Glacier Puff — Mint: new option, stock 40'],
    ]);
  });

  it('new category and brand names are created once, matched without case', () => {
    const p = plan(
      csv(
        { category: 'Kratom', brand: 'Borneo Roots', product_sku: 'BR-1', sku: 'BR-1-A' },
        { category: 'kratom ', brand: 'borneo roots', product_sku: 'BR-1', sku: 'BR-1-B', option: 'B' },
      ),
    );
    expect(p.changes).toMatchObject({
      categoriesCreated: 1,
      brandsCreated: 1,
      productsCreated: 1,
      optionsCreated: 2,
    });
  });

  it("an option SKU that is another product's is refused, naming that product", () => {
    const p = plan(csv({ product_sku: 'OTHER-1', product: 'Other', sku: 'GP-1-BAN' }));
    expect(p.errors).toEqual([
      { line: 2, sku: 'GP-1-BAN', message: 'This SKU is an option of another product (Glacier Puff, GP-1).' },
    ]);
  });
});

describe('the compliance columns', () => {
  const cells = complianceCells(DEFAULT_ATTRIBUTES, {}, []);
  const columns = [...CATALOGUE_CSV_COLUMNS, ...COMPLIANCE_CSV_COLUMNS];
  const full = (...rows: (Partial<Row> & Partial<Record<ComplianceCsvColumn, string>>)[]) =>
    [
      csvLine(columns),
      ...rows.map((r) => {
        const record: Record<string, string> = { ...base, ...cells, ...r };
        return csvLine(columns.map((c) => record[c]));
      }),
    ].join('\r\n');
  const plan = (text: string, current = snapshot()) => planImport(parseCatalogueCsv(text).rows, current);
  const vape = { kind: 'ends_device', flavoured: 'true', nicotine_mg_per_ml: '50', liquid_ml_per_unit: '14' };

  it("read as attributes, the option's own flavour and the listed states", () => {
    const parsed = parseCatalogueCsv(
      full({ ...vape, option_flavoured: 'false', directory_listings: 'ok | al:AL-12345:2026-11-01' }),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]!.compliance).toEqual({
      attributes: {
        ...DEFAULT_ATTRIBUTES,
        kind: 'ends_device',
        flavoured: true,
        nicotineMgPerMl: 50,
        liquidMlPerUnit: 14,
      },
      variant: { flavoured: false },
      listings: [
        { state: 'AL', listingId: 'AL-12345', listedOn: '2026-11-01' },
        { state: 'OK', listingId: '', listedOn: null },
      ],
    });
  });

  it('come as a set; a bad cell is refused naming its column', () => {
    const some = [
      csvLine([...CATALOGUE_CSV_COLUMNS, 'kind']),
      csvLine([...CATALOGUE_CSV_COLUMNS.map((c) => base[c]), 'e_liquid']),
    ];
    expect(parseCatalogueCsv(some.join('\r\n')).errors[0]!.message).toMatch(
      /^The header is missing: flavoured/,
    );
    const bad = parseCatalogueCsv(
      full(
        { kind: 'vape' },
        { sku: 'GP-1-B', directory_listings: 'XX:1' },
        { sku: 'GP-1-C', nicotine_mg_per_ml: '-3' },
      ),
    );
    expect(bad.errors.map((e) => e.message)).toEqual([
      'kind: kind must be one of ends_device, e_liquid, pod_cartridge, hemp_cannabinoid, kratom, tobacco, accessory.',
      'directory_listings: directory_listings must be entries like "AL:AL-12345:2026-11-01 | OK" (state, listing id, date listed).',
      'nicotine_mg_per_ml: nicotine_mg_per_ml must be a number from 0 to 1000, or empty when unknown.',
    ]);
    // One product's attributes are the same on each of its rows.
    const differs = parseCatalogueCsv(full({ ...vape }, { ...vape, sku: 'GP-1-B', flavoured: 'false' }));
    expect(differs.errors[0]!.message).toBe(
      'The product fields differ from line 2, which has the same product_sku.',
    );
  });

  it('planned against the catalogue: unchanged, new attributes, a new listing, an option of its own', () => {
    expect(plan(full({})).changes.unchanged).toBe(1);
    // A file without the columns leaves attributes that differ alone.
    const vapeNow = snapshot({
      products: [{ ...product, compliance: { ...DEFAULT_ATTRIBUTES, kind: 'ends_device' } }],
    });
    expect(plan(csv({}), vapeNow).changes.unchanged).toBe(1);
    expect(plan(full({ kind: 'ends_device' }), vapeNow).changes.unchanged).toBe(1);

    const changed = plan(full({ ...vape }));
    expect(changed.changes).toMatchObject({ productsUpdated: 1, unchanged: 0 });
    const listed = plan(full({ directory_listings: 'AL' }));
    expect([...listed.listingChanges]).toEqual([['GP-1', [{ state: 'AL', listingId: '', listedOn: null }]]]);
    expect(listed.changes.productsUpdated).toBe(1);
    const stillListed = snapshot({
      listings: new Map([[7, [{ state: 'AL', listingId: '', listedOn: null }]]]),
    });
    expect(plan(full({ directory_listings: 'AL' }), stillListed).changes.unchanged).toBe(1);
    expect([...plan(full({}), stillListed).listingChanges]).toEqual([['GP-1', []]]);

    const ownFlavour = plan(full({ option_flavoured: 'false' }));
    expect(ownFlavour.preview.map((x) => x.summary)).toEqual([
      'Glacier Puff — Banana Ice: option flavour or nicotine',
    ]);
  });
});

describe('the case pack columns', () => {
  const columns = [...CATALOGUE_CSV_COLUMNS, ...CASE_PACK_CSV_COLUMNS];
  type Pack = Partial<Record<(typeof CASE_PACK_CSV_COLUMNS)[number], string>>;
  const full = (...rows: (Partial<Row> & Pack)[]) =>
    [
      csvLine(columns),
      ...rows.map((r) => {
        const record: Record<string, string> = {
          ...base,
          min_quantity: '',
          order_increment: '',
          max_quantity: '',
          ...r,
        };
        return csvLine(columns.map((c) => record[c]));
      }),
    ].join('\r\n');

  it("read as the option's case pack; empty cells are one by one, no maximum", () => {
    const parsed = parseCatalogueCsv(
      full({ min_quantity: '20', order_increment: '10', max_quantity: '200' }, { sku: 'GP-1-B' }),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => r.casePack)).toEqual([
      { minQuantity: 20, orderIncrement: 10, maxQuantity: 200 },
      { minQuantity: 1, orderIncrement: 1, maxQuantity: null },
    ]);
    expect(parseCatalogueCsv(csv({})).rows[0]!.casePack).toBeUndefined();
  });

  it('come as a set; each rule is checked, naming its column', () => {
    const some = [
      csvLine([...CATALOGUE_CSV_COLUMNS, 'min_quantity']),
      csvLine([...CATALOGUE_CSV_COLUMNS.map((c) => base[c]), '2']),
    ];
    expect(parseCatalogueCsv(some.join('\r\n')).errors[0]!.message).toBe(
      'The header is missing: order_increment, max_quantity.',
    );
    const bad = parseCatalogueCsv(
      full(
        { min_quantity: 'two' },
        { sku: 'GP-1-B', min_quantity: '15', order_increment: '10' },
        { sku: 'GP-1-C', min_quantity: '20', order_increment: '10', max_quantity: '15' },
        { sku: 'GP-1-D', order_increment: '0' },
      ),
    );
    expect(bad.errors.map((e) => [e.line, e.message])).toEqual([
      [2, 'min_quantity: min_quantity must be a whole number.'],
      [3, 'min_quantity: The minimum must be a whole number of cases.'],
      [4, 'max_quantity: The maximum must be at least the minimum, in whole cases.'],
      [5, 'order_increment: At least 1.'],
    ]);
  });

  it('planned against the catalogue: a changed case pack changes the option; no columns, no change', () => {
    const plan = (text: string) => planImport(parseCatalogueCsv(text).rows, snapshot());
    expect(plan(full({})).changes.unchanged).toBe(1);
    const cases = plan(full({ min_quantity: '20', order_increment: '10' }));
    expect(cases.changes).toMatchObject({ optionsUpdated: 1, unchanged: 0 });
    expect(cases.preview[0]!.summary).toBe(
      'Glacier Puff — Banana Ice: option one by one → cases of 10, minimum 20',
    );
    expect(plan(csv({})).changes.unchanged).toBe(1);
  });
});
