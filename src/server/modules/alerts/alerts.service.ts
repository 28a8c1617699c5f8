import { upFromOption } from '#server/modules/catalogue/catalogue-joins.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Invalid, NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { brands, categories, products, variants } from '#server/modules/catalogue/catalogue.table.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { backInStockMail } from '#server/modules/mail/templates.ts';
import type { BuyerContext, RequestContext } from '#server/http/request-context.ts';
import { ALERT_LIMIT, type Alert, alertMessages } from '#shared/alerts/alerts.schemas.ts';
import { stockAlerts } from './alerts.table.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';

/**
 * "Notify me": a signed-in buyer waits for an out-of-stock option. Whatever raises its stock above
 * zero (an option edited in the console, a catalogue CSV import, a cancelled order item) calls
 * `sendStockAlerts` in its own transaction: each waiting buyer gets one email through the outbox
 * and the alert ends, both committed with the stock, or neither.
 */

export async function subscribe({ db, userId, now }: BuyerContext, sku: string): Promise<void> {
  // The stock as the database has it this moment (the storefront's copy may lag a sale by a moment).
  const [found] = await db
    .select({ id: variants.id, stock: variants.stock })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.sku, sku), eq(products.hidden, false)));
  if (!found) throw new NotFound(alertMessages.variantNotFound);
  if (found.stock > 0) throw new Invalid(alertMessages.inStock);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(stockAlerts)
    .where(eq(stockAlerts.userId, userId));
  if (n >= ALERT_LIMIT) throw new Invalid(alertMessages.tooMany);
  await db.insert(stockAlerts).values({ userId, variantId: found.id, createdAt: now }).onConflictDoNothing();
}

export async function unsubscribe({ db, userId }: BuyerContext, sku: string): Promise<void> {
  const gone = await db
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.userId, userId),
        inArray(
          stockAlerts.variantId,
          db.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku)),
        ),
      ),
    )
    .returning({ variantId: stockAlerts.variantId });
  if (!gone.length) throw new NotFound(alertMessages.notFound);
}

export async function listAlerts({ db, userId }: BuyerContext, model: CatalogueReadModel): Promise<Alert[]> {
  const rows = await db
    .select({
      variantDbId: variants.id,
      variantId: variants.sku,
      variantName: variants.name,
      productName: products.name,
      createdAt: stockAlerts.createdAt,
    })
    .from(stockAlerts)
    .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(stockAlerts.userId, userId))
    .orderBy(desc(stockAlerts.createdAt));
  return rows.map(({ variantDbId, createdAt, ...r }) => {
    const p = model.variant(variantDbId)?.product;
    return {
      ...r,
      product: p ? { categoryId: p.brand.category.slug, brandId: p.brand.slug, id: p.slug } : null,
      createdAt: createdAt.toISOString(),
    };
  });
}

/**
 * Of the given options, those now in stock: their alerts end and each buyer gets one email, in the
 * caller's transaction. Options still at zero keep their alerts.
 */
export async function sendStockAlerts(
  tx: Db,
  { mail, now }: Pick<RequestContext, 'now'> & { mail: MailSettings },
  variantIds: number[],
): Promise<number> {
  if (!variantIds.length) return 0;
  const ended = await tx
    .delete(stockAlerts)
    .where(
      and(
        inArray(stockAlerts.variantId, variantIds),
        inArray(
          stockAlerts.variantId,
          tx
            .select({ id: variants.id })
            .from(variants)
            .where(and(inArray(variants.id, variantIds), sql`${variants.stock} > 0`)),
        ),
      ),
    )
    .returning({ userId: stockAlerts.userId, variantId: stockAlerts.variantId });
  if (!ended.length) return 0;
  const details = await upFromOption(
    tx
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        variantId: variants.id,
        variantName: variants.name,
        productName: products.name,
        productSlug: products.slug,
        brandSlug: brands.slug,
        categorySlug: categories.slug,
      })
      .from(users)
      .innerJoin(variants, inArray(variants.id, [...new Set(ended.map((e) => e.variantId))]))
      .$dynamic(),
  ).where(inArray(users.id, [...new Set(ended.map((e) => e.userId))]));
  const byPair = new Map(details.map((d) => [`${d.userId}:${d.variantId}`, d]));
  for (const e of ended) {
    const d = byPair.get(`${e.userId}:${e.variantId}`);
    if (!d) continue;
    const qs = new URLSearchParams({
      categoryId: d.categorySlug,
      brandId: d.brandSlug,
      subBrandId: d.productSlug,
    });
    await enqueueMail(
      tx,
      backInStockMail(
        mail.storeName,
        d.email,
        d.name,
        optionLabel(d.productName, d.variantName),
        `${mail.publicUrl}/product?${qs}`,
      ),
      now,
    );
  }
  return ended.length;
}
