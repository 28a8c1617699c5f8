import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyIdOf, joinCompany } from '#tests/members.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ordersFixture } from './orders.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, orderBody, verifiedBuyer, variantWith, stockOf, add } = ordersFixture(() => t);

/** What one step does: a member orders some, or an owner decides (or the buyer withdraws) a waiting request. */
type Step =
  | { kind: 'order'; quantity: number }
  | { kind: 'approve' | 'decline' | 'withdraw'; pick: number }
  | { kind: 'approveTwice'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), quantity: fc.integer({ min: 1, max: 9 }) }),
  fc.record({
    kind: fc.constantFrom(
      'approve' as const,
      'decline' as const,
      'withdraw' as const,
      'approveTwice' as const,
    ),
    pick: fc.nat(),
  }),
);

/**
 * The stock ledger with approvals (decision 015, step 4), over random sequences: a buyer limited to
 * $40.00 orders 1–9 of a $10.00 option from 30 in stock (some placed at once, some waiting), an
 * owner approves (sometimes twice at once), declines, or the buyer withdraws. After every step:
 * the stock is the start less what the company's orders hold, never negative; a waiting, declined
 * or withdrawn request holds nothing; an approved one is exactly one order of its number; none is
 * decided twice.
 */
describe('stock with orders awaiting approval (property)', () => {
  it('stock = start − ordered, requests hold none, each decided once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 9 }), async (steps) => {
        const owner = await verifiedBuyer({ documents: true, licence: 'TX' });
        const companyId = await companyIdOf(t, owner.user.id);
        const buyer = await joinCompany(t, companyId, { role: 'buyer', limitCents: 4000 });
        const start = 30;
        const v = await variantWith(start, 1000);
        const waiting: string[] = [];
        for (const s of steps) {
          if (s.kind === 'order') {
            await t.database.query('delete from cart_items where user_id = $1', [buyer.id]);
            await add(buyer.cookie, v.sku, s.quantity);
            const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
            expect([201, 202, 409]).toContain(res.statusCode);
            if (res.statusCode === 202) waiting.push(res.json().request.number);
          } else if (waiting.length) {
            const number = waiting[s.pick % waiting.length]!;
            const path = `/api/v1/orders/requests/${number}/${s.kind === 'approveTwice' ? 'approve' : s.kind}`;
            const who = s.kind === 'withdraw' ? buyer.cookie : owner.cookie;
            const body = s.kind === 'decline' ? { note: 'Not this week' } : {};
            const answers =
              s.kind === 'approveTwice'
                ? await Promise.all([call('POST', path, who, body), call('POST', path, who, body)])
                : [await call('POST', path, who, body)];
            for (const a of answers) expect([200, 409]).toContain(a.statusCode);
          }
          await expectLedger(companyId, v.id, start, await stockOf(v.id));
        }
      }),
      { numRuns: 12 },
    );
  });
});

async function expectLedger(companyId: string, variantId: number, start: number, stock: number) {
  const [held] = await t.database.query<{ n: number }>(
    `select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id
     where o.company_id = $1 and i.variant_id = $2`,
    [companyId, variantId],
  );
  expect(stock).toBeGreaterThanOrEqual(0);
  expect(stock).toBe(start - held!.n);
  const requests = await t.database.query<{ status: string; order_number: string | null; number: string }>(
    `select r.status, r.number, o.number as order_number from order_requests r
     left join orders o on o.id = r.order_id where r.company_id = $1`,
    [companyId],
  );
  for (const r of requests) {
    if (r.status === 'approved') expect(r.order_number).toBe(r.number);
    else expect(r.order_number).toBeNull();
    const [orders] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from orders where number = $1',
      [r.number],
    );
    expect(orders!.n).toBe(r.status === 'approved' ? 1 : 0);
  }
}
