import { beforeAll, describe, expect, it } from 'vitest';
import { BuyerDetailSchema, BuyerListSchema } from '#shared/accounts/buyers-staff.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
let staff: Awaited<ReturnType<typeof staffWithTotp>>;
beforeAll(async () => {
  staff = await staffWithTotp();
});

describe('buyers in the console', () => {
  it('only staff with their second factor', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly(
      [
        ['GET', '/api/v1/admin/buyers'],
        ['GET', `/api/v1/admin/buyers/${buyer.user.id}`],
        ['POST', `/api/v1/admin/buyers/${buyer.user.id}/verify-email`],
        ['POST', `/api/v1/admin/buyers/${buyer.user.id}/disable`],
      ] as const,
      buyer.cookie,
    );
  });

  it('searches and filters, and shows a buyer in full', async () => {
    const buyer = await signUpBuyer(t.app, { businessName: 'Searchable Puff Palace' });
    const completed = await call('POST', '/api/v1/account/complete', buyer.cookie, {
      streetAddress: '1 Elm',
      streetAddress2: '',
      city: 'Reno',
      state: 'NV',
      zipCode: '89501',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const list = async (q: string) =>
      BuyerListSchema.parse((await call('GET', `/api/v1/admin/buyers?${q}`, staff.cookie)).json());
    const found = await list('q=puff%20palace');
    expect(found.buyers.map((b) => b.id)).toEqual([buyer.user.id]);
    expect(found.buyers[0]).toMatchObject({
      state: 'NV',
      emailVerified: false,
      documents: { salesId: null, tobaccoLicense: null },
    });
    expect((await list('q=puff%20palace&state=TX')).total).toBe(0);
    expect((await list('q=puff%20palace&documents=missing')).total).toBe(1);
    expect((await list('q=puff%20palace&documents=verified')).total).toBe(0);
    expect((await list('q=%25')).buyers.length).toBe(0); // % is a character, not a wildcard
    const detail = BuyerDetailSchema.parse(
      (await call('GET', `/api/v1/admin/buyers/${buyer.user.id}`, staff.cookie)).json(),
    );
    expect(detail.addresses).toHaveLength(1);
    expect(detail.buyer.businessName).toBe('Searchable Puff Palace');
    expect((await call('GET', `/api/v1/admin/buyers/${staff.id}`, staff.cookie)).statusCode).toBe(404);
  });

  it('marks an email verified by hand, once, audited', async () => {
    const buyer = await signUpBuyer(t.app);
    const first = await call('POST', `/api/v1/admin/buyers/${buyer.user.id}/verify-email`, staff.cookie);
    expect(first.json().message).toBe('Email marked verified.');
    const again = await call('POST', `/api/v1/admin/buyers/${buyer.user.id}/verify-email`, staff.cookie);
    expect(again.json().message).toBe('The email was already verified.');
    const session = (
      await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: buyer.cookie } })
    ).json();
    expect(session.user.emailVerified).toBe(true);
    const { entries } = AuditListSchema.parse(
      (await call('GET', `/api/v1/admin/audit?entity=buyer&entityId=${buyer.user.id}`, staff.cookie)).json(),
    );
    expect(entries.map((e) => e.action)).toEqual(['buyer.email_verified']);
  });

  it('disabling ends the sessions and stops sign-in; enabling lets the buyer back', async () => {
    const buyer = await signUpBuyer(t.app);
    const disable = (disabled: boolean) =>
      call('POST', `/api/v1/admin/buyers/${buyer.user.id}/disable`, staff.cookie, { disabled });
    expect((await disable(true)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/cart', headers: { cookie: buyer.cookie } })).statusCode).toBe(
      401,
    );
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        headers: { origin: ORIGIN },
        remoteAddress: '10.77.0.1',
        payload: { email: buyer.body.email, password: buyer.body.password, rememberMe: false },
      });
    expect((await signIn()).statusCode).toBe(401);
    expect((await disable(false)).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
  });
});
