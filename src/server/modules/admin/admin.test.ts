import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditListSchema, StaffMeSchema, TotpConfirmResponseSchema } from '#shared/admin/admin.schemas.ts';
import { ORIGIN, sessionCookie, signUpBuyer } from '../../../../tests/accounts.ts';
import { createTestApp, type TestContext, testClock } from '../../../../tests/test-app.ts';
import { createStaff } from './staff-accounts.ts';

let t: TestContext;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });

/** The code an authenticator app shows now for this key (30-second steps, 6 digits). */
const codeFor = (secret: string, at = clock()) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at.getTime() / 30_000)), 6);

let staffCount = 0;
async function newStaff() {
  const email = `staff${++staffCount}-${Date.now()}@shop.example`;
  const password = 'staff password 1';
  await createStaff(t.database.db, { email, name: 'Sam Staff', password }, { logN: 10, r: 8, p: 1 }, clock());
  const signIn = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { origin: ORIGIN },
      remoteAddress: `10.9.${staffCount}.${Math.floor(Math.random() * 250)}`,
      payload: { email, password, rememberMe: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().next).toBe('/admin');
    return sessionCookie(res);
  };
  return { email, signIn };
}

/** A staff member through set-up: a session that gave its second factor, and the key. */
async function staffWithTotp() {
  const staff = await newStaff();
  const cookie = await staff.signIn();
  const { secret } = (await call('POST', '/api/v1/admin/2fa/setup', cookie)).json();
  const confirmed = await call('POST', '/api/v1/admin/2fa/confirm', cookie, { code: codeFor(secret) });
  expect(confirmed.statusCode).toBe(200);
  return {
    ...staff,
    cookie,
    secret,
    recoveryCodes: TotpConfirmResponseSchema.parse(confirmed.json()).recoveryCodes,
  };
}

describe('admin access', () => {
  it('anonymous 401, buyer 403, staff without the second factor 401, staff 200', async () => {
    const buyer = await signUpBuyer(t.app);
    const staff = await newStaff();
    const passwordOnly = await staff.signIn();
    const full = await staffWithTotp();
    for (const url of ['/api/v1/admin/audit']) {
      expect((await call('GET', url)).statusCode).toBe(401);
      const asBuyer = await call('GET', url, buyer.cookie);
      expect(asBuyer.statusCode).toBe(403);
      expect(asBuyer.json().message).toBe('This area is for staff only.');
      const halfway = await call('GET', url, passwordOnly);
      expect(halfway.statusCode).toBe(401);
      expect(halfway.json().message).toBe('Enter the code from your authenticator app.');
      expect((await call('GET', url, full.cookie)).statusCode).toBe(200);
    }
    // The second-factor routes themselves: staff with a password session only.
    for (const url of ['/api/v1/admin/me', '/api/v1/admin/2fa/setup']) {
      const method = url.endsWith('me') ? 'GET' : 'POST';
      expect((await call(method, url)).statusCode).toBe(401);
      expect((await call(method, url, buyer.cookie)).statusCode).toBe(403);
    }
    expect(StaffMeSchema.parse((await call('GET', '/api/v1/admin/me', passwordOnly)).json())).toMatchObject({
      totpEnabled: false,
      secondFactor: false,
    });
  });
});

describe('two-factor sign-in', () => {
  it('sets up with a first code, then asks every new session for a code; wrong codes change nothing', async () => {
    const staff = await newStaff();
    const cookie = await staff.signIn();
    const setup = (await call('POST', '/api/v1/admin/2fa/setup', cookie)).json();
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Test%20Wholesale:.*secret=/);
    const wrong = await call('POST', '/api/v1/admin/2fa/confirm', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not valid. Try again.');
    expect((await call('GET', '/api/v1/admin/audit', cookie)).statusCode).toBe(401);

    const ok = await call('POST', '/api/v1/admin/2fa/confirm', cookie, { code: codeFor(setup.secret) });
    const { recoveryCodes } = TotpConfirmResponseSchema.parse(ok.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call('GET', '/api/v1/admin/audit', cookie)).statusCode).toBe(200);
    // Set up once: a second set-up is refused (the key cannot be replaced with a password alone).
    expect((await call('POST', '/api/v1/admin/2fa/setup', cookie)).statusCode).toBe(409);

    // A new sign-in needs a code again; the code from 30 s ago still counts, not one from 2 min ago.
    const next = await staff.signIn();
    expect((await call('GET', '/api/v1/admin/audit', next)).statusCode).toBe(401);
    const stale = codeFor(setup.secret, new Date(clock().getTime() - 120_000));
    expect((await call('POST', '/api/v1/admin/2fa/verify', next, { code: stale })).statusCode).toBe(400);
    const recent = codeFor(setup.secret, new Date(clock().getTime() - 30_000));
    expect((await call('POST', '/api/v1/admin/2fa/verify', next, { code: recent })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/admin/audit', next)).statusCode).toBe(200);
  });

  it('a recovery code works once', async () => {
    const staff = await staffWithTotp();
    const code = staff.recoveryCodes[0]!;
    const first = await staff.signIn();
    expect(
      (await call('POST', '/api/v1/admin/2fa/verify', first, { code: code.toUpperCase() })).statusCode,
    ).toBe(200);
    const second = await staff.signIn();
    const again = await call('POST', '/api/v1/admin/2fa/verify', second, { code });
    expect(again.statusCode).toBe(400);
    expect((await call('GET', '/api/v1/admin/audit', second)).statusCode).toBe(401);
  });

  it('stops accepting codes after 10 wrong ones, even the right one, for 15 minutes', async () => {
    const staff = await staffWithTotp();
    const cookie = await staff.signIn();
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/api/v1/admin/2fa/verify', cookie, {
        code: '123456' === codeFor(staff.secret) ? '654321' : '123456',
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call('POST', '/api/v1/admin/2fa/verify', cookie, { code: codeFor(staff.secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many wrong codes. Please wait 15 minutes and try again.');
    clock.advance(16 * 60_000);
    expect(
      (await call('POST', '/api/v1/admin/2fa/verify', cookie, { code: codeFor(staff.secret) })).statusCode,
    ).toBe(200);
  });

  it('writes who did what to the audit log', async () => {
    const staff = await staffWithTotp();
    const cookie = await staff.signIn();
    await call('POST', '/api/v1/admin/2fa/verify', cookie, { code: codeFor(staff.secret) });
    const { entries } = AuditListSchema.parse(
      (await call('GET', '/api/v1/admin/audit?entity=user', cookie)).json(),
    );
    const mine = entries.filter((e) => e.actor.email === staff.email).map((e) => e.action);
    expect(mine).toEqual(['staff.signed_in', 'staff.totp_enabled']);
  });
});
