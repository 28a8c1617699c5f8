import { beforeAll, describe, expect, it } from 'vitest';
import { deskMessages } from '#shared/orders/desk.messages.ts';
import { orderChangeMessages } from '#shared/orders/order-change.schemas.ts';
import { OrderListSchema } from '#shared/orders/orders.schemas.ts';
import { AdminOrderSchema } from '#shared/orders/orders-staff.schemas.ts';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN } from './desk.fixture.ts';
import { orderChangeFixture } from './order-change.fixture.ts';

/**
 * Changes before shipping (decision 016, part 4): lines that stay keep their agreed price, new ones
 * take the company's price today, stock moves by the difference, every line is judged again, the
 * order keeps its history and the company is told; of two staff changing one version, one wins.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const d = orderChangeFixture(() => t, clock);
const { f, orderOfTwo, url, preview, change } = d;

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
});

describe('who may change an order', () => {
  it('anonymous, buyers and staff without their second factor are refused; so are roles without the desk', async () => {
    const o = await orderOfTwo();
    await d.expectStaffOnly(
      [
        ['POST', url(o.number, true)],
        ['POST', url(o.number)],
      ] as const,
      o.owner.cookie,
    );
    const warehouse = await d.staffWithTotp('warehouse');
    const refused = await d.call('POST', url(o.number, true), warehouse.cookie, {
      version: 0,
      lines: [{ sku: o.a.sku, quantity: 5 }],
      shippingType: 'Shiptoaddress',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(adminMessages.roleRefused);
    const rep = await d.staffWithTotp('sales');
    const body = { version: 0, lines: [{ sku: o.a.sku, quantity: 5 }], shippingType: 'Shiptoaddress' };
    expect((await d.call('POST', url(o.number, true), rep.cookie, body)).statusCode).toBe(404);
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [rep.id, o.id]);
    expect((await d.call('POST', url(o.number, true), rep.cookie, body)).statusCode).toBe(200);
  });
});

describe('changing an order before it ships', () => {
  it('keeps agreed prices, prices new lines today, moves stock, records the revision and tells the company', async () => {
    const o = await orderOfTwo();
    const c = await f.variantWith(20, 800);
    await d.group(o.id, c.id, { priceCents: 700 });
    // The list price of A goes up after the order: A keeps its agreed $10.00.
    await t.database.query('update products set price_cents = 1500 where id = $1', [o.a.product_id]);
    await t.app.catalogue.changed();
    const body = {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 6 },
        { sku: c.sku, quantity: 3 },
      ],
      shippingType: 'Shiptoaddress',
    };
    const p = await preview(admin.cookie, o.number, body);
    expect(p.lines.map((l) => [l.sku, l.was, l.quantity, l.unitPriceCents, l.agreed])).toEqual([
      [o.a.sku, 4, 6, 1000, true],
      [c.sku, 0, 3, 700, false],
    ]);
    expect(p.before.totalCents).toBe(5000 + p.before.shippingCents);
    expect(p.after).toMatchObject({
      subtotalCents: 8100,
      shippingCents: p.before.shippingCents,
      exciseCents: 0,
    });
    expect(p.changes).toHaveLength(3);
    expect(p.changes[2]).toMatch(/^Removed 2 × /);
    expect(p.problems).toEqual([]);
    expect(await f.stockOf(o.a.id)).toBe(16);

    // A save must be of the preview shown: another fingerprint is refused, and nothing moves.
    const other = await d.call('POST', url(o.number), admin.cookie, {
      ...body,
      reason: 'x',
      expectedTotalCents: p.after.totalCents,
      revision: 'f'.repeat(32),
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(orderChangeMessages.previewChanged);
    expect(await f.stockOf(o.a.id)).toBe(16);
    const saved = await d.call('POST', url(o.number), admin.cookie, {
      ...body,
      reason: 'Owner called: more of A, C instead of B',
      expectedTotalCents: p.after.totalCents,
      revision: p.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = AdminOrderSchema.parse(saved.json());
    expect(order).toMatchObject({ version: 1, subtotalCents: 8100, totalCents: p.after.totalCents });
    expect(order.items.map((i) => [i.variantId, i.quantity, i.unitPriceCents])).toEqual([
      [o.a.sku, 6, 1000],
      [c.sku, 3, 700],
    ]);
    expect([await f.stockOf(o.a.id), await f.stockOf(o.b.id), await f.stockOf(c.id)]).toEqual([14, 20, 17]);

    // The buyer's order shows the revision; the company is mailed; the change is audited.
    const mine = OrderListSchema.parse((await f.call('GET', '/api/v1/orders', o.buyer.cookie)).json()).orders;
    expect(mine[0]!.revisions).toEqual([
      expect.objectContaining({
        version: 1,
        by: 'Sam Staff',
        reason: 'Owner called: more of A, C instead of B',
        changes: p.changes,
        totalBeforeCents: p.before.totalCents,
        totalAfterCents: p.after.totalCents,
      }),
    ]);
    for (const email of [o.owner.email, o.buyer.email]) {
      const mails = await t.database.query<{ text: string }>(
        `select text from outbox where "to" = $1 and subject like 'Order % changed%'`,
        [email],
      );
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.text).toContain('Owner called: more of A, C instead of B');
    }
    const [audit] = await t.database.query<{ actor_id: string }>(
      "select actor_id from audit_log where action = 'order.changed' and entity_id = $1",
      [o.number],
    );
    expect(audit?.actor_id).toBe(admin.id);
  });

  it('shipping changed takes the fee of the new method; a blocked or short line, or nothing changed, stops it', async () => {
    const o = await orderOfTwo();
    const pickup = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 4 },
        { sku: o.b.sku, quantity: 2 },
      ],
      shippingType: 'Pickup',
    });
    expect(pickup.after.shippingCents).toBe(0);
    expect(pickup.changes).toEqual([orderChangeMessages.shipping('delivery', 'pickup')]);
    const same = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [
        { sku: o.b.sku, quantity: 2 },
        { sku: o.a.sku, quantity: 4 },
      ],
      shippingType: 'Shiptoaddress',
    });
    expect(same.problems).toEqual([orderChangeMessages.nothingChanged]);
    const short = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [{ sku: o.a.sku, quantity: 40 }],
      shippingType: 'Shiptoaddress',
    });
    expect(short.lines[0]!.problem).toBe('Only 16 more in stock.');
    // A flavoured vape cannot go to Massachusetts: a location there judges it.
    await t.database.query("update orders set ship_state = 'MA' where number = $1", [o.number]);
    const vape = await d.vape(10);
    const blocked = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 4 },
        { sku: vape.sku, quantity: 1 },
      ],
      shippingType: 'Shiptoaddress',
    });
    expect(blocked.lines[1]!.problem).toMatch(/Massachusetts|licen/);
    const refused = await d.call('POST', url(o.number), admin.cookie, {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 4 },
        { sku: vape.sku, quantity: 1 },
      ],
      shippingType: 'Shiptoaddress',
      reason: 'x',
      expectedTotalCents: blocked.after.totalCents,
      revision: blocked.revision,
    });
    expect(refused.statusCode).toBe(409);
    expect(await f.stockOf(vape.id)).toBe(10);
  });

  it('matches lines to items by option, whatever they are called now; a line no longer sold is to be removed', async () => {
    const o = await orderOfTwo();
    // A's SKU is renamed in the catalogue: the order's old SKU still names its line, at its agreed price.
    await t.database.query("update variants set sku = sku || '-NEW' where id = $1", [o.a.id]);
    await t.database.query('update products set price_cents = 9999 where id = $1', [o.a.product_id]);
    await t.app.catalogue.changed();
    const renamed = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 5 },
        { sku: o.b.sku, quantity: 2 },
      ],
      shippingType: 'Shiptoaddress',
    });
    expect(renamed.lines[0]).toMatchObject({
      sku: `${o.a.sku}-NEW`,
      was: 4,
      quantity: 5,
      unitPriceCents: 1000,
      agreed: true,
    });
    expect(renamed.changes).toHaveLength(1);
    expect(renamed.problems).toEqual([]);
    const twice = await d.call('POST', url(o.number, true), admin.cookie, {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 5 },
        { sku: `${o.a.sku}-NEW`, quantity: 1 },
      ],
      shippingType: 'Shiptoaddress',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(orderChangeMessages.repeatedLine);
    // B's product is hidden: its line is shown, to be removed, and stops the change until it is.
    await t.database.query('update products set hidden = true where id = $1', [o.b.product_id]);
    await t.app.catalogue.changed();
    const gone = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 5 },
        { sku: o.b.sku, quantity: 2 },
      ],
      shippingType: 'Shiptoaddress',
    });
    expect(gone.lines[1]).toMatchObject({ sku: o.b.sku, problem: orderChangeMessages.lineGone });
    const saved = await change(admin.cookie, o.number, {
      version: 0,
      lines: [{ sku: o.a.sku, quantity: 5 }],
      shippingType: 'Shiptoaddress',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect([await f.stockOf(o.a.id), await f.stockOf(o.b.id)]).toEqual([15, 20]);
  });

  it("a disabled company's order is not changed; an unverified one's subtotal is not raised over the cap", async () => {
    const o = await orderOfTwo();
    await t.database.query("update documents set status = 'pending' where company_id = $1", [o.id]);
    const cap = (await t.app.settings.get()).unverifiedCapCents;
    const big = await f.variantWith(10, cap);
    const over = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 4 },
        { sku: big.sku, quantity: 1 },
      ],
      shippingType: 'Shiptoaddress',
    });
    expect(over.problems).toContain(deskMessages.overCap(cap));
    const lower = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [{ sku: o.a.sku, quantity: 1 }],
      shippingType: 'Shiptoaddress',
    });
    expect(lower.problems).toEqual([]);
    await t.database.query('update companies set disabled_at = now() where id = $1', [o.id]);
    const disabled = await change(admin.cookie, o.number, {
      version: 0,
      lines: [{ sku: o.a.sku, quantity: 1 }],
      shippingType: 'Shiptoaddress',
    });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toContain(deskMessages.companyDisabled);
  });

  it('stock a change returns tells those waiting for it', async () => {
    const o = await orderOfTwo();
    await t.database.query('update variants set stock = 0 where id = $1', [o.b.id]);
    await t.app.catalogue.changed();
    const waiting = await f.company();
    const subscribed = await f.call('POST', '/api/v1/alerts', waiting.owner.cookie, { variantId: o.b.sku });
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
    const saved = await change(admin.cookie, o.number, {
      version: 0,
      lines: [{ sku: o.a.sku, quantity: 4 }],
      shippingType: 'Shiptoaddress',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await f.stockOf(o.b.id)).toBe(2);
    const mails = await t.database.query('select 1 from outbox where "to" = $1 and subject ilike $2', [
      waiting.owner.email,
      '%back in stock%',
    ]);
    expect(mails).toHaveLength(1);
  });

  it('of two staff changing the same version one wins and the other is told; a shipped order is not changed', async () => {
    const o = await orderOfTwo();
    const other = await d.staffWithTotp('admin');
    const lines = (n: number) => [{ sku: o.a.sku, quantity: n }];
    const p5 = await preview(admin.cookie, o.number, {
      version: 0,
      lines: lines(5),
      shippingType: 'Shiptoaddress',
    });
    const p7 = await preview(other.cookie, o.number, {
      version: 0,
      lines: lines(7),
      shippingType: 'Shiptoaddress',
    });
    const results = await Promise.all([
      d.call('POST', url(o.number), admin.cookie, {
        version: 0,
        lines: lines(5),
        shippingType: 'Shiptoaddress',
        reason: 'five',
        expectedTotalCents: p5.after.totalCents,
        revision: p5.revision,
      }),
      d.call('POST', url(o.number), other.cookie, {
        version: 0,
        lines: lines(7),
        shippingType: 'Shiptoaddress',
        reason: 'seven',
        expectedTotalCents: p7.after.totalCents,
        revision: p7.revision,
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe(orderChangeMessages.stale);
    const winner = AdminOrderSchema.parse(results.find((r) => r.statusCode === 200)!.json());
    expect(await f.stockOf(o.a.id)).toBe(20 - winner.items[0]!.quantity);
    expect(await f.stockOf(o.b.id)).toBe(20);

    const shipped = await d.call('POST', `${ADMIN}/orders/${o.number}/stage`, admin.cookie, {
      stage: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z9',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // Shipping it is a change of its own (its version moves on): a preview from before is stale.
    const version = AdminOrderSchema.parse(shipped.json()).version;
    expect(version).toBe(2);
    const stale = await d.call('POST', url(o.number, true), admin.cookie, {
      version: 1,
      lines: lines(2),
      shippingType: 'Shiptoaddress',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(orderChangeMessages.stale);
    const late = await change(admin.cookie, o.number, {
      version,
      lines: lines(2),
      shippingType: 'Shiptoaddress',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain(orderChangeMessages.shipped);
  });

  it('a change racing orders for the last units never oversells, and the loser is told', async () => {
    const o = await orderOfTwo();
    // 16 of A left: the change wants 12 more, a buyer's order wants 10.
    expect((await f.add(o.buyer.cookie, o.a.sku, 10)).statusCode).toBe(200);
    const p = await preview(admin.cookie, o.number, {
      version: 0,
      lines: [{ sku: o.a.sku, quantity: 16 }],
      shippingType: 'Shiptoaddress',
    });
    const [changed, ordered] = await Promise.all([
      d.call('POST', url(o.number), admin.cookie, {
        version: 0,
        lines: [{ sku: o.a.sku, quantity: 16 }],
        shippingType: 'Shiptoaddress',
        reason: 'more',
        expectedTotalCents: p.after.totalCents,
        revision: p.revision,
      }),
      f.call('POST', '/api/v1/orders', o.buyer.cookie, f.orderBody()),
    ]);
    const stock = await f.stockOf(o.a.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    const loser = changed.statusCode === 200 ? ordered : changed;
    expect(loser.statusCode, loser.body).toBe(409);
    expect(loser.json().message).toMatch(/stock/i);
    const wins = [changed.statusCode === 200, ordered.statusCode === 201].filter(Boolean).length;
    expect(wins).toBe(1);
    expect(stock).toBe(changed.statusCode === 200 ? 4 : 6);
  });
});
