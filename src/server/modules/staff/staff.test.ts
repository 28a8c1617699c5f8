import { describe, expect, it } from 'vitest';
import {
  AuditListSchema,
  NewStaffResponseSchema,
  StaffListSchema,
  StaffMeSchema,
  TotpConfirmResponseSchema,
} from '#shared/staff/staff.schemas.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers, totpCode } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });

const { call, newStaff, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const codeFor = (secret: string, at = clock()) => totpCode(secret, at);

describe('admin access', () => {
  it('anonymous 401, buyer 403, staff without the second factor 401, staff 200', async () => {
    const buyer = await signUpBuyer(t.app);
    const staff = await newStaff();
    const passwordOnly = await staff.signIn();
    const full = await staffWithTotp();
    const docId = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      '/api/v1/admin/audit',
      '/api/v1/admin/verifications',
      `/api/v1/admin/documents/${docId}/file`,
    ]) {
      expect((await call('GET', url)).statusCode).toBe(401);
      const asBuyer = await call('GET', url, buyer.cookie);
      expect(asBuyer.statusCode).toBe(403);
      expect(asBuyer.json().message).toBe('This area is for staff only.');
      const halfway = await call('GET', url, passwordOnly);
      expect(halfway.statusCode).toBe(401);
      expect(halfway.json().message).toBe('Enter the code from your authenticator app.');
      expect([200, 404]).toContain((await call('GET', url, full.cookie)).statusCode);
    }
    for (const url of [
      `/api/v1/admin/documents/${docId}/verify`,
      `/api/v1/admin/documents/${docId}/request-reupload`,
    ]) {
      expect((await call('POST', url, undefined, {})).statusCode).toBe(401);
      expect((await call('POST', url, buyer.cookie, {})).statusCode).toBe(403);
      expect((await call('POST', url, passwordOnly, {})).statusCode).toBe(401);
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
    // The key is sealed at rest: a copy of the database does not give it away.
    const [stored] = await t.database.query<{ totp_secret: string }>(
      'select totp_secret from users where id = $1',
      [staff.id],
    );
    expect(stored!.totp_secret).toMatch(/^v1\./);
    expect(stored!.totp_secret).not.toContain(setup.secret);
    const wrong = await call('POST', '/api/v1/admin/2fa/confirm', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'That code is not valid. Try again.', field: 'code' });
    expect((await call('GET', '/api/v1/admin/audit', cookie)).statusCode).toBe(401);

    const ok = await call('POST', '/api/v1/admin/2fa/confirm', cookie, { code: codeFor(setup.secret) });
    const { recoveryCodes } = TotpConfirmResponseSchema.parse(ok.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call('GET', '/api/v1/admin/audit', cookie)).statusCode).toBe(200);
    // Set up once: a second set-up is refused (the key cannot be replaced with a password alone).
    expect((await call('POST', '/api/v1/admin/2fa/setup', cookie)).statusCode).toBe(409);

    // A new sign-in needs a code again. The code just used is spent: refused in another session.
    const next = await staff.signIn();
    expect((await call('GET', '/api/v1/admin/audit', next)).statusCode).toBe(401);
    const replay = await call('POST', '/api/v1/admin/2fa/verify', next, { code: codeFor(setup.secret) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('This code was already used. Wait for the next code in your app.');
    expect((await call('GET', '/api/v1/admin/audit', next)).statusCode).toBe(401);
    // A minute on: the code from 30 s ago still counts (slow typing), not one from 2 minutes ago.
    clock.advance(60_000);
    const stale = codeFor(setup.secret, new Date(clock().getTime() - 120_000));
    expect((await call('POST', '/api/v1/admin/2fa/verify', next, { code: stale })).statusCode).toBe(400);
    const recent = codeFor(setup.secret, new Date(clock().getTime() - 30_000));
    expect((await call('POST', '/api/v1/admin/2fa/verify', next, { code: recent })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/admin/audit', next)).statusCode).toBe(200);
    // …and that one is spent too, as is any code older than it.
    const third = await staff.signIn();
    expect((await call('POST', '/api/v1/admin/2fa/verify', third, { code: recent })).statusCode).toBe(400);
    const older = codeFor(setup.secret, new Date(clock().getTime() - 60_000));
    expect((await call('POST', '/api/v1/admin/2fa/verify', third, { code: older })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/v1/admin/2fa/verify', third, { code: codeFor(setup.secret) })).statusCode,
    ).toBe(200);
  });

  it('of two sessions racing with one code, exactly one gets in', async () => {
    const staff = await staffWithTotp();
    clock.advance(30_000);
    const [a, b] = [await staff.signIn(), await staff.signIn()];
    const code = codeFor(staff.secret);
    const answers = await Promise.all(
      [a, b].map((c) => call('POST', '/api/v1/admin/2fa/verify', c, { code })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('staff made with a one-time password choose their own before setting up the second factor', async () => {
    const staff = await newStaff({ oneTimePassword: true });
    const cookie = await staff.signIn();
    expect(
      StaffMeSchema.parse((await call('GET', '/api/v1/admin/me', cookie)).json()).passwordChangeRequired,
    ).toBe(true);
    const refused = await call('POST', '/api/v1/admin/2fa/setup', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Choose a new password first.');

    const changed = await call('POST', '/api/v1/auth/change-password', cookie, {
      oldPassword: staff.password,
      password: 'my own staff password 7',
      confirmPassword: 'my own staff password 7',
    });
    expect(changed.statusCode).toBe(200);
    expect(
      StaffMeSchema.parse((await call('GET', '/api/v1/admin/me', cookie)).json()).passwordChangeRequired,
    ).toBe(false);
    expect((await call('POST', '/api/v1/admin/2fa/setup', cookie)).statusCode).toBe(200);
  });

  it('two simultaneous "add staff" requests with one email: one account, the other 409', async () => {
    const lead = await staffWithTotp();
    const email = `twin-${Date.now()}@shop.example`;
    const answers = await Promise.all(
      [0, 1, 2].map((i) =>
        call('POST', '/api/v1/admin/staff', lead.cookie, { name: `Twin ${i}`, email, role: 'sales' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().message).toBe('That email already has an account.');
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from users where lower(email) = $1',
      [email],
    );
    expect(row!.n).toBe(1);
  });

  it('staff add staff (one-time password) and reset a lost phone for someone else, never themselves', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly(
      [
        ['GET', '/api/v1/admin/staff'],
        ['POST', '/api/v1/admin/staff'],
        ['POST', '/api/v1/admin/staff/00000000-0000-4000-8000-000000000000/reset-2fa'],
      ] as const,
      buyer.cookie,
    );
    const lead = await staffWithTotp();
    const email = `new-staff-${Date.now()}@shop.example`;
    const added = await call('POST', '/api/v1/admin/staff', lead.cookie, {
      name: 'Robin New',
      email,
      role: 'warehouse',
    });
    expect(added.statusCode).toBe(200);
    const { id, password } = NewStaffResponseSchema.parse(added.json());
    expect(password).toHaveLength(20);
    expect(
      (await call('POST', '/api/v1/admin/staff', lead.cookie, { name: 'Again', email, role: 'sales' })).json()
        .message,
    ).toBe('That email already has an account.');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { origin: ORIGIN },
      remoteAddress: '10.77.0.1',
      payload: { email, password, rememberMe: false },
    });
    expect(signIn.statusCode).toBe(200);
    const listed = StaffListSchema.parse((await call('GET', '/api/v1/admin/staff', lead.cookie)).json());
    expect(listed.staff.find((s) => s.id === id)).toMatchObject({
      passwordChangeRequired: true,
      totpEnabled: false,
      role: 'warehouse',
    });
    // A role is chosen: none is a 400 that says so, and makes nobody.
    const noRole = await call('POST', '/api/v1/admin/staff', lead.cookie, {
      name: 'No Role',
      email: `x${email}`,
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe('Choose a role from the list.');

    // A lost phone: another member resets it; the sessions of the member end.
    const other = await staffWithTotp();
    expect((await call('POST', `/api/v1/admin/staff/${lead.id}/reset-2fa`, lead.cookie)).json().message).toBe(
      'Ask another staff member to reset your own two-factor sign-in.',
    );
    const reset = await call('POST', `/api/v1/admin/staff/${other.id}/reset-2fa`, lead.cookie);
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/admin/me', other.cookie)).statusCode).toBe(401);
    const again = await other.signIn();
    expect(StaffMeSchema.parse((await call('GET', '/api/v1/admin/me', again)).json())).toMatchObject({
      totpEnabled: false,
      secondFactor: false,
    });
    expect(
      (await call('POST', '/api/v1/admin/2fa/verify', again, { code: other.recoveryCodes[0] })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/v1/admin/staff/${buyer.user.id}/reset-2fa`, lead.cookie)).statusCode,
    ).toBe(404);
    const audit = AuditListSchema.parse(
      (await call('GET', '/api/v1/admin/audit?entity=user', lead.cookie)).json(),
    );
    expect(audit.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.created', 'staff.totp_reset']),
    );
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
    // The next step's code: the set-up spent this one.
    const verified = await call('POST', '/api/v1/admin/2fa/verify', cookie, {
      code: codeFor(staff.secret, new Date(clock().getTime() + 30_000)),
    });
    expect(verified.statusCode).toBe(200);
    const { entries } = AuditListSchema.parse(
      (await call('GET', '/api/v1/admin/audit?entity=user', cookie)).json(),
    );
    const mine = entries.filter((e) => e.actor.email === staff.email).map((e) => e.action);
    expect(mine).toEqual(['staff.signed_in', 'staff.totp_enabled']);
  });
});
