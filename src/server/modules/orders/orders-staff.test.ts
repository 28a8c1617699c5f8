import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import { OrderListSchema, OrderSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { AdminOrderListSchema, AdminOrderSchema } from '#shared/orders/orders-staff.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);

const shipping = {
  name: 'Dana',
  businessName: 'Corner Shop',
  address: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  postalCode: '75201',
};
const stockOf = async (id: number) =>
  (await t.database.query<{ stock: number }>('select stock from variants where id = $1', [id]))[0]!.stock;

/** A verified buyer with one order of `quantity` units of a fresh variant (stock 10). */
async function placedOrder(
  quantity = 2,
  businessName = 'Corner Shop LLC',
  shippingType: 'Pickup' | 'Shiptoaddress' = 'Pickup',
) {
  const buyer = await signUpBuyer(t.app, { businessName });
  await t.database.query('update users set email_verified_at = now() where id = $1', [buyer.user.id]);
  const [v] = await t.database.query<{ id: number; sku: string; product_id: number }>(
    // An accessory: no state rule restricts it (these tests are about the console, not compliance).
    `select v.id, v.sku, v.product_id from variants v join products p on p.id = v.product_id
      where p.compliance->>'kind' = 'accessory' and not exists (select 1 from order_items i where i.variant_id = v.id)
        and not exists (select 1 from cart_items c where c.variant_id = v.id) order by random() limit 1`,
  );
  await t.database.query('update variants set stock = 10 where id = $1', [v!.id]);
  await t.database.query(
    'update products set price_cents = 1000, discount_price_cents = null, discount_percentage = null where id = $1',
    [v!.product_id],
  );
  await t.app.catalogue.changed();
  await call('POST', '/api/v1/cart/items', buyer.cookie, { items: [{ variantId: v!.sku, quantity }] });
  const res = await call('POST', '/api/v1/orders', buyer.cookie, {
    shippingDetails: shipping,
    shippingType,
    comments: '',
    idempotencyKey: randomUUID(),
  });
  expect(res.statusCode).toBe(201);
  return { buyer, variant: v!, order: PlaceOrderResponseSchema.parse(res.json()).order };
}

let staff: Awaited<ReturnType<typeof staffWithTotp>>;
beforeAll(async () => {
  staff = await staffWithTotp();
});

describe('orders in the console', () => {
  it('only staff with their second factor, checked before the body', async () => {
    const { buyer, order } = await placedOrder();
    await expectStaffOnly(
      [
        ['GET', '/api/v1/admin/orders'],
        ['GET', `/api/v1/admin/orders/${order.orderNumber}`],
        ['GET', '/api/v1/admin/orders/export.csv?from=2026-01-01&to=2026-12-31'],
        ['POST', `/api/v1/admin/orders/${order.orderNumber}/stage`],
        ['POST', `/api/v1/admin/orders/${order.orderNumber}/stage/back`],
        ['POST', `/api/v1/admin/orders/${order.orderNumber}/items/x/status`],
      ] as const,
      buyer.cookie,
    );
  });

  it('lists with filters and paging, newest first', async () => {
    const a = await placedOrder(1, 'Filter Alpha Smoke');
    clock.advance(60_000);
    const b = await placedOrder(1, 'Filter Beta Vape');
    const list = async (q: string) =>
      AdminOrderListSchema.parse((await call('GET', `/api/v1/admin/orders?${q}`, staff.cookie)).json());
    const both = await list('buyer=filter');
    expect(both.orders.map((o) => o.orderNumber)).toEqual([b.order.orderNumber, a.order.orderNumber]);
    expect(both.total).toBe(2);
    expect(both.orders[0]!.buyer.businessName).toBe('Filter Beta Vape');
    expect((await list('buyer=filter&pageSize=1&page=2')).orders.map((o) => o.orderNumber)).toEqual([
      a.order.orderNumber,
    ]);
    expect((await list(`number=${a.order.orderNumber.toLowerCase()}`)).orders).toHaveLength(1);
    expect((await list('buyer=filter&status=delivered')).total).toBe(0);
    expect((await list('buyer=filter&from=2030-01-01')).total).toBe(0);
    expect((await call('GET', '/api/v1/admin/orders?from=yesterday', staff.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/admin/orders/SS-999999999', staff.cookie)).statusCode).toBe(404);
  });

  it('moves an order through the stages; the buyer sees them on Track and Delivered, and is told', async () => {
    const { buyer, order } = await placedOrder();
    const stage = (s: string) =>
      call('POST', `/api/v1/admin/orders/${order.orderNumber}/stage`, staff.cookie, { stage: s });
    expect((await stage('shipped')).statusCode).toBe(200);
    expect((await stage('shipped')).statusCode).toBe(409); // a double click records it once
    expect((await stage('out_for_delivery')).statusCode).toBe(200);
    const delivered = AdminOrderSchema.parse((await stage('delivered')).json());
    expect(delivered.items.every((i) => i.status === 'delivered')).toBe(true);
    expect((await stage('shipped')).statusCode).toBe(409); // never backwards

    const mine = OrderSchema.parse(
      (await call('GET', `/api/v1/orders/${order.orderNumber}`, buyer.cookie)).json(),
    );
    expect(mine.events.map((e) => e.stage)).toEqual(['placed', 'shipped', 'out_for_delivery', 'delivered']);
    const deliveredTab = OrderListSchema.parse(
      (await call('GET', '/api/v1/orders?tab=Delivered', buyer.cookie)).json(),
    );
    expect(deliveredTab.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    const mails = await t.database.query<{ subject: string }>(
      'select subject from outbox where "to" = $1 order by id',
      [buyer.body.email],
    );
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `Order ${order.orderNumber}: Shipped — Test Wholesale`,
        `Order ${order.orderNumber}: Delivered — Test Wholesale`,
      ]),
    );
    const { entries } = AuditListSchema.parse(
      (
        await call('GET', `/api/v1/admin/audit?entity=order&entityId=${order.orderNumber}`, staff.cookie)
      ).json(),
    );
    expect(entries.map((e) => e.action)).toEqual(['order.stage', 'order.stage', 'order.stage']);
  });

  it('cancelling returns the stock exactly once, even when two staff click at once', async () => {
    const { buyer, variant, order } = await placedOrder(3);
    expect(await stockOf(variant.id)).toBe(7);
    const cancel = () =>
      call('POST', `/api/v1/admin/orders/${order.orderNumber}/items/${variant.sku}/status`, staff.cookie, {
        status: 'cancelled',
      });
    const results = await Promise.all([cancel(), cancel(), cancel()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(variant.id)).toBe(10);
    const mine = OrderSchema.parse(
      (await call('GET', `/api/v1/orders/${order.orderNumber}`, buyer.cookie)).json(),
    );
    expect(mine.items[0]!.status).toBe('cancelled');
    expect(mine.events.at(-1)!.stage).toBe('cancelled');
    const cancelledTab = OrderListSchema.parse(
      (await call('GET', '/api/v1/orders?tab=Cancelled', buyer.cookie)).json(),
    );
    expect(cancelledTab.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    // A delivered item cannot be cancelled afterwards, nor a cancelled order shipped.
    expect(
      (
        await call('POST', `/api/v1/admin/orders/${order.orderNumber}/stage`, staff.cookie, {
          stage: 'shipped',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('exports a date range as CSV, safe to open in a spreadsheet', async () => {
    const { order } = await placedOrder(1, '=HYPERLINK("x") Shop');
    const day = order.datePlaced.slice(0, 10);
    const res = await call('GET', `/api/v1/admin/orders/export.csv?from=${day}&to=${day}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${day}-to-${day}.csv"`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'order,placed,business,buyer,email,shipping,items,statuses,subtotal,shipping fee,total',
    );
    const row = lines.find((l) => l.startsWith(order.orderNumber))!;
    expect(row).toContain(`"'=HYPERLINK(""x"") Shop"`);
    expect(row.endsWith(',10.00,0.00,10.00')).toBe(true);
  });

  it('a delivery ships with its carrier and tracking number, shown to the buyer and in the mail', async () => {
    const { buyer, order } = await placedOrder(1, 'Tracked Goods', 'Shiptoaddress');
    const url = `/api/v1/admin/orders/${order.orderNumber}/stage`;
    const bad = await call('POST', url, staff.cookie, { stage: 'shipped', trackingNumber: '<b>1Z</b>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(orderAdminMessages.trackingNumberFormat);
    // Tracking belongs to the Shipped step only.
    expect(
      (await call('POST', url, staff.cookie, { stage: 'out_for_delivery', trackingNumber: '1' })).statusCode,
    ).toBe(409);
    const shipped = AdminOrderSchema.parse(
      (
        await call('POST', url, staff.cookie, {
          stage: 'shipped',
          carrier: 'FedEx Ground',
          trackingNumber: '7489 1234-5678',
        })
      ).json(),
    );
    const tracking = {
      carrier: 'FedEx Ground',
      number: '748912345678',
      url: 'https://www.fedex.com/fedextrack/?trknbr=748912345678',
    };
    expect(shipped.tracking).toEqual(tracking);
    const mine = OrderSchema.parse(
      (await call('GET', `/api/v1/orders/${order.orderNumber}`, buyer.cookie)).json(),
    );
    expect(mine.tracking).toEqual(tracking);
    const [mail] = await t.database.query<{ subject: string; text: string }>(
      'select subject, text from outbox where "to" = $1 and subject like $2',
      [buyer.body.email, '%Shipped%'],
    );
    expect(mail!.subject).toBe(`Order ${order.orderNumber}: Shipped — Test Wholesale`);
    expect(mail!.text).toContain(
      `It travels with FedEx Ground, tracking number 748912345678 (${tracking.url}).`,
    );
    // A pickup takes none; an order not yet shipped shows none.
    const pickup = await placedOrder(1, 'Pickup Goods');
    expect(
      (
        await call('POST', `/api/v1/admin/orders/${pickup.order.orderNumber}/stage`, staff.cookie, {
          stage: 'shipped',
          trackingNumber: '1Z1',
        })
      ).json().message,
    ).toBe(orderAdminMessages.pickupHasNoTracking);
    // Shipped without them, its buyer sees no carrier.
    await call('POST', `/api/v1/admin/orders/${pickup.order.orderNumber}/stage`, staff.cookie, {
      stage: 'shipped',
    });
    const seen = OrderSchema.parse(
      (await call('GET', `/api/v1/orders/${pickup.order.orderNumber}`, pickup.buyer.cookie)).json(),
    );
    expect(seen.events.at(-1)!.stage).toBe('shipped');
    expect(seen.tracking).toBeNull();
  });

  it('steps back a slip, once, audited and without mailing; the stage reached again is not mailed twice', async () => {
    const { buyer, order } = await placedOrder(1, 'Slip Corner', 'Shiptoaddress');
    const base = `/api/v1/admin/orders/${order.orderNumber}/stage`;
    const forward = (stage: string, more = {}) => call('POST', base, staff.cookie, { stage, ...more });
    const back = (from: string) => call('POST', `${base}/back`, staff.cookie, { from });
    expect((await back('shipped')).json().message).toBe(orderAdminMessages.noStageToStepBack);
    expect((await forward('shipped', { carrier: 'UPS Ground', trackingNumber: '1Z9' })).statusCode).toBe(200);
    expect((await back('out_for_delivery')).json().message).toBe(orderAdminMessages.stageChanged);
    // Two clicks at once: one steps back, the other is told (on PGlite the two run one after the
    // other; the PostgreSQL run of this suite, npm run test:pg, has them meet at the row lock).
    const both = await Promise.all([back('shipped'), back('shipped')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const mine = OrderSchema.parse(
      (await call('GET', `/api/v1/orders/${order.orderNumber}`, buyer.cookie)).json(),
    );
    expect(mine.events.map((e) => e.stage)).toEqual(['placed']);
    expect(mine.tracking).toBeNull();
    expect((await forward('shipped')).statusCode).toBe(200);
    expect(AdminOrderSchema.parse((await forward('out_for_delivery')).json()).tracking?.number).toBe('1Z9');
    const subjects = async () =>
      (
        await t.database.query<{ subject: string }>(
          'select subject from outbox where "to" = $1 order by id',
          [buyer.body.email],
        )
      )
        .map((m) => /^Order [^:]+: (.+) — /.exec(m.subject)?.[1])
        .filter(Boolean);
    expect((await subjects()).filter((s) => s === 'Shipped')).toHaveLength(1);
    expect(await subjects()).toContain('Out for Delivery');
    const { entries } = AuditListSchema.parse(
      (
        await call('GET', `/api/v1/admin/audit?entity=order&entityId=${order.orderNumber}`, staff.cookie)
      ).json(),
    );
    const backs = entries.filter((e) => e.action === 'order.stage_back');
    expect(backs).toHaveLength(1);
    expect(backs[0]!.before).toMatchObject({ stage: 'shipped' });
    expect(backs[0]!.after).toEqual({ stage: 'placed' });
    expect(entries.some((e) => (e.after as { buyerMailed?: boolean }).buyerMailed === false)).toBe(true);
  });

  it('items follow the stage: delivered once shipped, cancelled only before; Delivered steps back with its items', async () => {
    const { order, variant } = await placedOrder(2, 'Item Stages');
    const n = order.orderNumber;
    const item = (status: string) =>
      call('POST', `/api/v1/admin/orders/${n}/items/${variant.sku}/status`, staff.cookie, { status });
    const forward = (stage: string) =>
      call('POST', `/api/v1/admin/orders/${n}/stage`, staff.cookie, { stage });
    const back = (from: string) =>
      call('POST', `/api/v1/admin/orders/${n}/stage/back`, staff.cookie, { from });
    expect((await item('delivered')).json().message).toBe(orderAdminMessages.itemNotShipped);
    await forward('shipped');
    expect((await item('cancelled')).json().message).toBe(orderAdminMessages.itemShipped);
    await forward('out_for_delivery');
    const delivered = AdminOrderSchema.parse((await forward('delivered')).json());
    expect(delivered.items.map((i) => i.status)).toEqual(['delivered']);
    const undone = AdminOrderSchema.parse((await back('delivered')).json());
    expect(undone.items.map((i) => i.status)).toEqual(['pending']);
    expect(undone.events.at(-1)!.stage).toBe('out_for_delivery');
    // An item marked delivered on its own stays so, and keeps the order from going back to placed.
    expect((await item('delivered')).statusCode).toBe(200);
    expect((await back('out_for_delivery')).statusCode).toBe(200);
    expect((await back('shipped')).json().message).toBe(orderAdminMessages.deliveredItemsBlockStepBack);
    const still = AdminOrderSchema.parse(
      (await call('GET', `/api/v1/admin/orders/${n}`, staff.cookie)).json(),
    );
    expect(still.events.at(-1)!.stage).toBe('shipped');
    expect(still.items.map((i) => i.status)).toEqual(['delivered']);
  });

  it('moves one stage at a time; a corrected tracking number after a step back is mailed again', async () => {
    const { buyer, order } = await placedOrder(1, 'Corrected Freight', 'Shiptoaddress');
    const base = `/api/v1/admin/orders/${order.orderNumber}/stage`;
    const skip = await call('POST', base, staff.cookie, { stage: 'delivered' });
    expect(skip.json().message).toBe(orderAdminMessages.oneStageAtATime);
    const ship = (trackingNumber: string) =>
      call('POST', base, staff.cookie, { stage: 'shipped', carrier: 'UPS Ground', trackingNumber });
    expect((await ship('1Z111')).statusCode).toBe(200);
    await call('POST', `${base}/back`, staff.cookie, { from: 'shipped' });
    // The same details again: nothing new to tell.
    expect((await ship('1Z111')).statusCode).toBe(200);
    await call('POST', `${base}/back`, staff.cookie, { from: 'shipped' });
    const again = AdminOrderSchema.parse((await ship('1Z222')).json());
    expect(again.trackingNumber).toBe('1Z222');
    const shippedMails = await t.database.query<{ text: string }>(
      'select text from outbox where "to" = $1 and subject like $2 order by id',
      [buyer.body.email, '%: Shipped —%'],
    );
    expect(shippedMails.map((m) => /tracking number (\w+)/.exec(m.text)?.[1])).toEqual(['1Z111', '1Z222']);
  });
});
