import { describe, expect, it } from 'vitest';
import { OutboxListSchema } from '#shared/mail/outbox.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import type { StoreSettingsBody } from '#shared/store/settings-staff.schemas.ts';
import { StoreInfoSchema } from '#shared/store/store.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);

const settings: StoreSettingsBody = {
  shortName: 'Lone Star',
  contact: {
    phone: '+1 (555) 010-9999',
    email: 'hello@lonestar.example',
    address: '9 Main St, Austin, TX',
    hours: 'Mon–Fri 8–17',
  },
  social: [{ name: 'Instagram', url: 'https://instagram.com/lonestar' }],
  pickupAddress: '9 Main St, Austin, TX (back door)',
  deliveryFeeCents: 1500,
  unverifiedCapCents: 25_000,
};
const put = (cookie: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    payload: body as object,
    headers: { cookie, origin: 'http://localhost:80' },
  });

describe('settings and mail in the console', () => {
  it('only staff with their second factor', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly(
      [
        ['GET', '/api/v1/admin/settings'],
        ['GET', '/api/v1/admin/outbox'],
        ['POST', '/api/v1/admin/outbox/1/retry'],
      ] as const,
      buyer.cookie,
    );
    expect((await put(buyer.cookie, settings)).statusCode).toBe(403);
  });

  it('changes apply at once, are validated and audited', async () => {
    const staff = await staffWithTotp();
    const bad = await put(staff.cookie, { ...settings, deliveryFeeCents: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The delivery fee cannot be negative.');
    const http = await put(staff.cookie, { ...settings, social: [{ name: 'X', url: 'http://x.example' }] });
    expect(http.json().message).toBe('Social links must be https:// addresses.');

    const res = await put(staff.cookie, settings);
    expect(res.statusCode).toBe(200);
    const info = StoreInfoSchema.parse((await t.app.inject({ url: '/api/v1/store' })).json());
    expect(info).toMatchObject({
      shortName: 'Lone Star',
      storeName: 'Test Wholesale',
      deliveryFeeCents: 1500,
      unverifiedCapCents: 25_000,
      pickupAddress: '9 Main St, Austin, TX (back door)',
    });
    const { entries } = AuditListSchema.parse(
      (await call('GET', '/api/v1/admin/audit?entity=settings', staff.cookie)).json(),
    );
    expect(entries[0]).toMatchObject({ action: 'settings.changed', after: { deliveryFeeCents: 1500 } });
  });

  it('lists mail and retries a failed one', async () => {
    const staff = await staffWithTotp();
    const [failed] = await t.database.query<{ id: number }>(
      `insert into outbox ("to", subject, text, html, status, attempts, last_error)
       values ('gone@shop.example', 'Hello', 't', 'h', 'failed', 10, '550 mailbox unavailable') returning id`,
    );
    const list = OutboxListSchema.parse(
      (await call('GET', '/api/v1/admin/outbox?status=failed', staff.cookie)).json(),
    );
    expect(list.mails.find((m) => m.id === failed!.id)).toMatchObject({
      status: 'failed',
      lastError: '550 mailbox unavailable',
    });
    const retry = await call('POST', `/api/v1/admin/outbox/${failed!.id}/retry`, staff.cookie);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toBe('The mail to gone@shop.example will be sent again.');
    await t.app.outbox.drain();
    const [row] = await t.database.query<{ status: string }>('select status from outbox where id = $1', [
      failed!.id,
    ]);
    expect(row!.status).toBe('sent');
    expect((await call('POST', `/api/v1/admin/outbox/${failed!.id}/retry`, staff.cookie)).statusCode).toBe(
      409,
    );
    expect((await call('POST', '/api/v1/admin/outbox/999999/retry', staff.cookie)).statusCode).toBe(409);
  });
});
