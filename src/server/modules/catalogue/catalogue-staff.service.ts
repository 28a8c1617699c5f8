import { upFromProduct } from './catalogue-joins.ts';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { Conflict, Invalid, NotFound } from '#server/errors.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import type { CategoryGroup } from '#shared/catalogue/catalogue.constants.ts';
import { catalogueAdminMessages } from '#shared/catalogue/catalogue.messages.ts';
import type {
  AdminCatalogueTree,
  BrandValues,
  CategoryValues,
} from '#shared/catalogue/catalogue-staff.schemas.ts';
import { buildSearchKey } from '#shared/catalogue/search-key.ts';
import { slugify } from '#shared/catalogue/slug.ts';
import { brands, categories, products, variants } from './catalogue.table.ts';

/** Runs a change; a unique index refusing it becomes the staff-facing message. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = isUniqueViolation(err);
    if (constraint?.includes('sku')) throw new Conflict(catalogueAdminMessages.skuTaken, 'sku');
    if (constraint) throw new Conflict(catalogueAdminMessages.slugTaken, 'slug');
    throw err;
  }
}

/**
 * Recomputes products.search_key (the storefront search's text) for products whose names, or
 * whose brand's, category's or options' names, changed. One statement for any number of products.
 */
export async function refreshSearchKeys(db: Db, productIds: number[]): Promise<void> {
  if (!productIds.length) return;
  const rows = await upFromProduct(
    db
      .select({
        id: products.id,
        name: products.name,
        brandName: brands.name,
        categoryName: categories.name,
      })
      .from(products)
      .$dynamic(),
  ).where(inArray(products.id, productIds));
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

export async function productIdsWhere(db: Db, where: ReturnType<typeof eq>): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where);
  return rows.map((r) => r.id);
}

// ---- Categories and brands -------------------------------------------------------------

export async function catalogueTree({ db }: WithDb): Promise<AdminCatalogueTree> {
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
  if (!values.slug) throw new Invalid(catalogueAdminMessages.nameRequired);
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
        if (!before) throw new NotFound(catalogueAdminMessages.categoryNotFound);
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
    if (!before) throw new NotFound(catalogueAdminMessages.categoryNotFound);
    const [{ n }] = (await tx.select({ n: count() }).from(brands).where(eq(brands.categoryId, id))) as [
      { n: number },
    ];
    if (n > 0) throw new Conflict(catalogueAdminMessages.categoryHasBrands);
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
  if (!values.slug) throw new Invalid(catalogueAdminMessages.nameRequired);
  return guarded(() =>
    ctx.db.transaction(async (tx) => {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, body.categoryId));
      if (!category) throw new Invalid(catalogueAdminMessages.categoryNotFound);
      let before: typeof brands.$inferSelect | undefined;
      let savedId: number;
      if (id === null) {
        [{ id: savedId }] = (await tx.insert(brands).values(values).returning({ id: brands.id })) as [
          { id: number },
        ];
      } else {
        [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
        if (!before) throw new NotFound(catalogueAdminMessages.brandNotFound);
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
    if (!before) throw new NotFound(catalogueAdminMessages.brandNotFound);
    const [{ n }] = (await tx.select({ n: count() }).from(products).where(eq(products.brandId, id))) as [
      { n: number },
    ];
    if (n > 0) throw new Conflict(catalogueAdminMessages.brandHasProducts);
    await tx.delete(brands).where(eq(brands.id, id));
    await audit(
      tx,
      { actorId: ctx.staffId, action: 'brand.deleted', entity: 'brand', entityId: String(id), before },
      ctx.now,
    );
  });
}
