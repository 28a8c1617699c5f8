/**
 * Step 2 of a catalogue CSV import, pure: the checked rows against the catalogue as it is now —
 * which categories and brands to create, which products and options to create or update, which
 * rows change nothing, and rows whose SKU is another product's option. No database: the caller
 * reads the snapshot, and the plan is unit-tested on its own.
 */

import { catalogueCsvMessages } from '#shared/catalogue/catalogue.messages.ts';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import {
  type CasePack,
  type CatalogueCsvRow,
  casePackText,
  type ImportReport,
  PRODUCT_FIELD_KEYS,
  type ProductFields,
} from '#shared/catalogue/catalogue-csv.ts';
import type { VariantCompliance } from '#shared/compliance/attributes.ts';
import { type ListingEntry, listingsText, variantComplianceKey } from '#shared/compliance/compliance-csv.ts';
import type { brands, categories, products } from './catalogue.table.ts';
import { brandKey, type ImportIssue, lower, type ParsedRow } from './catalogue-import-parse.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';

const PREVIEW_LIMIT = 200;

/** A product as the import compares it (no pictures, search key or timestamps: read once for 116,000 rows). */
export type ProductColumns = Omit<
  typeof products.$inferSelect,
  'images' | 'specImages' | 'searchKey' | 'createdAt' | 'updatedAt'
> & { firstImage: Image | null };

export interface CatalogueSnapshot {
  categories: (typeof categories.$inferSelect)[];
  brands: (typeof brands.$inferSelect)[];
  products: ProductColumns[];
  variants: ({
    id: number;
    sku: string;
    name: string;
    stock: number;
    position: number;
    productId: number;
    compliance: VariantCompliance;
  } & CasePack)[];
  /** Each product's directory listings (listed states only). */
  listings: Map<number, ListingEntry[]>;
}

export interface ImportPlan {
  newCategories: Map<string, { name: string; group: CatalogueCsvRow['category_group'] }>;
  newBrands: Map<string, { category: string; name: string }>;
  createProducts: Map<string, ParsedRow>;
  updateProducts: Map<string, ParsedRow>;
  createVariants: { r: ParsedRow; position: number }[];
  updateVariants: { id: number; r: ParsedRow; position: number }[];
  /** Lookups the write step extends as it creates categories and brands. */
  categoryByName: Map<string, { id: number; name: string }>;
  brandByKey: Map<string, { id: number }>;
  productBySku: Map<string, ProductColumns>;
  /** Products whose directory listings the file changes: the whole set of states they are listed in. */
  listingChanges: Map<string, ListingEntry[]>;
  errors: ImportIssue[];
  preview: ImportReport['preview'];
  changes: ImportReport['changes'];
}

function pickFields(p: ProductColumns): ProductFields {
  return Object.fromEntries(PRODUCT_FIELD_KEYS.map((k) => [k, p[k]])) as ProductFields;
}

/** What the file changes about an option (empty: nothing). */
function variantChanges(
  before: CatalogueSnapshot['variants'][number],
  r: ParsedRow,
  position: number,
): string[] {
  const { row } = r;
  const parts: string[] = [];
  if (before.name !== row.option) parts.push(`name ${before.name} → ${row.option}`);
  if (before.stock !== row.stock) parts.push(`stock ${before.stock} → ${row.stock}`);
  if (before.position !== position) parts.push('order');
  if (r.compliance && variantComplianceKey(r.compliance.variant) !== variantComplianceKey(before.compliance))
    parts.push('flavour or nicotine');
  if (r.casePack && casePackText(r.casePack) !== casePackText(before))
    parts.push(`${casePackText(before)} → ${casePackText(r.casePack)}`);
  return parts;
}

/** Whether the file changes a product's fields or attributes; its listings are compared apart. */
function productChanged(existing: ProductColumns, r: ParsedRow, brandId: number | undefined): boolean {
  if (brandId === undefined) return true;
  const current = { ...pickFields(existing), brandId: existing.brandId };
  if (JSON.stringify(current) !== JSON.stringify({ ...r.product, brandId })) return true;
  if (r.sellingUnit !== undefined && r.sellingUnit !== existing.sellingUnit) return true;
  return (
    r.compliance !== undefined &&
    JSON.stringify(r.compliance.attributes) !== JSON.stringify(existing.compliance)
  );
}

export function planImport(rows: ParsedRow[], current: CatalogueSnapshot): ImportPlan {
  const { categories: catRows, brands: brandRows, products: productRows, variants: variantRows } = current;
  const errors: ImportIssue[] = [];
  const fail = (line: number, sku: string, message: string) => errors.push({ line, sku, message });
  const preview: ImportReport['preview'] = [];
  let unchanged = 0;
  const categoryByName = new Map(catRows.map((c) => [lower(c.name), c]));
  const brandByKey = new Map<string, typeof brands.$inferSelect>();
  const categoryNameById = new Map(catRows.map((c) => [c.id, c.name]));
  for (const b of brandRows) brandByKey.set(brandKey(categoryNameById.get(b.categoryId) ?? '', b.name), b);
  const productBySku = new Map(productRows.map((p) => [p.sku, p]));
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const variantBySku = new Map(variantRows.map((v) => [v.sku.toLowerCase(), v]));

  const newCategories = new Map<string, { name: string; group: CatalogueCsvRow['category_group'] }>();
  const newBrands = new Map<string, { category: string; name: string }>();
  const createProducts = new Map<string, ParsedRow>();
  const updateProducts = new Map<string, ParsedRow>();
  const createVariants: { r: ParsedRow; position: number }[] = [];
  const updateVariants: { id: number; r: ParsedRow; position: number }[] = [];
  const positionInProduct = new Map<string, number>();
  const listingChanges = new Map<string, ListingEntry[]>();

  for (const r of rows) {
    const { row } = r;
    const existingVariant = variantBySku.get(row.sku.toLowerCase());
    const existingProduct = productBySku.get(row.product_sku);
    if (existingVariant && existingVariant.productId !== existingProduct?.id) {
      const owner = productById.get(existingVariant.productId);
      const ownerName = owner ? `${owner.name}, ${owner.sku}` : 'unknown';
      fail(r.line, row.sku, catalogueCsvMessages.skuIsOtherProduct(ownerName));
      continue;
    }
    if (!categoryByName.has(lower(row.category)) && !newCategories.has(lower(row.category)))
      newCategories.set(lower(row.category), { name: row.category, group: row.category_group });
    const bk = brandKey(row.category, row.brand);
    if (!brandByKey.has(bk) && !newBrands.has(bk))
      newBrands.set(bk, { category: row.category, name: row.brand });

    const position = positionInProduct.get(row.product_sku) ?? 0;
    positionInProduct.set(row.product_sku, position + 1);
    let productAction: 'create' | 'update' | null = null;
    const firstRowOfProduct = !createProducts.has(row.product_sku) && !updateProducts.has(row.product_sku);
    if (firstRowOfProduct && r.compliance) {
      const before = existingProduct ? (current.listings.get(existingProduct.id) ?? []) : [];
      if (listingsText(before) !== listingsText(r.compliance.listings))
        listingChanges.set(row.product_sku, r.compliance.listings);
    }
    if (!existingProduct) {
      if (firstRowOfProduct) {
        createProducts.set(row.product_sku, r);
        productAction = 'create';
      }
    } else if (
      firstRowOfProduct &&
      (productChanged(existingProduct, r, brandByKey.get(bk)?.id) || listingChanges.has(row.product_sku))
    ) {
      updateProducts.set(row.product_sku, r);
      productAction = 'update';
    }
    let variantAction: 'create' | 'update' | null = null;
    const optionChanges = existingVariant ? variantChanges(existingVariant, r, position) : [];
    if (!existingVariant) {
      createVariants.push({ r, position });
      variantAction = 'create';
    } else if (optionChanges.length) {
      updateVariants.push({ id: existingVariant.id, r, position });
      variantAction = 'update';
    }
    if (!productAction && !variantAction) unchanged++;
    else if (preview.length < PREVIEW_LIMIT) {
      const what = [
        productAction && `product ${productAction === 'create' ? 'new' : 'changed'}`,
        variantAction === 'create'
          ? `new option, stock ${row.stock}`
          : variantAction === 'update'
            ? `option ${optionChanges.join(', ')}`
            : null,
      ].filter(Boolean);
      preview.push({
        line: r.line,
        sku: row.sku,
        action: variantAction === 'create' || productAction === 'create' ? 'create' : 'update',
        summary: `${optionLabel(row.product, row.option)}: ${what.join('; ')}`,
      });
    }
  }
  return {
    newCategories,
    newBrands,
    createProducts,
    updateProducts,
    createVariants,
    updateVariants,
    categoryByName,
    brandByKey,
    productBySku,
    listingChanges,
    errors,
    preview,
    changes: {
      categoriesCreated: newCategories.size,
      brandsCreated: newBrands.size,
      productsCreated: createProducts.size,
      productsUpdated: updateProducts.size,
      optionsCreated: createVariants.length,
      optionsUpdated: updateVariants.length,
      unchanged,
      listingsChanged: listingChanges.size,
    },
  };
}
