import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExpiringListSchema } from '#shared/accounts/documents-staff.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';

let t: TestContext;
const clock = testClock(new Date('2026-11-22T12:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t?.close());
const { call, staffWithTotp } = staffHelpers(() => t, clock);

/** A buyer whose Sales ID and license are verified; the license expires on `expiresOn`. */
async function buyerWithDocuments(expiresOn: string) {
  const buyer = await signUpBuyer(t.app);
  await t.database.query('update users set email_verified_at = now() where id = $1', [buyer.user.id]);
  for (const [kind, expiry] of [
    ['sales_id', null],
    ['tobacco_license', expiresOn],
  ] as const) {
    await t.database.query(
      `insert into documents (user_id, kind, storage_key, original_name, content_type, size, md5, status, expires_on)
       values ($1, $2, $3, 'x.pdf', 'application/pdf', 1, 'x', 'verified', $4)`,
      [buyer.user.id, kind, `documents/${buyer.user.id}/${randomUUID()}`, expiry],
    );
  }
  return buyer;
}
const remindersTo = async (email: string) =>
  (
    await t.database.query<{ subject: string }>(
      `select subject from outbox where "to" = $1 and subject like 'Your tobacco license%' order by id`,
      [email],
    )
  ).map((m) => m.subject);

describe('document expiry', () => {
  it('an expired license counts as unverified: the profile says so and the order cap applies again', async () => {
    const buyer = await buyerWithDocuments('2020-01-31');
    const session = (
      await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: buyer.cookie } })
    ).json();
    expect(session.user.documents.tobaccoLicense).toMatchObject({
      status: 'expired',
      expiresOn: '2020-01-31',
    });
    expect(session.user.isTobaccoLicenceVerified).toBe(false);
    expect(session.user.isSalesIdverified).toBe(true);

    // A $600 cart: over the $500 cap, which applies again.
    const [v] = await t.database.query<{ id: number; sku: string; product_id: number }>(
      `select id, sku, product_id from variants where not exists (select 1 from order_items i where i.variant_id = variants.id)
         and (select compliance->>'kind' from products p where p.id = variants.product_id) = 'accessory' order by random() limit 1`,
    );
    await t.database.query('update variants set stock = 100 where id = $1', [v!.id]);
    await t.database.query(
      'update products set price_cents = 6000, discount_price_cents = null, discount_percentage = null where id = $1',
      [v!.product_id],
    );
    await t.app.catalogue.changed();
    await call('POST', '/api/v1/cart/items', buyer.cookie, { items: [{ variantId: v!.sku, quantity: 10 }] });
    const order = await call('POST', '/api/v1/orders', buyer.cookie, {
      shippingDetails: {
        name: 'A',
        businessName: 'B',
        address: 'C',
        city: 'D',
        state: 'TX',
        postalCode: '1',
      },
      shippingType: 'Pickup',
      comments: '',
      idempotencyKey: randomUUID(),
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toMatch(/limited to \$500\.00/);
  });

  it('reminds 30 days and 7 days before, and on expiry, once each, the most urgent only', async () => {
    const soon = await buyerWithDocuments('2026-12-15'); // 23 days away: the 30-day reminder
    const urgent = await buyerWithDocuments('2026-11-25'); // 3 days away: the 7-day one only
    await t.app.jobs.expiryReminders();
    await t.app.jobs.expiryReminders(); // another instance, or the next hour: nothing new
    expect(await remindersTo(soon.body.email)).toEqual([
      'Your tobacco license expires on 2026-12-15 — Test Wholesale',
    ]);
    expect(await remindersTo(urgent.body.email)).toEqual([
      'Your tobacco license expires on 2026-11-25 — Test Wholesale',
    ]);

    clock.advance(17 * 86_400_000); // 2026-12-09: 6 days left
    await t.app.jobs.expiryReminders();
    clock.advance(7 * 86_400_000); // 2026-12-16: expired
    await t.app.jobs.expiryReminders();
    expect(await remindersTo(soon.body.email)).toEqual([
      'Your tobacco license expires on 2026-12-15 — Test Wholesale',
      'Your tobacco license expires on 2026-12-15 — Test Wholesale',
      'Your tobacco license has expired — Test Wholesale',
    ]);
    expect((await remindersTo(urgent.body.email)).at(-1)).toBe(
      'Your tobacco license has expired — Test Wholesale',
    );

    const staff = await staffWithTotp();
    const list = ExpiringListSchema.parse(
      (await call('GET', '/api/v1/admin/documents/expiring', staff.cookie)).json(),
    );
    const mine = list.documents.filter((d) => [soon.user.id, urgent.user.id].includes(d.buyer.id));
    expect(mine.map((d) => d.expiresOn)).toEqual(['2026-11-25', '2026-12-15']);
  });
});
