import { describe, expect, it } from 'vitest';
import { signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ordersFixture } from './orders.fixture.ts';

/**
 * Placing an order takes the session this instance found valid lately from memory, and
 * place_order checks it in the order's own transaction. These tests change the session or the
 * buyer behind this instance's back (as another instance would) after a request has left it in
 * memory, and check that the order is refused or placed as a fresh lookup would decide.
 */
const clock = testClock(new Date('2026-11-24T12:00:00Z'));
const t = testAppForFile({ clock });
const { call, orderBody, verifiedBuyer, variantWith, stockOf, cartOf, add } = ordersFixture(() => t);

const orderCount = async (userId: string) =>
  Number(
    (
      await t.database.query<{ n: string }>('select count(*) as n from orders where user_id = $1', [userId])
    )[0]!.n,
  );

/** A buyer with one line in the cart, whose session this instance has just seen (a cart read). */
async function buyerInMemory() {
  const buyer = await verifiedBuyer();
  const v = await variantWith(10, 1500);
  await add(buyer.cookie, v.sku, 2);
  expect((await call('GET', '/api/v1/cart', buyer.cookie)).statusCode).toBe(200);
  return { buyer, v, lines: [{ variantId: v.sku, quantity: 2 }] };
}

describe('the session of an order, checked in its statement', () => {
  it('signed out elsewhere, disabled or idle too long: 401, and nothing changes', async () => {
    const changes: [string, (userId: string) => Promise<unknown>][] = [
      [
        'signed out on another instance',
        (id) => t.database.query('delete from sessions where user_id = $1', [id]),
      ],
      [
        'disabled by staff',
        (id) => t.database.query('update users set disabled_at = now() where id = $1', [id]),
      ],
      [
        'its company disabled by staff',
        (id) =>
          t.database.query(
            'update companies set disabled_at = now() where id = (select company_id from company_members where user_id = $1)',
            [id],
          ),
      ],
      [
        'idle past the limit',
        (id) =>
          t.database.query('update sessions set last_seen_at = $2 where user_id = $1', [
            id,
            new Date(clock().getTime() - 31 * 86_400_000),
          ]),
      ],
    ];
    for (const [what, change] of changes) {
      const { buyer, v, lines } = await buyerInMemory();
      await change(buyer.user.id);
      for (const body of [orderBody({ lines }), orderBody()]) {
        const res = await call('POST', '/api/v1/orders', buyer.cookie, body);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(401);
      }
      expect(await stockOf(v.id), what).toBe(10);
      expect(await cartOf(buyer.user.id), what).toEqual([{ variant_id: v.id, quantity: 2 }]);
      expect(await orderCount(buyer.user.id), what).toBe(0);
    }
  });

  it('a changed email is looked up again: the confirmation goes to the new address', async () => {
    const { buyer, lines } = await buyerInMemory();
    const fresh = `new-${buyer.body.email}`;
    await t.database.query('update users set email = $2 where id = $1', [buyer.user.id, fresh]);
    const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines }));
    expect(res.statusCode, res.body).toBe(201);
    const mails = await t.database.query<{ to: string }>(`select "to" from outbox where subject like $1`, [
      `Order ${res.json().order.orderNumber} %`,
    ]);
    expect(mails.map((m) => m.to)).toEqual([fresh]);
  });

  it('an email verified since the session was remembered places the order', async () => {
    const buyer = await signUpBuyer(t.app);
    const v = await variantWith(10, 1500);
    await add(buyer.cookie, v.sku, 1);
    expect((await call('GET', '/api/v1/cart', buyer.cookie)).statusCode).toBe(200);
    const lines = [{ variantId: v.sku, quantity: 1 }];
    expect((await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines }))).statusCode).toBe(403);
    await t.database.query('update users set email_verified_at = now() where id = $1', [buyer.user.id]);
    const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('moves last_seen_at on when it is due, as any signed-in request does', async () => {
    const { buyer, lines } = await buyerInMemory();
    const fiveMinutesAgo = new Date(clock().getTime() - 5 * 60_000);
    await t.database.query('update sessions set last_seen_at = $2 where user_id = $1', [
      buyer.user.id,
      fiveMinutesAgo,
    ]);
    expect((await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines }))).statusCode).toBe(201);
    const [row] = await t.database.query<{ last_seen_at: Date }>(
      'select last_seen_at from sessions where user_id = $1',
      [buyer.user.id],
    );
    expect(new Date(row!.last_seen_at).toISOString()).toBe(clock().toISOString());
  });
});
