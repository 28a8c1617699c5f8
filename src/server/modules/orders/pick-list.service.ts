import { and, asc, eq, sql } from 'drizzle-orm';
import type { RequestContext, WithDb } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';
import { ofRepCompanies, orderBusinessSql } from '#server/modules/companies/company-sql.ts';
import type { PickList } from '#shared/orders/orders-staff.schemas.ts';
import { orderItems, orders } from './orders.table.ts';

/** An order waiting to ship: its latest stage is still "Order placed" (a step back to it counts). */
const waitingToShip = sql`(select e_p.stage from order_events e_p where e_p.order_id = ${orders.id}
  order by e_p.created_at desc, e_p.id desc limit 1) = 'placed'`;

/**
 * The warehouse's pick list (decision 016, part 1): every pending item of the orders waiting to
 * ship (optionally only pickups or deliveries), one line per option with its quantities summed,
 * the orders that want it, and what the catalogue says is on the shelf — so a short option shows
 * before the picking starts. A sales rep's list would be their companies' (the role has no
 * `orders.fulfil` today; the scope is kept as every order read keeps it).
 */
export async function pickList(
  { db, companyScope }: WithDb & Pick<RequestContext, 'companyScope'>,
  shipping?: 'Pickup' | 'Shiptoaddress',
): Promise<PickList> {
  const rows = await db
    .select({
      variantId: orderItems.variantId,
      sku: orderItems.sku,
      productName: orderItems.productName,
      variantName: orderItems.variantName,
      sellingUnit: orderItems.sellingUnit,
      quantity: orderItems.quantity,
      number: orders.number,
      business: orderBusinessSql(),
      stock: variants.stock,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(variants, eq(variants.id, orderItems.variantId))
    .where(
      and(
        eq(orderItems.status, 'pending'),
        waitingToShip,
        shipping ? eq(orders.shippingType, shipping) : undefined,
        companyScope ? ofRepCompanies(orders.companyId, companyScope) : undefined,
      ),
    )
    .orderBy(
      asc(orderItems.productName),
      asc(orderItems.variantName),
      asc(orders.createdAt),
      asc(orders.number),
    );
  const lines = new Map<string, PickList['lines'][number]>();
  for (const r of rows) {
    // One line per option; an item whose option is gone is its own line, by the SKU it was sold as.
    const key = r.variantId === null ? `sku:${r.sku}` : String(r.variantId);
    const line = lines.get(key) ?? {
      sku: r.sku,
      productName: r.productName,
      variantName: r.variantName,
      sellingUnit: r.sellingUnit,
      quantity: 0,
      stock: r.stock,
      orders: [],
    };
    line.quantity += r.quantity;
    line.orders.push({ number: r.number, business: r.business, quantity: r.quantity });
    lines.set(key, line);
  }
  return { orderCount: new Set(rows.map((r) => r.number)).size, lines: [...lines.values()] };
}
