import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { upFromProduct } from './catalogue-joins.ts';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Conflict, Invalid, NotFound } from '#server/errors.ts';
import { sendStockAlerts } from '#server/modules/alerts/alerts.service.ts';
import { capCartsAtStock, removeProductsFromCarts } from '#server/modules/cart/cart.service.ts';
import { orderItems } from '#server/modules/orders/orders.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import { catalogueAdminMessages } from '#shared/catalogue/catalogue.messages.ts';
import { placeholderImage } from '#shared/catalogue/catalogue.schemas.ts';
import type {
  AdminProduct,
  ProductValues,
  VariantValues,
} from '#shared/catalogue/catalogue-staff.schemas.ts';
import { normalizeForSearch, toLikeSubstringPattern } from '#shared/catalogue/search-key.ts';
import { slugify } from '#shared/catalogue/slug.ts';
import { ComplianceAttributesSchema } from '#shared/compliance/attributes.ts';
import { casePackProblem } from '#shared/pricing/quantity-steps.ts';
import { brands, categories, products, variants } from './catalogue.table.ts';
import { guarded, refreshSearchKeys } from './catalogue-staff.service.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';

// ---- Products and variants -------------------------------------------------------------

export async function listProducts(
  { db }: WithDb,
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
    upFromProduct(
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
        .$dynamic(),
    )
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

export async function loadProduct({ db }: WithDb, id: number): Promise<AdminProduct> {
  const [row] = await upFromProduct(
    db
      .select({
        p: products,
        brandName: brands.name,
        brandSlug: brands.slug,
        categoryName: categories.name,
        categorySlug: categories.slug,
      })
      .from(products)
      .$dynamic(),
  ).where(eq(products.id, id));
  if (!row) throw new NotFound(catalogueAdminMessages.productNotFound);
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
    compliance: ComplianceAttributesSchema.parse(row.p.compliance ?? {}),
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
  if (!values.slug) throw new Invalid(catalogueAdminMessages.nameRequired);
  for (const [i, v] of newVariants.entries()) {
    const casePack = casePackProblem(v);
    if (casePack) throw new Invalid(casePack.message, `variants.${i}.${casePack.field}`);
  }
  return guarded(() =>
    ctx.db.transaction(async (tx) => {
      const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brandId));
      if (!brand) throw new Invalid(catalogueAdminMessages.brandNotFound);
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
              image: v.image ?? values.images[0] ?? placeholderImage(optionLabel(values.name, v.name)),
              stock: v.stock,
              position: v.position || i,
              minQuantity: v.minQuantity,
              orderIncrement: v.orderIncrement,
              maxQuantity: v.maxQuantity,
            })),
          );
      } else {
        [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before) throw new NotFound(catalogueAdminMessages.productNotFound);
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
    if (!before) throw new NotFound(catalogueAdminMessages.productNotFound);
    const ids = (await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, id))).map(
      (v) => v.id,
    );
    if (await anyOrdered(tx, ids)) throw new Conflict(catalogueAdminMessages.productHasOrders);
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
  ctx: StaffContext & { mail: MailSettings },
  productId: number,
  variantId: number | null,
  body: VariantValues,
): Promise<number> {
  const casePack = casePackProblem(body);
  if (casePack) throw new Invalid(casePack.message, casePack.field);
  const saved = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
      if (!product) throw new NotFound(catalogueAdminMessages.productNotFound);
      let before: typeof variants.$inferSelect | undefined;
      let savedId: number;
      const values = {
        name: body.name,
        sku: body.sku,
        stock: body.stock,
        position: body.position,
        minQuantity: body.minQuantity,
        orderIncrement: body.orderIncrement,
        maxQuantity: body.maxQuantity,
      };
      if (variantId === null) {
        const image =
          body.image ?? product.images[0] ?? placeholderImage(optionLabel(product.name, body.name));
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
        if (!before) throw new NotFound(catalogueAdminMessages.variantNotFound);
        await tx
          .update(variants)
          .set({ ...values, image: body.image ?? before.image })
          .where(eq(variants.id, variantId));
        savedId = variantId;
        await capCartsAtStock(tx, [{ id: variantId, stock: body.stock }]);
        await sendStockAlerts(tx, ctx, [variantId]);
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
  // Back-in-stock mail queued with the stock goes out now.
  ctx.mail.kick();
  return saved;
}

export async function deleteVariant(ctx: StaffContext, productId: number, variantId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const [before] = await tx
      .select()
      .from(variants)
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
    if (!before) throw new NotFound(catalogueAdminMessages.variantNotFound);
    if (await anyOrdered(tx, [variantId])) throw new Conflict(catalogueAdminMessages.variantHasOrders);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(variants)
      .where(eq(variants.productId, productId))) as [{ n: number }];
    if (n <= 1) throw new Conflict(catalogueAdminMessages.lastVariant);
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
