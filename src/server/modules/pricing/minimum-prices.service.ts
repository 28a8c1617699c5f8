import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { Invalid } from '#server/errors.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { products, variants } from '#server/modules/catalogue/catalogue.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import {
  type MinimumPrice,
  type MinimumPriceBodySchema,
  minimumPriceMessages,
} from '#shared/pricing/minimum-prices.schemas.ts';
import { minimumPrices } from './pricing.table.ts';

/*
 * Options' minimum prices (decision 016, part 3): staff with `prices` set the lowest unit price the
 * desk may quote for an option, or remove it. The desk reads them fresh from the table
 * (minimum-prices.ts) when a price is negotiated and when a quote is sent, so no cache holds them
 * and no buyer's price moves: nothing is told after a change.
 */

/** Every option with a minimum price, with its product's list price, by product then option name. */
export async function listMinimumPrices({ db }: WithDb): Promise<MinimumPrice[]> {
  const rows = await db
    .select({
      sku: variants.sku,
      productName: products.name,
      variantName: variants.name,
      minPriceCents: minimumPrices.minPriceCents,
      listPriceCents: products.priceCents,
      updatedAt: minimumPrices.updatedAt,
      updatedBy: users.name,
    })
    .from(minimumPrices)
    .innerJoin(variants, eq(variants.id, minimumPrices.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(users, eq(users.id, minimumPrices.updatedBy))
    .orderBy(asc(products.name), asc(variants.name), asc(variants.sku));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/**
 * The option a SKU names, its row locked against another change of its minimum until this one
 * commits: the SKU as written, else the one SKU that differs from it only in case.
 */
async function optionOf(tx: Db, sku: string): Promise<{ id: number; sku: string } | null> {
  const [row] = await tx
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(sql`${variants.sku} = ${sku} or upper(${variants.sku}) = upper(${sku})`)
    .orderBy(sql`${variants.sku} = ${sku} desc`, asc(variants.id))
    .limit(1)
    .for('no key update');
  return row ?? null;
}

/**
 * Sets or removes one option's minimum price. In one transaction: the option found by its SKU
 * (none: 400 on `sku`, nothing written) and locked, the minimum before read, the row written or
 * deleted, and the change audited with its cents before and after. Removing a minimum the option
 * does not have changes nothing and records nothing.
 */
export async function setMinimumPrice(
  ctx: StaffContext,
  body: z.output<typeof MinimumPriceBodySchema>,
): Promise<MinimumPrice[]> {
  await ctx.db.transaction(async (tx) => {
    const option = await optionOf(tx, body.sku);
    if (!option) throw new Invalid(minimumPriceMessages.skuNotFound, 'sku');
    const [before] = await tx
      .select({ minPriceCents: minimumPrices.minPriceCents })
      .from(minimumPrices)
      .where(eq(minimumPrices.variantId, option.id));
    const was = before ? { sku: option.sku, minPriceCents: before.minPriceCents } : null;
    const entry = { actorId: ctx.staffId, entity: 'variant', entityId: String(option.id), before: was };
    if (body.minPriceCents === null) {
      if (!was) return;
      await tx.delete(minimumPrices).where(eq(minimumPrices.variantId, option.id));
      await audit(tx, { ...entry, action: 'price.minimum_removed', after: null }, ctx.now);
      return;
    }
    const values = { minPriceCents: body.minPriceCents, updatedBy: ctx.staffId, updatedAt: ctx.now };
    await tx
      .insert(minimumPrices)
      .values({ variantId: option.id, ...values })
      .onConflictDoUpdate({ target: minimumPrices.variantId, set: values });
    const after = { sku: option.sku, minPriceCents: body.minPriceCents };
    await audit(tx, { ...entry, action: 'price.minimum_set', after }, ctx.now);
  });
  return listMinimumPrices(ctx);
}
