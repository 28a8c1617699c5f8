import { asc, eq, sql } from 'drizzle-orm';
import { capCartsAtStock, removeProductsFromCarts } from '#server/modules/cart/cart.service.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { RequestContext, StaffContext } from '#server/plugins/request-context.ts';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_MAX_ROWS,
  type CatalogueCsvRow,
  CatalogueCsvRowSchema,
  type ImportReport,
  LIST_SEPARATOR,
  catalogueCsvMessages as m,
  PRODUCT_FIELD_KEYS,
  type ProductFields,
  productFieldsFromRow,
  productFieldsOf,
} from '#shared/admin/catalogue-csv.ts';
import { type Image, placeholderImage } from '#shared/catalogue/catalogue.schemas.ts';
import { slugify } from '#shared/catalogue/slug.ts';
import { csvLine, parseCsv } from '#shared/csv.ts';
import { centsToAmount } from '#shared/money.ts';
import { brands, categories, products, variants } from './catalogue.table.ts';
import { refreshSearchKeys } from './catalogue-staff.service.ts';

const CHUNK = 1000;
const PREVIEW_LIMIT = 200;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

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
  firstImage: sql<Image | null>`${products.images} -> 0`,
};
const variantColumns = { name: variants.name, sku: variants.sku, stock: variants.stock };
type ProductColumns = Omit<
  typeof products.$inferSelect,
  'images' | 'specImages' | 'searchKey' | 'createdAt' | 'updatedAt'
> & { firstImage: Image | null };

/** The whole catalogue, one row per option, in the columns the import reads. */
export async function catalogueCsv({ db }: Pick<RequestContext, 'db'>): Promise<string> {
  const rows = await db
    .select({ c: categoryColumns, b: { name: brands.name }, p: productColumns, v: variantColumns })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, brands.categoryId))
    .orderBy(
      asc(categories.position),
      asc(categories.name),
      asc(brands.name),
      asc(products.name),
      asc(products.id),
      asc(variants.position),
      asc(variants.id),
    );
  const lines = [CATALOGUE_CSV_COLUMNS.join(',')];
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
    lines.push(csvLine(CATALOGUE_CSV_COLUMNS.map((col) => record[col])));
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface ParsedRow {
  line: number;
  row: CatalogueCsvRow;
  /** The product's fields as written to the products table (brandId filled in at write time). */
  product: ProductFields;
  productKey: string;
}

const lower = (s: string) => s.trim().toLowerCase();
const brandKey = (category: string, brand: string) => `${lower(category)}\u0000${lower(brand)}`;

function sameProduct(a: ProductFields & { brand: string }, b: ProductFields & { brand: string }): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A slug not in `taken` (adds -2, -3, …), which it then marks as taken. */
function uniqueSlug(base: string, taken: Set<string>): string {
  const root = base || 'item';
  let slug = root;
  for (let n = 2; taken.has(slug); n++) slug = `${root.slice(0, 110)}-${n}`;
  taken.add(slug);
  return slug;
}

/**
 * Imports (or, with dryRun, only checks) a catalogue CSV. Steps:
 * 1. parse and check every row (the console's rules, plus SKUs once per file, one product's
 *    fields the same on each of its rows, an option's SKU not already another product's);
 * 2. compare with the database: what would be created, updated or left as it is;
 * 3. unless it is a dry run or any row is invalid, write everything in one transaction with
 *    bulk statements (so 10,000 rows take seconds), refresh the search keys, audit once.
 * Any failure in step 3 rolls the whole import back.
 */
export async function importCatalogueCsv(
  ctx: StaffContext,
  text: string,
  dryRun: boolean,
): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun,
    written: false,
    rows: 0,
    errors: [],
    changes: {
      categoriesCreated: 0,
      brandsCreated: 0,
      productsCreated: 0,
      productsUpdated: 0,
      optionsCreated: 0,
      optionsUpdated: 0,
      unchanged: 0,
    },
    preview: [],
  };
  const fail = (line: number, sku: string, message: string) => report.errors.push({ line, sku, message });

  const parsed = parseCsv(text);
  if (parsed.error) {
    fail(parsed.error.line, '', parsed.error.message);
    return report;
  }
  const [header, ...dataRows] = parsed.rows;
  if (!header || !dataRows.length) {
    fail(1, '', m.empty);
    return report;
  }
  const columns = header.map(lower);
  const missing = CATALOGUE_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) {
    fail(1, '', m.missingColumns(missing));
    return report;
  }
  if (dataRows.length > CATALOGUE_CSV_MAX_ROWS) {
    fail(1, '', m.tooManyRows);
    return report;
  }
  report.rows = dataRows.length;
  const index = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((c) => [c, columns.indexOf(c)]));

  // 1. Each row on its own.
  const rows: ParsedRow[] = [];
  const skuLine = new Map<string, number>();
  const productFirst = new Map<string, { line: number; fields: ProductFields & { brand: string } }>();
  for (const [i, cells] of dataRows.entries()) {
    const line = parsed.lines[i + 1]!;
    const raw = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((c) => [c, cells[index[c]!] ?? '']));
    const result = CatalogueCsvRowSchema.safeParse(raw);
    const sku = String(raw.sku ?? '').trim();
    if (!result.success) {
      const issue = result.error.issues[0]!;
      fail(line, sku, `${String(issue.path[0] ?? '')}: ${issue.message}`);
      continue;
    }
    const row = result.data;
    const checked = productFieldsOf(row);
    if (!checked.success) {
      fail(line, sku, checked.error.issues[0]!.message);
      continue;
    }
    const skuKey = row.sku.toLowerCase();
    const earlier = skuLine.get(skuKey);
    if (earlier) {
      fail(line, row.sku, m.duplicateSku(earlier));
      continue;
    }
    skuLine.set(skuKey, line);
    const fields = { ...productFieldsFromRow(row), brand: brandKey(row.category, row.brand) };
    const first = productFirst.get(row.product_sku);
    if (first && !sameProduct(first.fields, fields)) {
      fail(line, row.sku, m.productDiffers(first.line));
      continue;
    }
    if (!first) productFirst.set(row.product_sku, { line, fields });
    rows.push({ line, row, product: productFieldsFromRow(row), productKey: row.product_sku });
  }

  // 2. Against the database.
  const [catRows, brandRows, productRows, variantRows] = await Promise.all([
    ctx.db.select().from(categories),
    ctx.db.select().from(brands),
    ctx.db.select(productColumns).from(products),
    ctx.db
      .select({
        id: variants.id,
        sku: variants.sku,
        name: variants.name,
        stock: variants.stock,
        position: variants.position,
        productId: variants.productId,
      })
      .from(variants),
  ]);
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

  for (const r of rows) {
    const { row } = r;
    const existingVariant = variantBySku.get(row.sku.toLowerCase());
    const existingProduct = productBySku.get(row.product_sku);
    if (existingVariant && existingVariant.productId !== existingProduct?.id) {
      const owner = productById.get(existingVariant.productId);
      fail(r.line, row.sku, m.skuIsOtherProduct(owner ? `${owner.name}, ${owner.sku}` : 'unknown'));
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
    if (!existingProduct) {
      if (!createProducts.has(row.product_sku)) {
        createProducts.set(row.product_sku, r);
        productAction = 'create';
      }
    } else if (!updateProducts.has(row.product_sku)) {
      const brand = brandByKey.get(bk);
      const current = { ...pickFields(existingProduct), brandId: existingProduct.brandId };
      if (!brand || JSON.stringify(current) !== JSON.stringify({ ...r.product, brandId: brand.id })) {
        updateProducts.set(row.product_sku, r);
        productAction = 'update';
      }
    }
    let variantAction: 'create' | 'update' | null = null;
    if (!existingVariant) {
      createVariants.push({ r, position });
      variantAction = 'create';
    } else if (
      existingVariant.name !== row.option ||
      existingVariant.stock !== row.stock ||
      existingVariant.position !== position
    ) {
      updateVariants.push({ id: existingVariant.id, r, position });
      variantAction = 'update';
    }
    if (!productAction && !variantAction) report.changes.unchanged++;
    else if (report.preview.length < PREVIEW_LIMIT) {
      const what = [
        productAction && `product ${productAction === 'create' ? 'new' : 'changed'}`,
        variantAction === 'create'
          ? `new option, stock ${row.stock}`
          : variantAction === 'update'
            ? `option ${describeVariantChange(existingVariant!, row, position)}`
            : null,
      ].filter(Boolean);
      report.preview.push({
        line: r.line,
        sku: row.sku,
        action: variantAction === 'create' || productAction === 'create' ? 'create' : 'update',
        summary: `${row.product} — ${row.option}: ${what.join('; ')}`,
      });
    }
  }
  report.changes.categoriesCreated = newCategories.size;
  report.changes.brandsCreated = newBrands.size;
  report.changes.productsCreated = createProducts.size;
  report.changes.productsUpdated = updateProducts.size;
  report.changes.optionsCreated = createVariants.length;
  report.changes.optionsUpdated = updateVariants.length;
  report.errors.sort((a, b) => a.line - b.line);
  if (report.errors.length || dryRun) return report;

  // 3. Write.
  await ctx.db.transaction(async (tx) => {
    const categorySlugs = new Set(catRows.map((c) => c.slug));
    const maxPosition = catRows.reduce((n, c) => Math.max(n, c.position), 0);
    const insertedCategories = newCategories.size
      ? await tx
          .insert(categories)
          .values(
            [...newCategories.values()].map((c, i) => ({
              name: c.name,
              slug: uniqueSlug(slugify(c.name), categorySlugs),
              group: c.group,
              position: maxPosition + 1 + i,
            })),
          )
          .returning()
      : [];
    for (const c of insertedCategories) categoryByName.set(lower(c.name), c);

    const brandSlugs = new Map<number, Set<string>>();
    for (const b of brandRows)
      brandSlugs.set(b.categoryId, (brandSlugs.get(b.categoryId) ?? new Set()).add(b.slug));
    const brandValues = [...newBrands.values()].map((b) => {
      const categoryId = categoryByName.get(lower(b.category))!.id;
      const taken = brandSlugs.get(categoryId) ?? new Set<string>();
      brandSlugs.set(categoryId, taken);
      return { categoryId, name: b.name, slug: uniqueSlug(slugify(b.name), taken) };
    });
    const insertedBrands = brandValues.length ? await tx.insert(brands).values(brandValues).returning() : [];
    const categoryNameOf = new Map([...categoryByName.values()].map((c) => [c.id, c.name]));
    for (const b of insertedBrands) brandByKey.set(brandKey(categoryNameOf.get(b.categoryId)!, b.name), b);
    const brandIdOf = (r: ParsedRow) => brandByKey.get(brandKey(r.row.category, r.row.brand))!.id;

    const productSlugs = new Map<number, Set<string>>();
    for (const p of productRows)
      productSlugs.set(p.brandId, (productSlugs.get(p.brandId) ?? new Set()).add(p.slug));
    const slugIn = (brandId: number, name: string) => {
      const taken = productSlugs.get(brandId) ?? new Set<string>();
      productSlugs.set(brandId, taken);
      return uniqueSlug(slugify(name), taken);
    };

    const productIdBySku = new Map(productRows.map((p) => [p.sku, p.id]));
    for (const batch of chunks([...createProducts.values()])) {
      const inserted = await tx
        .insert(products)
        .values(
          batch.map((r) => {
            const brandId = brandIdOf(r);
            return {
              ...r.product,
              brandId,
              slug: slugIn(brandId, r.product.name),
              createdAt: ctx.now,
              updatedAt: ctx.now,
            };
          }),
        )
        .returning({ id: products.id, sku: products.sku });
      for (const p of inserted) productIdBySku.set(p.sku, p.id);
    }
    for (const batch of chunks([...updateProducts.values()])) {
      const values = batch.map((r) => {
        const existing = productBySku.get(r.row.product_sku)!;
        const brandId = brandIdOf(r);
        const slug = brandId === existing.brandId ? existing.slug : slugIn(brandId, r.product.name);
        return { id: existing.id, brand_id: brandId, slug, ...snake(r.product) };
      });
      await tx.execute(sql`
        update products p set
          brand_id = v.brand_id, slug = v.slug, name = v.name, description = v.description,
          product_code = v.product_code, rating = v.rating, price_cents = v.price_cents,
          discount_price_cents = v.discount_price_cents, discount_percentage = v.discount_percentage,
          delivery = v.delivery, highlights = v.highlights, important_notice = v.important_notice,
          seller = v.seller, specifications = v.specifications, is_new = v.is_new, is_hot = v.is_hot,
          hidden = v.hidden, updated_at = ${ctx.now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
          id int, brand_id int, slug text, name text, description text, product_code text, rating real,
          price_cents int, discount_price_cents int, discount_percentage real, delivery text,
          highlights jsonb, important_notice text, seller text, specifications jsonb,
          is_new boolean, is_hot boolean, hidden boolean)
        where p.id = v.id`);
    }
    const imageOf = new Map(productRows.map((p) => [p.id, p.firstImage ?? undefined]));
    for (const batch of chunks(createVariants)) {
      await tx.insert(variants).values(
        batch.map(({ r, position }) => {
          const productId = productIdBySku.get(r.row.product_sku)!;
          const image = imageOf.get(productId) ?? placeholderImage(`${r.row.product} — ${r.row.option}`);
          return { productId, name: r.row.option, sku: r.row.sku, stock: r.row.stock, position, image };
        }),
      );
    }
    for (const batch of chunks(updateVariants)) {
      const values = batch.map(({ id, r, position }) => ({
        id,
        name: r.row.option,
        stock: r.row.stock,
        position,
      }));
      await tx.execute(sql`
        update variants t set name = v.name, stock = v.stock, position = v.position
          from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, name text, stock int, position int)
         where t.id = v.id`);
      await capCartsAtStock(tx, values);
    }
    const hiddenIds = [...updateProducts.values()]
      .filter((r) => r.product.hidden && !productBySku.get(r.row.product_sku)!.hidden)
      .map((r) => productBySku.get(r.row.product_sku)!.id);
    for (const batch of chunks(hiddenIds)) await removeProductsFromCarts(tx, batch);

    const touched = new Set<number>();
    for (const r of [...createProducts.values(), ...updateProducts.values()])
      touched.add(productIdBySku.get(r.row.product_sku)!);
    for (const { r } of [...createVariants, ...updateVariants])
      touched.add(productIdBySku.get(r.row.product_sku)!);
    // A renamed brand or category is not a CSV change (they are matched by name), so the touched products suffice.
    for (const batch of chunks([...touched], 5000)) await refreshSearchKeys(tx, batch);
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'catalogue.imported',
        entity: 'catalogue',
        entityId: 'csv',
        after: { rows: report.rows, ...report.changes },
      },
      ctx.now,
    );
  });
  report.written = true;
  return report;
}

function pickFields(p: ProductColumns): ProductFields {
  return Object.fromEntries(PRODUCT_FIELD_KEYS.map((k) => [k, p[k]])) as ProductFields;
}

function snake(p: ProductFields) {
  return {
    name: p.name,
    description: p.description,
    product_code: p.productCode,
    rating: p.rating,
    price_cents: p.priceCents,
    discount_price_cents: p.discountPriceCents,
    discount_percentage: p.discountPercentage,
    delivery: p.delivery,
    highlights: p.highlights,
    important_notice: p.importantNotice,
    seller: p.seller,
    specifications: p.specifications,
    is_new: p.isNew,
    is_hot: p.isHot,
    hidden: p.hidden,
  };
}

function describeVariantChange(
  before: { name: string; stock: number; position: number },
  row: CatalogueCsvRow,
  position: number,
): string {
  const parts: string[] = [];
  if (before.name !== row.option) parts.push(`name ${before.name} → ${row.option}`);
  if (before.stock !== row.stock) parts.push(`stock ${before.stock} → ${row.stock}`);
  if (before.position !== position) parts.push('order');
  return parts.join(', ');
}
