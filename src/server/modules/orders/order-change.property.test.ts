import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderChangePreviewSchema } from '#shared/orders/order-change.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN, deskFixture } from './desk.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const d = deskFixture(() => t, clock);
const { f } = d;

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
});

/** One step: staff change the order's quantities (0 removes a line), or the buyer orders more. */
type Step = { kind: 'change'; a: number; b: number } | { kind: 'order'; a: number } | { kind: 'cancel' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({
    kind: fc.constant('change' as const),
    a: fc.integer({ min: 0, max: 9 }),
    b: fc.integer({ min: 0, max: 9 }),
  }),
  fc.record({ kind: fc.constant('order' as const), a: fc.integer({ min: 1, max: 6 }) }),
);

/**
 * The stock ledger with changes before shipping (decision 016, part 4), over random sequences: an
 * order of two options changed again and again (quantities up and down, a line removed, never
 * both) while the buyer orders more of the first and the warehouse cancels the second. After every
 * step: each option's stock is what it started at less every pending quantity the company's orders
 * hold, never negative; a refused change changes nothing; each saved change has its revision; and
 * over the runs some changes are saved.
 */
describe('stock with changes before shipping (property)', () => {
  it('stock = start − pending, never negative; one revision per change', async () => {
    let everSaved = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const c = await f.company({ documents: true });
        await d.location(c.id, 'TX', { licence: true });
        const a = await f.variantWith(12, 100);
        const b = await f.variantWith(12, 100);
        for (const [sku, n] of [
          [a.sku, 3],
          [b.sku, 3],
        ] as const)
          await f.add(c.owner.cookie, sku, n);
        const placed = await f.call('POST', '/api/v1/orders', c.owner.cookie, f.orderBody());
        expect(placed.statusCode, placed.body).toBe(201);
        const number = placed.json().order.orderNumber as string;
        let saved = 0;
        for (const s of steps) {
          if (s.kind === 'cancel') {
            // The warehouse cancels B's line (if it is still pending): its stock comes back.
            const res = await d.call(
              'POST',
              `${ADMIN}/orders/${number}/items/${b.sku}/status`,
              admin.cookie,
              {
                status: 'cancelled',
              },
            );
            expect([200, 409], res.body).toContain(res.statusCode);
          } else if (s.kind === 'order') {
            await f.add(c.buyer.cookie, a.sku, s.a);
            const res = await f.call('POST', '/api/v1/orders', c.buyer.cookie, f.orderBody());
            expect([201, 400, 409], res.body).toContain(res.statusCode);
            await t.database.query('delete from cart_items where user_id = $1', [c.buyer.id]);
          } else {
            const [{ version }] = (await t.database.query<{ version: number }>(
              'select version from orders where number = $1',
              [number],
            )) as [{ version: number }];
            const lines = [
              ...(s.a ? [{ sku: a.sku, quantity: s.a }] : []),
              ...(s.b ? [{ sku: b.sku, quantity: s.b }] : []),
            ];
            if (!lines.length) continue;
            const body = { version, lines, shippingType: 'Pickup' };
            const p = await d.call('POST', `${ADMIN}/orders/${number}/change/preview`, admin.cookie, body);
            expect(p.statusCode, p.body).toBe(200);
            const preview = OrderChangePreviewSchema.parse(p.json());
            const res = await d.call('POST', `${ADMIN}/orders/${number}/change`, admin.cookie, {
              ...body,
              reason: 'property',
              expectedTotalCents: preview.after.totalCents,
              revision: preview.revision,
            });
            expect([200, 409], res.body).toContain(res.statusCode);
            if (res.statusCode === 200) {
              saved++;
              everSaved++;
            }
          }
          for (const v of [a, b]) {
            const [row] = await t.database.query<{ stock: number; held: number }>(
              `select v.stock, coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                 where o.company_id = $2 and i.variant_id = v.id and i.status = 'pending'), 0)::int as held
               from variants v where v.id = $1`,
              [v.id, c.id],
            );
            expect(row!.stock).toBeGreaterThanOrEqual(0);
            expect(row!.stock + row!.held).toBe(12);
          }
        }
        const [order] = await t.database.query<{ revisions: number }>(
          `select (select count(*)::int from order_revisions r where r.order_id = o.id) as revisions
           from orders o where o.number = $1`,
          [number],
        );
        expect(order).toEqual({ revisions: saved });
      }),
      { numRuns: 8 },
    );
    // The property is about changes that happen: some must have been saved.
    expect(everSaved).toBeGreaterThan(0);
  });
});
