import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect } from 'vitest';
import { TotpConfirmResponseSchema } from '#shared/staff/staff.schemas.ts';
import type { StaffRole } from '#shared/staff/staff-roles.ts';
import { createStaff } from '../src/server/modules/staff/staff-accounts.ts';
import { ORIGIN, sessionCookie } from './accounts.ts';
import type { TestContext } from './test-app.ts';

/** The code an authenticator app shows at `at` for this key (30-second steps, 6 digits). */
export const totpCode = (secret: string, at: Date) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at.getTime() / 30_000)), 6);

let staffCount = 0;

/** Staff members for server tests: signed in with a password, or all the way through TOTP. */
export function staffHelpers(t: () => TestContext, clock: () => Date) {
  let calls = 0;
  // Each call from its own address: the per-address route limits (20 codes a minute) are not
  // what these tests are about, and a file makes more calls than a person would.
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      payload: payload as object,
      remoteAddress: `10.77.${(++calls >> 8) & 255}.${calls & 255}`,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  async function newStaff({ oneTimePassword = false, role = 'admin' as StaffRole } = {}) {
    const n = ++staffCount;
    const email = `staff${n}-${Date.now()}@shop.example`;
    const password = 'staff password 1';
    const created = await createStaff(
      t().database.db,
      { email, name: 'Sam Staff', password, oneTimePassword, role },
      { logN: 10, r: 8, p: 1 },
      clock(),
    );
    const signIn = async () => {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        headers: { origin: ORIGIN },
        remoteAddress: `10.9.${n % 250}.${Math.floor(Math.random() * 250)}`,
        payload: { email, password, rememberMe: false },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().next).toBe('/admin');
      return sessionCookie(res);
    };
    return { id: created!.id, email, password, signIn };
  }

  /** A staff member of this role (admin unless said) whose session gave its second factor. */
  async function staffWithTotp(role: StaffRole = 'admin') {
    const staff = await newStaff({ role });
    const cookie = await staff.signIn();
    const { secret } = (await call('POST', '/api/v1/admin/2fa/setup', cookie)).json();
    const confirmed = await call('POST', '/api/v1/admin/2fa/confirm', cookie, {
      code: totpCode(secret, clock()),
    });
    expect(confirmed.statusCode).toBe(200);
    return {
      ...staff,
      cookie,
      secret,
      recoveryCodes: TotpConfirmResponseSchema.parse(confirmed.json()).recoveryCodes,
    };
  }

  /** Each route answers anonymous 401, a buyer 403 and staff without their second factor 401. */
  async function expectStaffOnly(
    routes: readonly (readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string])[],
    buyerCookie: string,
  ) {
    const halfway = await (await newStaff()).signIn();
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, buyerCookie, body)).statusCode, url).toBe(403);
      expect((await call(method, url, halfway, body)).statusCode, url).toBe(401);
    }
  }

  return { call, newStaff, staffWithTotp, expectStaffOnly };
}
