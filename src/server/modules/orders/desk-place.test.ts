import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { deskMessages } from '#shared/orders/desk.schemas.ts';
import { OrderListSchema } from '#shared/orders/orders.schemas.ts';
import { AdminOrderSchema } from '#shared/orders/orders-staff.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN, deskFixture } from './desk.fixture.ts';

/**
 * An order taken at the desk (decision 016, part 2): placed through the buyer's order transaction
 * with the staff member recorded, the company's members told, audited; a double press is one
 * order; what changed since the page showed it is refused; the last units go to one order only.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const d = deskFixture(() => t, clock);
const { f, desk } = d;

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
});

const mailsTo = (address: string) =>
  t.database.query<{ subject: string; text: string }>(
    `select subject, text from outbox where "to" = $1 and subject like 'Order %' order by id`,
    [address],
  );

describe('placing an order at the desk', () => {
  it("is the company's order, placed by the staff member: stock taken, members mailed, audited, draft gone", async () => {
    const c = await f.company({ documents: true });
    const loc = await d.location(c.id, 'TX', { name: 'Second shop' });
    const v = await f.variantWith(10, 1250);
    expect((await desk.line(admin.cookie, c.id, v.sku, 4)).statusCode).toBe(200);
    await d.setDetails(admin.cookie, c.id, {
      locationId: loc,
      feeCents: 500,
      feeReason: 'Half-price delivery',
      buyerNote: 'As agreed on the phone',
      internalNote: 'Dana called at 9',
    });
    const res = await d.placeAsShown(admin.cookie, c.id);
    expect(res.statusCode, res.body).toBe(200);
    const { number, message } = res.json();
    expect(message).toBe(deskMessages.placed(number, 'Corner Smoke Shop LLC'));
    expect(await f.stockOf(v.id)).toBe(6);

    const [row] = await t.database.query<Record<string, unknown>>(
      `select user_id, company_id, location_id, taken_at_desk, internal_note, fee_note, comments,
         subtotal_cents, shipping_cents, total_cents from orders where number = $1`,
      [number],
    );
    expect(row).toMatchObject({
      user_id: admin.id,
      company_id: c.id,
      location_id: loc,
      taken_at_desk: true,
      internal_note: 'Dana called at 9',
      fee_note: '$5.00: Half-price delivery',
      comments: 'As agreed on the phone',
      subtotal_cents: 5000,
      shipping_cents: 500,
      total_cents: 5500,
    });
    // Every member follows the company's orders: the buyer sees who took it, not the internal note.
    const seen = OrderListSchema.parse(
      (await f.call('GET', '/api/v1/orders', c.viewer.cookie)).json(),
    ).orders;
    expect(seen[0]).toMatchObject({
      orderNumber: number,
      takenAtDesk: true,
      placedBy: { id: admin.id, name: 'Sam Staff' },
    });
    expect(JSON.stringify(seen[0])).not.toContain('Dana called');
    for (const email of [c.owner.email, c.buyer.email, c.viewer.email]) {
      const [mail] = await mailsTo(email);
      expect(mail?.subject, email).toBe(`Order ${number} placed for Corner Smoke Shop LLC — Test Wholesale`);
      expect(mail!.text).toContain(`Sam Staff of Test Wholesale placed order ${number}`);
      expect(mail!.text).toContain('Note: As agreed on the phone');
    }
    const staffView = AdminOrderSchema.parse(
      (await d.call('GET', `${ADMIN}/orders/${number}`, admin.cookie)).json(),
    );
    expect(staffView).toMatchObject({
      internalNote: 'Dana called at 9',
      feeNote: '$5.00: Half-price delivery',
      buyer: { businessName: 'Corner Smoke Shop LLC' },
    });
    const [audit] = await t.database.query<{ actor_id: string; after: Record<string, unknown> }>(
      "select actor_id, after from audit_log where action = 'order.taken_at_desk' and entity_id = $1",
      [number],
    );
    expect(audit).toMatchObject({ actor_id: admin.id, after: { company: c.id, total_cents: 5500 } });
    expect((await desk.get(admin.cookie, c.id)).lines).toEqual([]);
    expect(await f.cartOf(c.owner.id)).toEqual([]);

    // The order's news (a stage) goes to the company's members, not to the staff member who took it.
    const shipped = await d.call('POST', `${ADMIN}/orders/${number}/stage`, admin.cookie, {
      stage: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    for (const email of [c.owner.email, c.buyer.email])
      expect((await mailsTo(email)).map((m) => m.subject).join('|'), email).toMatch(/Shipped/);
    expect(await mailsTo(admin.email)).toEqual([]);
  });

  it('a double press is one order; a total that moved, or a draft changed since, is refused with nothing written', async () => {
    const c = await f.company({ documents: true });
    await d.location(c.id, 'TX');
    const v = await f.variantWith(10, 1000);
    expect((await desk.line(admin.cookie, c.id, v.sku, 2)).statusCode).toBe(200);
    const shown = await desk.get(admin.cookie, c.id);
    const body = {
      version: shown.version,
      locationId: shown.locationId,
      expectedTotalCents: shown.totalCents,
      idempotencyKey: randomUUID(),
    };

    await t.database.query('update products set price_cents = 1100 where id = $1', [v.product_id]);
    await t.app.catalogue.changed();
    const moved = await desk.place(admin.cookie, c.id, body);
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toBe(deskMessages.pricesChanged(shown.totalCents + 200));
    expect(await f.stockOf(v.id)).toBe(10);

    const again = await desk.get(admin.cookie, c.id);
    const stale = await desk.place(admin.cookie, c.id, {
      ...body,
      expectedTotalCents: again.totalCents,
      version: 99,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(deskMessages.draftChanged);

    const twice = await Promise.all(
      [1, 2].map(() => desk.place(admin.cookie, c.id, { ...body, expectedTotalCents: again.totalCents })),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twice[0]!.json().number).toBe(twice[1]!.json().number);
    expect(await f.stockOf(v.id)).toBe(8);
    // The same key pressed again for a new draft of the same company is not that order again.
    expect((await desk.line(admin.cookie, c.id, v.sku, 1)).statusCode).toBe(200);
    const fresh = await desk.get(admin.cookie, c.id);
    const reused = await desk.place(admin.cookie, c.id, {
      ...body,
      version: fresh.version,
      expectedTotalCents: fresh.totalCents,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(deskMessages.keyUsed);
    expect(await f.stockOf(v.id)).toBe(8);
    const [{ n }] = (await t.database.query<{ n: number }>(
      'select count(*)::int as n from orders where company_id = $1',
      [c.id],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('lines with problems, an unverified company over the cap and a disabled company are refused', async () => {
    const c = await f.company();
    await d.location(c.id, 'TX');
    const cap = (await t.app.settings.get()).unverifiedCapCents;
    const v = await f.variantWith(10, cap);
    expect((await desk.line(admin.cookie, c.id, v.sku, 2)).statusCode).toBe(200);
    const over = await d.placeAsShown(admin.cookie, c.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(deskMessages.overCap(cap));
    expect((await desk.line(admin.cookie, c.id, v.sku, 20)).statusCode).toBe(200);
    const short = await d.placeAsShown(admin.cookie, c.id);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain(deskMessages.linesWithProblems(1));
    await t.database.query('update companies set disabled_at = now() where id = $1', [c.id]);
    expect((await d.placeAsShown(admin.cookie, c.id)).json().message).toContain(deskMessages.companyDisabled);
    expect(await f.stockOf(v.id)).toBe(10);
  });
});

describe('one set of rules', () => {
  it('the same lines placed by a buyer and at the desk give the same items, prices, excise and total, to the cent', async () => {
    const scenarios = [
      {
        state: 'PA',
        shipping: 'Shiptoaddress',
        group: { priceCents: 900, tiers: [{ minQuantity: 10, priceCents: 800 }] },
      },
      { state: 'MN', shipping: 'Shiptoaddress', group: null },
      { state: 'VT', shipping: 'Shiptoaddress', group: { basisPoints: 1250 } },
      { state: 'TX', shipping: 'Pickup', group: { priceCents: 555 } },
    ] as const;
    for (const s of scenarios) {
      const c = await f.company({ documents: true });
      const loc = await d.location(c.id, s.state, { licence: true });
      const vape = await d.vape(100, 1299);
      const other = await f.variantWith(100, 333);
      if (s.group) await d.group(c.id, vape.id, s.group);
      const lines = [
        [vape.sku, 12],
        [other.sku, 7],
      ] as const;
      for (const [sku, n] of lines) {
        expect((await desk.line(admin.cookie, c.id, sku, n)).statusCode).toBe(200);
        expect((await f.add(c.owner.cookie, sku, n)).statusCode).toBe(200);
      }
      await d.setDetails(admin.cookie, c.id, { locationId: loc, shippingType: s.shipping });
      const atDesk = await d.placeAsShown(admin.cookie, c.id);
      expect(atDesk.statusCode, atDesk.body).toBe(200);
      const byBuyer = await f.call(
        'POST',
        '/api/v1/orders',
        c.owner.cookie,
        f.orderBody({
          shippingType: s.shipping,
          locationId: loc,
          shippingDetails: { ...f.shipping, state: s.state },
        }),
      );
      expect(byBuyer.statusCode, byBuyer.body).toBe(201);
      const read = (number: string) =>
        t.database.query<Record<string, unknown>>(
          `select o.subtotal_cents, o.shipping_cents, o.excise_cents, o.total_cents, o.compliance_version,
             (select json_agg(json_build_array(i.sku, i.quantity, i.unit_price_cents, i.excise_cents, i.compliance) order by i.sku)
                from order_items i where i.order_id = o.id) as items
           from orders o where o.number = $1`,
          [number],
        );
      const [desked] = await read(atDesk.json().number);
      const [bought] = await read(byBuyer.json().order.orderNumber);
      expect(desked, s.state).toEqual(bought);
      // The PACT report names the company's contact for both, never the staff member who took one.
      const pact = (
        await d.call('GET', `${ADMIN}/compliance/pact?month=2026-11&state=${s.state}`, admin.cookie)
      ).json().rows as { orderNumber: string; email: string; phone: string; contactName: string }[];
      const contact = (n: string) =>
        pact
          .filter((r) => r.orderNumber === n)
          .map(({ email, phone, contactName }) => ({ email, phone, contactName }));
      if (s.shipping === 'Shiptoaddress') {
        expect(contact(atDesk.json().number)[0]).toMatchObject({ email: c.owner.email });
        expect(contact(atDesk.json().number)[0]!.phone).toBe(
          contact(byBuyer.json().order.orderNumber)[0]!.phone,
        );
      }
      // The scenario means something: excise where the state taxes vapes, the group's price where it has one.
      if (s.state !== 'TX') expect(desked!.excise_cents, s.state).not.toBe(0);
    }
  });
});

describe('the last units (property)', () => {
  it('a buyer and two desks racing for the same stock: never oversold, every loser told', async () => {
    const other = await d.staffWithTotp('sales');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
        async (stock, wants) => {
          const c = await f.company({ documents: true });
          await d.location(c.id, 'TX');
          await t.database.query('update companies set sales_rep_id = $1 where id = $2', [other.id, c.id]);
          const v = await f.variantWith(stock, 100);
          const [a, b, buyer] = wants as [number, number, number];
          // Each desk's line is within the stock when it is added, so each draft is placeable alone.
          await desk.line(admin.cookie, c.id, v.sku, Math.min(a, stock));
          await desk.line(other.cookie, c.id, v.sku, Math.min(b, stock));
          await f.add(c.owner.cookie, v.sku, Math.min(buyer, stock));
          const results = await Promise.all([
            d.placeAsShown(admin.cookie, c.id),
            d.placeAsShown(other.cookie, c.id),
            f.call('POST', '/api/v1/orders', c.owner.cookie, f.orderBody()),
          ]);
          const taken = (
            await t.database.query<{ n: number }>(
              'select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id where o.company_id = $1',
              [c.id],
            )
          )[0]!.n;
          expect(await f.stockOf(v.id)).toBe(stock - taken);
          expect(stock - taken).toBeGreaterThanOrEqual(0);
          for (const r of results) {
            expect([200, 201, 400, 409], r.body).toContain(r.statusCode);
            if (r.statusCode >= 400) expect(r.json().message, r.body).toBeTruthy();
          }
          expect(results.filter((r) => r.statusCode < 300).length).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 8 },
    );
  });
});
