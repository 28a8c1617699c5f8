import { describe, expect, it } from 'vitest';
import { MessageResponseSchema, StoreInfoSchema } from '#shared/store/store.schemas.ts';
import { testAppForFile } from '#tests/test-app.ts';
import { SETTINGS_CHANNEL } from './store-settings.ts';

const t = testAppForFile();

const subscribe = (body: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: body as object, remoteAddress: ip });

async function subscriberCount(email: string) {
  const [row] = await t.database.query<{ n: string }>(
    'select count(*) as n from newsletter_subscribers where lower(email) = lower($1)',
    [email],
  );
  return Number(row!.n);
}

describe('GET /api/v1/store', () => {
  it('returns the store name, contact details and social links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/store' });
    expect(res.statusCode).toBe(200);
    const info = StoreInfoSchema.parse(res.json());
    expect(info.storeName).toBe('Test Wholesale');
    expect(info.shortName).toBe('TestCo');
    expect(info.deliveryFeeCents).toBe(2000);
    expect(info.social.map((s) => s.name)).toEqual(['Instagram', 'Facebook', 'X']);
    // The home page promises 24/7 support: the footer's hours say how (email), not only the phone's.
    expect(info.contact.hours).toMatch(/^Phone .*email .*24\/7/);
    // How the store arranges payment, for the order confirmation (decision 014, item 7).
    expect(info.paymentNote).toMatch(/arrange payment/);
  });

  it('prefers what staff saved in settings', async () => {
    await t.database.query(`insert into settings (key, value) values ('store', $1::jsonb)`, [
      JSON.stringify({ shortName: 'Saved' }),
    ]);
    await t.app.settings.changed();
    const info = StoreInfoSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/store' })).json());
    expect(info.shortName).toBe('Saved');
    expect(info.storeName).toBe('Test Wholesale');
    await t.database.query(`delete from settings where key = 'store'`);
    await t.app.settings.changed();
  });
});

describe('store settings cache', () => {
  it('serves the saved settings until a change is announced, by this instance or another', async () => {
    const shortName = async () =>
      StoreInfoSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/store' })).json()).shortName;
    expect(await shortName()).toBe('TestCo');
    await t.database.query(`insert into settings (key, value) values ('store', $1::jsonb)`, [
      JSON.stringify({ shortName: 'Elsewhere' }),
    ]);
    // Another instance saved it and announced it: this one hears and reads again.
    await t.database.notify(SETTINGS_CHANNEL, 'x');
    await expect.poll(shortName, { timeout: 5000 }).toBe('Elsewhere');
    await t.database.query(`delete from settings where key = 'store'`);
    await t.app.settings.changed();
    expect(await shortName()).toBe('TestCo');
  });
});

describe('POST /api/v1/newsletter', () => {
  it('stores a valid email; signing up twice (any case) is fine and stores it once', async () => {
    const first = await subscribe({ email: 'buyer@shop.example' });
    expect(first.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(first.json()).message).toMatch(/mailing list/);
    const again = await subscribe({ email: '  Buyer@Shop.example ' }, '10.0.0.2');
    expect(again.statusCode).toBe(200);
    expect(await subscriberCount('buyer@shop.example')).toBe(1);
  });

  it.each([
    [{ email: 'not-an-email' }],
    [{ email: '' }],
    [{}],
    [{ email: 'a@b' }],
    [{ email: `${'a'.repeat(300)}@x.example` }],
  ])('refuses %j with "Invalid email format" and stores nothing', async (body) => {
    const res = await subscribe(body, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid email format');
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
      remoteAddress: '10.0.0.4',
    });
    expect(res.statusCode).toBe(400);
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await subscribe({ email: `n${i}@shop.example` }, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
