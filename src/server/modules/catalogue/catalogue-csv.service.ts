import { upFromOption } from './catalogue-joins.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { storedAttributes, storedVariantCompliance } from '#server/modules/compliance/compliance.service.ts';
import { directoryListings } from '#server/modules/compliance/compliance.table.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import {
  CASE_PACK_CSV_COLUMNS,
  SELLING_UNIT_CSV_COLUMN,
  CATALOGUE_CSV_COLUMNS,
  casePackCells,
  type ImportReport,
  LIST_SEPARATOR,
} from '#shared/catalogue/catalogue-csv.ts';
import type { ComplianceAttributes } from '#shared/compliance/attributes.ts';
import {
  COMPLIANCE_CSV_COLUMNS,
  complianceCells,
  type ListingEntry,
} from '#shared/compliance/compliance-csv.ts';
import { csvLine } from '#shared/csv.ts';
import { centsToAmount } from '#shared/money.ts';
import { brands, categories, products, variants } from './catalogue.table.ts';
import { parseCatalogueCsv } from './catalogue-import-parse.ts';
import { type CatalogueSnapshot, planImport } from './catalogue-import-plan.ts';
import { writeImport } from './catalogue-import-write.ts';

// Only the columns the CSV carries: pictures, the search key and timestamps would be read again
// for each option of a product (116,000 rows on the large catalogue).
const categoryColumns = { name: categories.name, group: categories.group };
const productColumns = {
  id: products.id,
  brandId: products.brandId,
  slug: products.slug,
  name: products.name,
  description: products.description,
  productCode: products.productCode,
  sku: products.sku,
  rating: products.rating,
  priceCents: products.priceCents,
  discountPriceCents: products.discountPriceCents,
  discountPercentage: products.discountPercentage,
  delivery: products.delivery,
  highlights: products.highlights,
  importantNotice: products.importantNotice,
  seller: products.seller,
  specifications: products.specifications,
  isNew: products.isNew,
  isHot: products.isHot,
  hidden: products.hidden,
  compliance: products.compliance,
  sellingUnit: products.sellingUnit,
  firstImage: sql<Image | null>`${products.images} -> 0`,
};
const casePackColumns = {
  minQuantity: variants.minQuantity,
  orderIncrement: variants.orderIncrement,
  maxQuantity: variants.maxQuantity,
};
const variantColumns = {
  name: variants.name,
  sku: variants.sku,
  stock: variants.stock,
  compliance: variants.compliance,
  ...casePackColumns,
};

/** Every product's listed directory entries, by product id. */
async function listingsByProduct(db: Db): Promise<Map<number, ListingEntry[]>> {
  const rows = await db
    .select({
      productId: directoryListings.productId,
      state: directoryListings.state,
      listingId: directoryListings.listingId,
      listedOn: directoryListings.listedOn,
    })
    .from(directoryListings)
    .where(eq(directoryListings.listed, true));
  const out = new Map<number, ListingEntry[]>();
  for (const { productId, ...entry } of rows) out.set(productId, [...(out.get(productId) ?? []), entry]);
  return out;
}

/** The whole catalogue, one row per option, in the columns the import reads. */
export async function catalogueCsv({ db }: WithDb): Promise<string> {
  const listings = await listingsByProduct(db);
  // One read of a product's attributes, not one per option (116,000 rows on the large catalogue).
  const seen = new Map<number, ComplianceAttributes>();
  const attributes = (id: number, stored: unknown) => {
    const known = seen.get(id) ?? storedAttributes(stored);
    seen.set(id, known);
    return known;
  };
  const rows = await upFromOption(
    db
      .select({ c: categoryColumns, b: { name: brands.name }, p: productColumns, v: variantColumns })
      .from(variants)
      .$dynamic(),
  ).orderBy(
    asc(categories.position),
    asc(categories.name),
    asc(brands.name),
    asc(products.name),
    asc(products.id),
    asc(variants.position),
    asc(variants.id),
  );
  const lines = [
    [
      ...CATALOGUE_CSV_COLUMNS,
      SELLING_UNIT_CSV_COLUMN,
      ...CASE_PACK_CSV_COLUMNS,
      ...COMPLIANCE_CSV_COLUMNS,
    ].join(','),
  ];
  for (const { c, b, p, v } of rows) {
    const record: Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string | number> = {
      category: c.name,
      category_group: c.group ?? '',
      brand: b.name,
      product: p.name,
      product_sku: p.sku,
      product_code: p.productCode,
      description: p.description,
      price: centsToAmount(p.priceCents),
      discount_price: centsToAmount(p.discountPriceCents),
      discount_percentage: p.discountPercentage ?? '',
      rating: p.rating,
      is_new: String(p.isNew),
      is_hot: String(p.isHot),
      hidden: String(p.hidden),
      delivery: p.delivery,
      seller: p.seller,
      important_notice: p.importantNotice,
      highlights: p.highlights.join(LIST_SEPARATOR),
      specifications: p.specifications
        .map((s) => (s.details ? `${s.title}: ${s.details}` : s.title))
        .join(LIST_SEPARATOR),
      option: v.name,
      sku: v.sku,
      stock: v.stock,
    };
    const compliance = complianceCells(
      attributes(p.id, p.compliance),
      storedVariantCompliance(v.compliance),
      listings.get(p.id) ?? [],
    );
    lines.push(
      csvLine([
        ...CATALOGUE_CSV_COLUMNS.map((col) => record[col]),
        p.sellingUnit,
        ...Object.values(casePackCells(v)),
        ...COMPLIANCE_CSV_COLUMNS.map((c) => compliance[c]),
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Imports (or, with dryRun, only checks) a catalogue CSV:
 * 1. parse and check every row (`catalogue-import-parse.ts`, pure);
 * 2. compare with the catalogue as it is: what would be created, updated or left as it is, and
 *    option SKUs that belong to another product (`catalogue-import-plan.ts`, pure);
 * 3. unless it is a dry run or any row is invalid, write it all in one transaction
 *    (`catalogue-import-write.ts`). Any failure in step 3 rolls the whole import back.
 */
export async function importCatalogueCsv(
  ctx: StaffContext & { mail: MailSettings },
  text: string,
  dryRun: boolean,
): Promise<ImportReport> {
  const parsed = parseCatalogueCsv(text);
  const report: ImportReport = {
    dryRun,
    written: false,
    rows: parsed.rowCount,
    errors: parsed.errors,
    changes: {
      categoriesCreated: 0,
      brandsCreated: 0,
      productsCreated: 0,
      productsUpdated: 0,
      optionsCreated: 0,
      optionsUpdated: 0,
      unchanged: 0,
      listingsChanged: 0,
    },
    preview: [],
  };
  if (!parsed.rowCount) return report;

  const current = await catalogueSnapshot(ctx);
  const plan = planImport(parsed.rows, current);
  report.errors = [...parsed.errors, ...plan.errors].sort((a, b) => a.line - b.line);
  report.changes = plan.changes;
  report.preview = plan.preview;
  if (report.errors.length || dryRun) return report;

  await writeImport(ctx, plan, current, report);
  report.written = true;
  return report;
}

/** The catalogue as the import compares it, read in four queries. */
async function catalogueSnapshot({ db }: WithDb): Promise<CatalogueSnapshot> {
  const [catRows, brandRows, productRows, variantRows, listings] = await Promise.all([
    db.select().from(categories),
    db.select().from(brands),
    db.select(productColumns).from(products),
    db
      .select({
        id: variants.id,
        sku: variants.sku,
        name: variants.name,
        stock: variants.stock,
        position: variants.position,
        productId: variants.productId,
        compliance: variants.compliance,
        ...casePackColumns,
      })
      .from(variants),
    listingsByProduct(db),
  ]);
  return {
    categories: catRows,
    brands: brandRows,
    // In the schema's key order (jsonb keeps its own), so the import compares them as the file's.
    products: productRows.map((p) => ({ ...p, compliance: storedAttributes(p.compliance) })),
    variants: variantRows.map((v) => ({ ...v, compliance: storedVariantCompliance(v.compliance) })),
    listings,
  };
}
