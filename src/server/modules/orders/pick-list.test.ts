import { beforeAll, describe, expect, it } from 'vitest';
import { PickListSchema } from '#shared/orders/orders-staff.schemas.ts';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN } from './desk.fixture.ts';
import { orderChangeFixture } from './order-change.fixture.ts';

/**
 * The warehouse's pick list (decision 016, part 1): the pending items of the orders waiting to
 * ship, one line per option, quantities summed, with the orders that want them and the stock.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const d = orderChangeFixture(() => t, clock);
const { f, orderOfTwo } = d;

let warehouse: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  warehouse = await d.staffWithTotp('warehouse');
});

const list = async (cookie: string, query = '') => {
  const res = await d.call('GET', `${ADMIN}/orders/pick-list${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return PickListSchema.parse(res.json());
};

describe('the pick list', () => {
  it('sums each option over the orders waiting to ship; shipped orders and cancelled items are not picked', async () => {
    const first = await orderOfTwo();
    // A second order of the same company wants 3 more of A, for pickup.
    expect((await f.add(first.buyer.cookie, first.a.sku, 3)).statusCode).toBe(200);
    const second = await f.call('POST', '/api/v1/orders', first.buyer.cookie, f.orderBody());
    expect(second.statusCode, second.body).toBe(201);
    const secondNumber = second.json().order.orderNumber as string;
    // Another company's order that has shipped, and one whose B was cancelled.
    const shipped = await orderOfTwo();
    const stage = await d.call('POST', `${ADMIN}/orders/${shipped.number}/stage`, warehouse.cookie, {
      stage: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z1',
    });
    expect(stage.statusCode, stage.body).toBe(200);
    const cancelled = await orderOfTwo();
    const cancel = await d.call(
      'POST',
      `${ADMIN}/orders/${cancelled.number}/items/${cancelled.b.sku}/status`,
      warehouse.cookie,
      { status: 'cancelled' },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);

    const all = await list(warehouse.cookie);
    const line = (sku: string) => all.lines.find((l) => l.sku === sku);
    expect(line(first.a.sku)).toMatchObject({ quantity: 7, stock: 13 });
    expect(line(first.a.sku)!.orders).toEqual([
      { number: first.number, business: 'Corner Smoke Shop LLC', quantity: 4 },
      { number: secondNumber, business: 'Corner Smoke Shop LLC', quantity: 3 },
    ]);
    expect(line(first.b.sku)).toMatchObject({ quantity: 2 });
    expect(line(shipped.a.sku)).toBeUndefined();
    expect(line(cancelled.a.sku)).toMatchObject({ quantity: 4 });
    expect(line(cancelled.b.sku)).toBeUndefined();
    expect(all.orderCount).toBeGreaterThanOrEqual(3);
    expect(all.lines.flatMap((l) => l.orders.map((o) => o.number))).not.toContain(shipped.number);

    const pickups = await list(warehouse.cookie, '?shipping=Pickup');
    expect(pickups.lines.find((l) => l.sku === first.a.sku)).toMatchObject({ quantity: 3 });
    expect(pickups.lines.find((l) => l.sku === first.b.sku)).toBeUndefined();
  });

  it('is for roles that fulfil orders; a bad filter is a 400', async () => {
    const o = await orderOfTwo();
    const rep = await d.staffWithTotp('sales');
    const refused = await d.call('GET', `${ADMIN}/orders/pick-list`, rep.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(adminMessages.roleRefused);
    await d.expectStaffOnly([['GET', `${ADMIN}/orders/pick-list`]] as const, o.owner.cookie);
    expect(
      (await d.call('GET', `${ADMIN}/orders/pick-list?shipping=Truck`, warehouse.cookie)).statusCode,
    ).toBe(400);
  });
});
