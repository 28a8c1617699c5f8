import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
/**
 * Step 3 of a catalogue CSV import: the plan written in one transaction with bulk statements (so
 * 10,000 rows take seconds) — new categories and brands (unique slugs), products and options
 * created and updated, carts capped at the new stock and cleared of newly hidden products, the
 * search keys of every touched product refreshed, one audit entry. Any failure rolls it all back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sendStockAlerts } from '#server/modules/alerts/alerts.service.ts';
import { capCartsAtStock, removeProductsFromCarts } from '#server/modules/cart/cart.service.ts';
import { replaceListings } from '#server/modules/compliance/listings-import.service.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext } from '#server/http/request-context.ts';
import { placeholderImage } from '#shared/catalogue/catalogue.schemas.ts';
import type { ImportReport, ProductFields } from '#shared/catalogue/catalogue-csv.ts';
import { slugify } from '#shared/catalogue/slug.ts';
import { DEFAULT_ATTRIBUTES } from '#shared/compliance/attributes.ts';
import { brands, categories, products, variants } from './catalogue.table.ts';
import { brandKey, lower, type ParsedRow } from './catalogue-import-parse.ts';
import type { CatalogueSnapshot, ImportPlan } from './catalogue-import-plan.ts';
import { refreshSearchKeys } from './catalogue-staff.service.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';

const CHUNK = 1000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A slug not in `taken` (adds -2, -3, …), which it then marks as taken. */
function uniqueSlug(base: string, taken: Set<string>): string {
  const root = base || 'item';
  let slug = root;
  for (let n = 2; taken.has(slug); n++) slug = `${root.slice(0, 110)}-${n}`;
  taken.add(slug);
  return slug;
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

export async function writeImport(
  ctx: StaffContext & { mail: MailSettings },
  plan: ImportPlan,
  current: CatalogueSnapshot,
  report: Pick<ImportReport, 'rows' | 'changes'>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await writeCategoriesAndBrands(tx, plan, current);
    const productIdBySku = await writeProducts(tx, ctx.now, plan, current);
    await writeVariants(tx, plan, current, productIdBySku);
    // Options back above zero: their waiting buyers are told, with the import.
    await sendStockAlerts(
      tx,
      ctx,
      plan.updateVariants.map((u) => u.id),
    );
    await refreshTouched(tx, plan, productIdBySku);
    await replaceListings(
      tx,
      ctx,
      [...plan.listingChanges].map(([sku, listings]) => ({ productId: productIdBySku.get(sku)!, listings })),
    );
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
  ctx.mail.kick();
}

/** New categories, then new brands, each with a slug no sibling has; the plan's maps learn their ids. */
async function writeCategoriesAndBrands(tx: Db, plan: ImportPlan, current: CatalogueSnapshot) {
  const { categories: catRows, brands: brandRows } = current;
  const { newCategories, newBrands, categoryByName, brandByKey } = plan;
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
}

/** Products created and updated in bulk; returns every product's id by its SKU. */
async function writeProducts(
  tx: Db,
  now: Date,
  plan: ImportPlan,
  current: CatalogueSnapshot,
): Promise<Map<string, number>> {
  const { createProducts, updateProducts, brandByKey, productBySku } = plan;
  const brandIdOf = (r: ParsedRow) => brandByKey.get(brandKey(r.row.category, r.row.brand))!.id;
  const productSlugs = new Map<number, Set<string>>();
  for (const p of current.products)
    productSlugs.set(p.brandId, (productSlugs.get(p.brandId) ?? new Set()).add(p.slug));
  const slugIn = (brandId: number, name: string) => {
    const taken = productSlugs.get(brandId) ?? new Set<string>();
    productSlugs.set(brandId, taken);
    return uniqueSlug(slugify(name), taken);
  };

  const productIdBySku = new Map(current.products.map((p) => [p.sku, p.id]));
  for (const batch of chunks([...createProducts.values()])) {
    const inserted = await tx
      .insert(products)
      .values(
        batch.map((r) => {
          const brandId = brandIdOf(r);
          return {
            ...r.product,
            brandId,
            compliance: r.compliance?.attributes ?? DEFAULT_ATTRIBUTES,
            sellingUnit: r.sellingUnit ?? '',
            slug: slugIn(brandId, r.product.name),
            createdAt: now,
            updatedAt: now,
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
      // Without the compliance columns the attributes stay as they are (null keeps them).
      const compliance = r.compliance?.attributes ?? null;
      // Without the selling_unit column the unit stays as it is (null keeps it), as the attributes do.
      const selling_unit = r.sellingUnit ?? null;
      return { id: existing.id, brand_id: brandId, slug, compliance, selling_unit, ...snake(r.product) };
    });
    await tx.execute(sql`
      update products p set
        brand_id = v.brand_id, slug = v.slug, name = v.name, description = v.description,
        product_code = v.product_code, rating = v.rating, price_cents = v.price_cents,
        discount_price_cents = v.discount_price_cents, discount_percentage = v.discount_percentage,
        delivery = v.delivery, highlights = v.highlights, important_notice = v.important_notice,
        seller = v.seller, specifications = v.specifications, is_new = v.is_new, is_hot = v.is_hot,
        hidden = v.hidden, compliance = coalesce(v.compliance, p.compliance),
        selling_unit = coalesce(v.selling_unit, p.selling_unit),
        updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
        id int, brand_id int, slug text, name text, description text, product_code text, rating real,
        price_cents int, discount_price_cents int, discount_percentage real, delivery text,
        highlights jsonb, important_notice text, seller text, specifications jsonb,
        is_new boolean, is_hot boolean, hidden boolean, compliance jsonb, selling_unit text)
      where p.id = v.id`);
  }
  // Carts lose the products this import hides.
  const hiddenIds = [...updateProducts.values()]
    .filter((r) => r.product.hidden && !productBySku.get(r.row.product_sku)!.hidden)
    .map((r) => productBySku.get(r.row.product_sku)!.id);
  for (const batch of chunks(hiddenIds)) await removeProductsFromCarts(tx, batch);
  return productIdBySku;
}

/** Options created (with their product's first picture) and updated; carts capped at the new stock. */
async function writeVariants(
  tx: Db,
  plan: ImportPlan,
  current: CatalogueSnapshot,
  productIdBySku: Map<string, number>,
) {
  const imageOf = new Map(current.products.map((p) => [p.id, p.firstImage ?? undefined]));
  for (const batch of chunks(plan.createVariants)) {
    await tx.insert(variants).values(
      batch.map(({ r, position }) => {
        const productId = productIdBySku.get(r.row.product_sku)!;
        const image = imageOf.get(productId) ?? placeholderImage(optionLabel(r.row.product, r.row.option));
        const compliance = r.compliance?.variant ?? {};
        return {
          productId,
          name: r.row.option,
          sku: r.row.sku,
          stock: r.row.stock,
          position,
          image,
          compliance,
          ...r.casePack,
        };
      }),
    );
  }
  for (const batch of chunks(plan.updateVariants)) {
    const values = batch.map(({ id, r, position }) => ({
      id,
      name: r.row.option,
      stock: r.row.stock,
      position,
      compliance: r.compliance?.variant ?? null,
      // Without the case pack columns, each option keeps its own.
      case_pack: r.casePack ?? null,
    }));
    await tx.execute(sql`
      update variants t set name = v.name, stock = v.stock, position = v.position,
             compliance = coalesce(v.compliance, t.compliance),
             min_quantity = coalesce((v.case_pack ->> 'minQuantity')::int, t.min_quantity),
             order_increment = coalesce((v.case_pack ->> 'orderIncrement')::int, t.order_increment),
             max_quantity = case when v.case_pack is null then t.max_quantity
                                 else (v.case_pack ->> 'maxQuantity')::int end
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
             as v(id int, name text, stock int, position int, compliance jsonb, case_pack jsonb)
       where t.id = v.id`);
    await capCartsAtStock(tx, values);
  }
}

/** The search key of every product a row touched. */
async function refreshTouched(tx: Db, plan: ImportPlan, productIdBySku: Map<string, number>) {
  const touched = new Set<number>();
  for (const r of [...plan.createProducts.values(), ...plan.updateProducts.values()])
    touched.add(productIdBySku.get(r.row.product_sku)!);
  for (const { r } of [...plan.createVariants, ...plan.updateVariants])
    touched.add(productIdBySku.get(r.row.product_sku)!);
  // A renamed brand or category is not a CSV change (they are matched by name), so the touched products suffice.
  for (const batch of chunks([...touched], 5000)) await refreshSearchKeys(tx, batch);
}
