import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { Conflict, Invalid, NotFound } from '#server/errors.ts';
import { capCartsAtStock, removeProductsFromCarts } from '#server/modules/cart/cart.service.ts';
import { orderItems } from '#server/modules/orders/orders.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { RequestContext, StaffContext } from '#server/plugins/request-context.ts';
import {
  type AdminCatalogueTree,
  type AdminProduct,
  type BannerValues,
  type BrandValues,
  type CategoryValues,
  catalogueAdminMessages as cm,
  type ProductValues,
  type VariantValues,
} from '#shared/admin/catalogue-admin.schemas.ts';
import type { CategoryGroup } from '#shared/catalogue/catalogue.constants.ts';
import { placeholderImage } from '#shared/catalogue/catalogue.schemas.ts';
import { buildSearchKey, normalizeForSearch, toLikeSubstringPattern } from '#shared/catalogue/search-key.ts';
import { slugify } from '#shared/catalogue/slug.ts';
import { banners, brands, categories, products, variants } from './catalogue.table.ts';

/** Runs a change; a unique index refusing it becomes the staff-facing message. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = isUniqueViolation(err);
    if (constraint?.includes('sku')) throw new Conflict(cm.skuTaken);
    if (constraint) throw new Conflict(cm.slugTaken);
    throw err;
  }
}

/**
 * Recomputes products.search_key (the storefront search's text) for products whose names, or
 * whose brand's, category's or options' names, changed. One statement for any number of products.
 */
export async function refreshSearchKeys(db: Db, productIds: number[]): Promise<void> {
  if (!productIds.length) return;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brandName: brands.name,
      categoryName: categories.name,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, brands.categoryId))
    .where(inArray(products.id, productIds));
  const variantRows = await db
    .select({ productId: variants.productId, name: variants.name })
    .from(variants)
    .where(inArray(variants.productId, productIds))
    .orderBy(asc(variants.position), asc(variants.id));
  const names = new Map<number, string[]>();
  for (const v of variantRows) {
    const list = names.get(v.productId);
    if (list) list.push(v.name);
    else names.set(v.productId, [v.name]);
  }
  const keys = rows.map((r) => ({
    id: r.id,
    key: buildSearchKey([r.name, r.brandName, r.categoryName, ...(names.get(r.id) ?? [])]),
  }));
  await db.execute(sql`
    update products p set search_key = v.key
      from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as v(id int, key text)
     where p.id = v.id`);
}

async function productIdsWhere(db: Db, where: ReturnType<typeof eq>): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where);
  return rows.map((r) => r.id);
}

// ---- Categories and brands -------------------------------------------------------------

export async function catalogueTree({ db }: Pick<RequestContext, 'db'>): Promise<AdminCatalogueTree> {
  const [cats, brandRows] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({
        brand: brands,
        productCount: sql<number>`(select count(*)::int from products p where p.brand_id = ${brands.id})`,
      })
      .from(brands)
      .orderBy(asc(brands.position), asc(brands.name)),
  ]);
  return {
    categories: cats.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      group: (c.group as CategoryGroup | null) ?? null,
      position: c.position,
      brands: brandRows
        .filter((b) => b.brand.categoryId === c.id)
        .map(({ brand: b, productCount }) => ({
          id: b.id,
          categoryId: b.categoryId,
          name: b.name,
          slug: b.slug,
          logo: b.logo ?? null,
          position: b.position,
          productCount: Number(productCount),
        })),
    })),
  };
}

export async function saveCategory(
  ctx: StaffContext,
  id: number | null,
  body: CategoryValues,
): Promise<number> {
  const values = {
    name: body.name,
    slug: body.slug ?? slugify(body.name),
    group: body.group,
    position: body.position,
  };
  if (!values.slug) throw new Invalid(cm.nameRequired);
  return guarded(() =>
    ctx.db.transaction(async (tx) => {
      let before: typeof categories.$inferSelect | undefined;
      let savedId: number;
      if (id === null) {
        [{ id: savedId }] = (await tx.insert(categories).values(values).returning({ id: categories.id })) as [
          { id: number },
        ];
      } else {
        [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!before) throw new NotFound(cm.categoryNotFound);
        await tx.update(categories).set(values).where(eq(categories.id, id));
        savedId = id;
        if (before.name !== values.name)
          await refreshSearchKeys(tx, await productIdsWhere(tx, eq(brands.categoryId, id)));
      }
      await audit(
        tx,
        {
          actorId: ctx.staffId,
          action: id === null ? 'category.created' : 'category.updated',
          entity: 'category',
          entityId: String(savedId),
          before,
          after: values,
        },
        ctx.now,
      );
      return savedId;
    }),
  );
}

export async function deleteCategory(ctx: StaffContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new NotFound(cm.categoryNotFound);
    const [{ n }] = (await tx.select({ n: count() }).from(brands).where(eq(brands.categoryId, id))) as [
      { n: number },
    ];
    if (n > 0) throw new Conflict(cm.categoryHasBrands);
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(
      tx,
      { actorId: ctx.staffId, action: 'category.deleted', entity: 'category', entityId: String(id), before },
      ctx.now,
    );
  });
}

export async function saveBrand(ctx: StaffContext, id: number | null, body: BrandValues): Promise<number> {
  const values = {
    categoryId: body.categoryId,
    name: body.name,
    slug: body.slug ?? slugify(body.name),
    logo: body.logo,
    position: body.position,
  };
  if (!values.slug) throw new Invalid(cm.nameRequired);
  return guarded(() =>
    ctx.db.transaction(async (tx) => {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, body.categoryId));
      if (!category) throw new Invalid(cm.categoryNotFound);
      let before: typeof brands.$inferSelect | undefined;
      let savedId: number;
      if (id === null) {
        [{ id: savedId }] = (await tx.insert(brands).values(values).returning({ id: brands.id })) as [
          { id: number },
        ];
      } else {
        [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
        if (!before) throw new NotFound(cm.brandNotFound);
        await tx.update(brands).set(values).where(eq(brands.id, id));
        savedId = id;
        if (before.name !== values.name || before.categoryId !== values.categoryId)
          await refreshSearchKeys(tx, await productIdsWhere(tx, eq(products.brandId, id)));
      }
      await audit(
        tx,
        {
          actorId: ctx.staffId,
          action: id === null ? 'brand.created' : 'brand.updated',
          entity: 'brand',
          entityId: String(savedId),
          before,
          after: values,
        },
        ctx.now,
      );
      return savedId;
    }),
  );
}

export async function deleteBrand(ctx: StaffContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (!before) throw new NotFound(cm.brandNotFound);
    const [{ n }] = (await tx.select({ n: count() }).from(products).where(eq(products.brandId, id))) as [
      { n: number },
    ];
    if (n > 0) throw new Conflict(cm.brandHasProducts);
    await tx.delete(brands).where(eq(brands.id, id));
    await audit(
      tx,
      { actorId: ctx.staffId, action: 'brand.deleted', entity: 'brand', entityId: String(id), before },
      ctx.now,
    );
  });
}

// ---- Products and variants -------------------------------------------------------------

export async function listProducts(
  { db }: Pick<RequestContext, 'db'>,
  q: { q?: string; brandId?: number; page: number; pageSize: number },
) {
  const conditions = [];
  if (q.brandId) conditions.push(eq(products.brandId, q.brandId));
  if (q.q) {
    const needle = normalizeForSearch(q.q);
    const bySku = db
      .select({ one: sql`1` })
      .from(variants)
      .where(and(eq(variants.productId, products.id), ilike(variants.sku, q.q)));
    const match = or(
      sql`${products.searchKey} like ${toLikeSubstringPattern(needle)} escape '\\'`,
      ilike(products.sku, q.q),
      sql`exists (${bySku})`,
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        brandName: brands.name,
        categoryName: categories.name,
        priceCents: products.priceCents,
        discountPriceCents: products.discountPriceCents,
        discountPercentage: products.discountPercentage,
        isNew: products.isNew,
        isHot: products.isHot,
        hidden: products.hidden,
        variantCount: sql<number>`(select count(*)::int from variants v where v.product_id = ${products.id})`,
        stock: sql<number>`(select coalesce(sum(v.stock), 0)::int from variants v where v.product_id = ${products.id})`,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(categories, eq(categories.id, brands.categoryId))
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    products: rows.map((r) => ({ ...r, variantCount: Number(r.variantCount), stock: Number(r.stock) })),
    total: Number(totals[0]?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function loadProduct({ db }: Pick<RequestContext, 'db'>, id: number): Promise<AdminProduct> {
  const [row] = await db
    .select({
      p: products,
      brandName: brands.name,
      brandSlug: brands.slug,
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, brands.categoryId))
    .where(eq(products.id, id));
  if (!row) throw new NotFound(cm.productNotFound);
  const vs = await db
    .select()
    .from(variants)
    .where(eq(variants.productId, id))
    .orderBy(asc(variants.position), asc(variants.id));
  const query = new URLSearchParams({
    categoryId: row.categorySlug,
    brandId: row.brandSlug,
    subBrandId: row.p.slug,
  });
  return {
    ...productRecord(row.p),
    brandName: row.brandName,
    categoryName: row.categoryName,
    storefrontPath: `/product?${query}`,
    variants: vs.map(({ productId: _, ...v }) => v),
  };
}

/** A product's own fields: what the console shows and the audit log keeps (not the derived search key or timestamps). */
function productRecord(p: typeof products.$inferSelect) {
  const { searchKey: _k, createdAt: _c, updatedAt: _u, ...fields } = p;
  return fields;
}

/** The products row of a form's body: its fields, the slug made from the name when left out. */
function productValues(body: ProductValues) {
  const { slug, ...fields } = body;
  return { ...fields, slug: slug ?? slugify(body.name) };
}

/**
 * Creates a product (with its first options, a product needs one to be bought) or replaces an
 * existing product's fields. Options of an existing product are edited one by one (saveVariant).
 */
export async function saveProduct(
  ctx: StaffContext,
  id: number | null,
  body: ProductValues,
  newVariants: VariantValues[] = [],
): Promise<number> {
  const values = productValues(body);
  if (!values.slug) throw new Invalid(cm.nameRequired);
  return guarded(() =>
    ctx.db.transaction(async (tx) => {
      const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brandId));
      if (!brand) throw new Invalid(cm.brandNotFound);
      let before: typeof products.$inferSelect | undefined;
      let savedId: number;
      if (id === null) {
        [{ id: savedId }] = (await tx
          .insert(products)
          .values({ ...values, createdAt: ctx.now, updatedAt: ctx.now })
          .returning({ id: products.id })) as [{ id: number }];
        if (newVariants.length)
          await tx.insert(variants).values(
            newVariants.map((v, i) => ({
              productId: savedId,
              name: v.name,
              sku: v.sku,
              image: v.image ?? values.images[0] ?? placeholderImage(`${values.name} — ${v.name}`),
              stock: v.stock,
              position: v.position || i,
            })),
          );
      } else {
        [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before) throw new NotFound(cm.productNotFound);
        await tx
          .update(products)
          .set({ ...values, updatedAt: ctx.now })
          .where(eq(products.id, id));
        savedId = id;
        if (values.hidden && !before.hidden) await removeProductsFromCarts(tx, [id]);
      }
      await refreshSearchKeys(tx, [savedId]);
      await audit(
        tx,
        {
          actorId: ctx.staffId,
          action: id === null ? 'product.created' : 'product.updated',
          entity: 'product',
          entityId: String(savedId),
          before: before ? productRecord(before) : undefined,
          after: id === null ? { ...values, variants: newVariants } : values,
        },
        ctx.now,
      );
      return savedId;
    }),
  );
}

/** Whether any order holds one of these options. */
async function anyOrdered(db: Db, variantIds: number[]): Promise<boolean> {
  if (!variantIds.length) return false;
  const [hit] = await db
    .select({ one: sql`1` })
    .from(orderItems)
    .where(inArray(orderItems.variantId, variantIds))
    .limit(1);
  return Boolean(hit);
}

/** A product with orders is kept (its orders and invoices point at it): staff hide it instead. */
export async function deleteProduct(ctx: StaffContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw new NotFound(cm.productNotFound);
    const ids = (await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, id))).map(
      (v) => v.id,
    );
    if (await anyOrdered(tx, ids)) throw new Conflict(cm.productHasOrders);
    await tx.delete(products).where(eq(products.id, id)); // options and cart lines cascade
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'product.deleted',
        entity: 'product',
        entityId: String(id),
        before: productRecord(before),
      },
      ctx.now,
    );
  });
}

export async function saveVariant(
  ctx: StaffContext,
  productId: number,
  variantId: number | null,
  body: VariantValues,
): Promise<number> {
  return guarded(() =>
    ctx.db.transaction(async (tx) => {
      const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
      if (!product) throw new NotFound(cm.productNotFound);
      let before: typeof variants.$inferSelect | undefined;
      let savedId: number;
      const values = {
        name: body.name,
        sku: body.sku,
        stock: body.stock,
        position: body.position,
      };
      if (variantId === null) {
        const image = body.image ?? product.images[0] ?? placeholderImage(`${product.name} — ${body.name}`);
        [{ id: savedId }] = (await tx
          .insert(variants)
          .values({ ...values, productId, image })
          .returning({ id: variants.id })) as [{ id: number }];
      } else {
        [before] = await tx
          .select()
          .from(variants)
          .where(and(eq(variants.id, variantId), eq(variants.productId, productId)))
          .for('update');
        if (!before) throw new NotFound(cm.variantNotFound);
        await tx
          .update(variants)
          .set({ ...values, image: body.image ?? before.image })
          .where(eq(variants.id, variantId));
        savedId = variantId;
        await capCartsAtStock(tx, [{ id: variantId, stock: body.stock }]);
      }
      await tx.update(products).set({ updatedAt: ctx.now }).where(eq(products.id, productId));
      await refreshSearchKeys(tx, [productId]);
      await audit(
        tx,
        {
          actorId: ctx.staffId,
          action: variantId === null ? 'variant.created' : 'variant.updated',
          entity: 'variant',
          entityId: String(savedId),
          before,
          after: { ...values, productId },
        },
        ctx.now,
      );
      return savedId;
    }),
  );
}

export async function deleteVariant(ctx: StaffContext, productId: number, variantId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const [before] = await tx
      .select()
      .from(variants)
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
    if (!before) throw new NotFound(cm.variantNotFound);
    if (await anyOrdered(tx, [variantId])) throw new Conflict(cm.variantHasOrders);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(variants)
      .where(eq(variants.productId, productId))) as [{ n: number }];
    if (n <= 1) throw new Conflict(cm.lastVariant);
    await tx.delete(variants).where(eq(variants.id, variantId));
    await refreshSearchKeys(tx, [productId]);
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'variant.deleted',
        entity: 'variant',
        entityId: String(variantId),
        before,
      },
      ctx.now,
    );
  });
}

// ---- Banners ---------------------------------------------------------------------------

export async function listBanners({ db }: Pick<RequestContext, 'db'>) {
  const rows = await db
    .select()
    .from(banners)
    .orderBy(asc(banners.slot), asc(banners.position), asc(banners.id));
  return rows.map((b) => ({ ...b, slot: b.slot as BannerValues['slot'] }));
}

export async function saveBanner(ctx: StaffContext, id: number | null, body: BannerValues): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    let before: typeof banners.$inferSelect | undefined;
    let savedId: number;
    if (id === null) {
      // New banners go last in their slot.
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${banners.position}) + 1, 0)::int` })
        .from(banners)
        .where(eq(banners.slot, body.slot))) as [{ next: number }];
      [{ id: savedId }] = (await tx
        .insert(banners)
        .values({ ...body, position: Number(next) })
        .returning({ id: banners.id })) as [{ id: number }];
    } else {
      [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
      if (!before) throw new NotFound(cm.bannerNotFound);
      await tx.update(banners).set(body).where(eq(banners.id, id));
      savedId = id;
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: id === null ? 'banner.created' : 'banner.updated',
        entity: 'banner',
        entityId: String(savedId),
        before,
        after: body,
      },
      ctx.now,
    );
    return savedId;
  });
}

/** Sets the order of a slot's banners (the console's drag and drop or arrows send the whole list). */
export async function orderBanners(
  ctx: StaffContext,
  slot: BannerValues['slot'],
  ids: number[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await tx
      .select({ id: banners.id })
      .from(banners)
      .where(eq(banners.slot, slot))
      .for('update');
    const known = new Set(current.map((b) => b.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw new Invalid('Send every banner of the slot once, in the new order.');
    await tx.execute(sql`
      update banners b set position = v.position
        from jsonb_to_recordset(${JSON.stringify(ids.map((id, position) => ({ id, position })))}::jsonb)
             as v(id int, position int)
       where b.id = v.id`);
    await audit(
      tx,
      { actorId: ctx.staffId, action: 'banner.reordered', entity: 'banner_slot', entityId: slot, after: ids },
      ctx.now,
    );
  });
}

export async function deleteBanner(ctx: StaffContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!before) throw new NotFound(cm.bannerNotFound);
    await audit(
      tx,
      { actorId: ctx.staffId, action: 'banner.deleted', entity: 'banner', entityId: String(id), before },
      ctx.now,
    );
  });
}
