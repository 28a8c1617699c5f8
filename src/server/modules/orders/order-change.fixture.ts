import { expect } from 'vitest';
import { OrderChangePreviewSchema } from '#shared/orders/order-change.schemas.ts';
import type { TestContext } from '#tests/test-app.ts';
import { ADMIN, deskFixture } from './desk.fixture.ts';

/** The order-change tests' orders and calls (decision 016, part 4). */
export function orderChangeFixture(getT: () => TestContext, clock: () => Date) {
  const d = deskFixture(getT, clock);
  const { f } = d;
  /** A verified company with a Texas location, and its owner's delivery order of 4 × A ($10) and 2 × B ($5). */
  async function orderOfTwo() {
    const c = await f.company({ documents: true });
    const loc = await d.location(c.id, 'TX', { licence: true });
    const a = await f.variantWith(20, 1000);
    const b = await f.variantWith(20, 500);
    for (const [sku, n] of [
      [a.sku, 4],
      [b.sku, 2],
    ] as const)
      expect((await f.add(c.owner.cookie, sku, n)).statusCode).toBe(200);
    const placed = await f.call(
      'POST',
      '/api/v1/orders',
      c.owner.cookie,
      f.orderBody({
        shippingType: 'Shiptoaddress',
        locationId: loc,
        shippingDetails: { ...f.shipping, state: 'TX' },
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    return { ...c, loc, a, b, number: placed.json().order.orderNumber as string };
  }

  const url = (number: string, preview = false) =>
    `${ADMIN}/orders/${number}/change${preview ? '/preview' : ''}`;
  const preview = async (cookie: string, number: string, body: Record<string, unknown>) => {
    const res = await d.call('POST', url(number, true), cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    return OrderChangePreviewSchema.parse(res.json());
  };
  /** The change previewed, then saved with the preview's total. */
  async function change(
    cookie: string,
    number: string,
    body: Record<string, unknown>,
    reason = 'Asked by phone',
  ) {
    const p = await preview(cookie, number, body);
    return d.call('POST', url(number), cookie, {
      ...body,
      reason,
      expectedTotalCents: p.after.totalCents,
      revision: p.revision,
    });
  }

  return { ...d, orderOfTwo, url, preview, change };
}
