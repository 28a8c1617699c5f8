import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailer, smtpMailer } from '#server/modules/mail/mailer.ts';
import { OUTBOX_POLICY } from '#server/modules/mail/outbox.ts';
import { SessionResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import { ORIGIN, sessionCookie, signUpBuyer } from '#tests/accounts.ts';
import { linkIn, startSmtp } from '#tests/smtp.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { hashQueue } from './password.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const clock = testClock();
/** A mailer whose SMTP server the tests can take away (an outage) and give back. */
let target: Mailer;
const switchable: Mailer = {
  describe: () => 'test',
  send: (mail, signal) => target.send(mail, signal),
  close: () => {},
};

beforeAll(async () => {
  smtp = await startSmtp();
  target = smtpMailer(smtp.url, 'Test Wholesale <no-reply@test.example>');
  t = await createTestApp({ clock, mailer: switchable });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: unknown = {}, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
const me = async (cookie: string) =>
  SessionResponseSchema.parse(
    (await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).json(),
  ).user;

async function mailTo(address: string, count = 1) {
  await expect
    .poll(
      async () => {
        await t.app.outbox.drain();
        return smtp.to(address).length;
      },
      { timeout: 5000 },
    )
    .toBeGreaterThanOrEqual(count);
  return smtp.to(address);
}

describe('email verification', () => {
  it('sign-up mails a link that verifies the email once', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    const [mail] = await mailTo(body.email);
    expect(mail!.subject).toBe('Verify your email for Test Wholesale');
    expect(mail!.raw).toContain('Content-Type: text/html');
    const link = linkIn(mail!, '/verify-email');
    expect(link.origin).toBe('http://localhost:3000');
    const token = link.searchParams.get('token')!;

    const first = await post('/api/v1/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Your email address is verified.');
    expect((await me(cookie))?.emailVerified).toBe(true);

    const again = await post('/api/v1/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link is invalid or has expired. Please ask for a new one.');
  });

  it('a link older than 24 hours no longer works', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    const token = linkIn((await mailTo(body.email))[0]!, '/verify-email').searchParams.get('token')!;
    clock.advance(24 * 3_600_000 + 1000);
    expect((await post('/api/v1/auth/verify-email', { token })).statusCode).toBe(400);
    expect(
      (
        await me(
          sessionCookie(await post('/api/v1/auth/signin', { email: body.email, password: body.password })),
        )
      )?.emailVerified,
    ).toBe(false);
    void cookie;
  });

  it('Send Link mails a new link, limited to 3 in 10 minutes; needs a signed-in, unverified buyer', async () => {
    const { body, cookie } = await signUpBuyer(t.app); // the sign-up mail is the first of three
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/v1/auth/verify-email/send', {}, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Verification email has been sent!');
    }
    const limited = await post('/api/v1/auth/verify-email/send', {}, cookie);
    expect(limited.statusCode).toBe(429);
    expect(await mailTo(body.email, 3)).toHaveLength(3);
    expect((await post('/api/v1/auth/verify-email/send')).statusCode).toBe(401);

    const token = linkIn(smtp.to(body.email)[2]!, '/verify-email').searchParams.get('token')!;
    await post('/api/v1/auth/verify-email', { token });
    clock.advance(11 * 60_000);
    const verified = await post('/api/v1/auth/verify-email/send', {}, cookie);
    expect(verified.statusCode).toBe(400);
    expect(verified.json().message).toBe('Your email address is already verified.');
  });
});

describe('lost password and reset', () => {
  it('answers the same for known and unknown emails; only the known one gets mail', async () => {
    const { body } = await signUpBuyer(t.app);
    await mailTo(body.email);
    const known = await post('/api/v1/auth/lost-password', { email: body.email.toUpperCase() });
    const unknown = await post('/api/v1/auth/lost-password', { email: `nobody-${body.email}` });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'Password reset email sent. Check your inbox.' });
    expect(unknown.json()).toEqual(known.json());
    const mails = await mailTo(body.email, 2);
    expect(mails[1]!.subject).toBe('Reset your Test Wholesale password');
    await t.app.outbox.drain();
    expect(smtp.to(`nobody-${body.email}`)).toEqual([]);
  });

  it('the reset link sets a new password once, ends every session, and expires after an hour', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    await post('/api/v1/auth/lost-password', { email: body.email });
    // The sign-up's verification mail and the reset mail may arrive in either order.
    const resetMail = (await mailTo(body.email, 2)).find((m) => m.body.includes('/reset-password?token='))!;
    const token = linkIn(resetMail, '/reset-password').searchParams.get('token')!;

    const mismatch = await post('/api/v1/auth/reset-password', {
      token,
      password: 'new password 1',
      confirmPassword: 'other',
    });
    expect(mismatch.json().message).toBe('New password and confirm password do not match.');
    const short = await post('/api/v1/auth/reset-password', {
      token,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.json().message).toBe('Password must be between 8 and 64 characters long');

    const ok = await post('/api/v1/auth/reset-password', {
      token,
      password: 'brand new password',
      confirmPassword: 'brand new password',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password Updated Successfully');
    expect(await me(cookie)).toBeNull();
    expect(
      (await post('/api/v1/auth/signin', { email: body.email, password: body.password })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/v1/auth/signin', { email: body.email, password: 'brand new password' })).statusCode,
    ).toBe(200);
    const reused = await post('/api/v1/auth/reset-password', {
      token,
      password: 'third password!',
      confirmPassword: 'third password!',
    });
    expect(reused.statusCode).toBe(400);

    await post('/api/v1/auth/lost-password', { email: body.email });
    const late = linkIn((await mailTo(body.email, 3))[2]!, '/reset-password').searchParams.get('token')!;
    clock.advance(3_600_000 + 1000);
    expect(
      (
        await post('/api/v1/auth/reset-password', {
          token: late,
          password: 'fourth password',
          confirmPassword: 'fourth password',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('reset links: cheap refusals, one use, one at a time', () => {
  const resetFrom = (remoteAddress: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      remoteAddress,
      payload: { token, password: 'a new password 9', confirmPassword: 'a new password 9' },
      headers: { origin: ORIGIN },
    });

  it('a made-up link is refused before any password is hashed; the 11th from one address waits 15 minutes', async () => {
    const hashesBefore = hashQueue.runs;
    for (let i = 0; i < 10; i++) {
      const res = await resetFrom('10.66.0.1', `made-up-token-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This link is invalid or has expired. Please ask for a new one.');
    }
    expect(hashQueue.runs).toBe(hashesBefore);
    const limited = await resetFrom('10.66.0.1', 'made-up-token-x');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'Too many invalid reset links from this address. Please wait 15 minutes and try again.',
    );
    // Another address is not affected; the limit lifts after 15 minutes.
    expect((await resetFrom('10.66.0.2', 'made-up-token-y')).statusCode).toBe(400);
    clock.advance(15 * 60_000 + 1000);
    expect((await resetFrom('10.66.0.1', 'made-up-token-z')).statusCode).toBe(400);
    expect(hashQueue.runs).toBe(hashesBefore);
  });

  it('a reset (or a password change) ends every other outstanding reset link of the account', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    await post('/api/v1/auth/lost-password', { email: body.email });
    await mailTo(body.email, 2);
    await post('/api/v1/auth/lost-password', { email: body.email });
    const resets = (await mailTo(body.email, 3)).filter((m) => m.body.includes('/reset-password?token='));
    expect(resets).toHaveLength(2);
    const [older, newer] = resets.map((m) => linkIn(m, '/reset-password').searchParams.get('token')!);
    expect((await resetFrom('10.66.1.1', newer!)).statusCode).toBe(200);
    const stale = await resetFrom('10.66.1.1', older!);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('This link is invalid or has expired. Please ask for a new one.');

    // Change Password does the same to a link mailed before it.
    const signedIn = await post('/api/v1/auth/signin', { email: body.email, password: 'a new password 9' });
    const session = sessionCookie(signedIn);
    await post('/api/v1/auth/lost-password', { email: body.email });
    const pending = (await mailTo(body.email, 4)).filter((m) =>
      m.body.includes('/reset-password?token='),
    )[2]!;
    const changed = await post(
      '/api/v1/auth/change-password',
      {
        oldPassword: 'a new password 9',
        password: 'changed password 9',
        confirmPassword: 'changed password 9',
      },
      session,
    );
    expect(changed.statusCode).toBe(200);
    const token = linkIn(pending, '/reset-password').searchParams.get('token')!;
    expect((await resetFrom('10.66.1.1', token)).statusCode).toBe(400);
    expect(cookie).toBeTruthy();
  });

  it('lost password answers before doing its work: a failing mail queue gives the same answer', async () => {
    const { body } = await signUpBuyer(t.app);
    await mailTo(body.email);
    await t.database.query(`create function refuse_tokens() returns trigger language plpgsql as $$
      begin raise exception 'tokens refused for this test'; end $$`);
    await t.database.query(
      'create trigger refuse_tokens before insert on email_tokens for each row execute function refuse_tokens()',
    );
    try {
      const known = await post('/api/v1/auth/lost-password', { email: body.email });
      const unknown = await post('/api/v1/auth/lost-password', { email: `nobody-${body.email}` });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: 'Password reset email sent. Check your inbox.' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
    } finally {
      await new Promise((r) => setTimeout(r, 50)); // let the refused background work finish first
      await t.database.query('drop trigger refuse_tokens on email_tokens');
      await t.database.query('drop function refuse_tokens()');
    }
  });
});

describe('change password', () => {
  it('re-checks the old password, applies the rules, and ends the other sessions only', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    const other = sessionCookie(
      await post('/api/v1/auth/signin', { email: body.email, password: body.password }),
    );
    const change = (payload: object, c = cookie) => post('/api/v1/auth/change-password', payload, c);

    expect((await change({ oldPassword: '', password: 'x', confirmPassword: 'x' })).json().message).toBe(
      'All fields are required.',
    );
    expect(
      (
        await change({ oldPassword: body.password, password: 'new password 1', confirmPassword: 'nope' })
      ).json().message,
    ).toBe('New password and confirm password do not match.');
    expect(
      (await change({ oldPassword: body.password, password: 'short', confirmPassword: 'short' })).json()
        .message,
    ).toBe('Password must be between 8 and 64 characters long');
    const wrong = await change({
      oldPassword: 'not my password',
      password: 'new password 1',
      confirmPassword: 'new password 1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Re-authentication failed. Please make sure you entered the correct password.',
      field: 'oldPassword',
    });

    const ok = await change({
      oldPassword: body.password,
      password: 'new password 1',
      confirmPassword: 'new password 1',
    });
    expect(ok.json().message).toBe('Password Updated Successfully');
    expect((await me(cookie))?.email).toBe(body.email);
    expect(await me(other)).toBeNull();
    const anonymous = await change(
      { oldPassword: 'new password 1', password: 'new password 2', confirmPassword: 'new password 2' },
      '',
    );
    expect(anonymous.statusCode).toBe(401);
  });

  it('ten wrong old passwords in 15 minutes, then no more guesses (nothing hashed) until the time is up', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    const change = (oldPassword: string) =>
      post(
        '/api/v1/auth/change-password',
        { oldPassword, password: 'new password 1', confirmPassword: 'new password 1' },
        cookie,
      );
    for (let i = 0; i < 10; i++) expect((await change(`guess ${i} wrong`)).statusCode).toBe(400);
    const hashes = hashQueue.runs;
    const blocked = await change(body.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many wrong passwords. Please wait 15 minutes and try again.');
    expect(hashQueue.runs).toBe(hashes);
    clock.advance(15 * 60_000 + 1000);
    expect((await change(body.password)).statusCode).toBe(200);
  });
});

describe('the outbox', () => {
  it('keeps mail through an SMTP outage and sends it on a later retry', async () => {
    target = smtpMailer('smtp://127.0.0.1:1', 'Test <no-reply@test.example>'); // nothing listens there
    const { body } = await signUpBuyer(t.app);
    await t.app.outbox.drain();
    const [row] = await t.database.query<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from outbox where "to" = $1',
      [body.email],
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toBeTruthy();
    expect(smtp.to(body.email)).toEqual([]);

    target = smtpMailer(smtp.url, 'Test Wholesale <no-reply@test.example>'); // the server is back
    await t.app.outbox.drain();
    expect(smtp.to(body.email)).toEqual([]); // not before its backoff
    clock.advance(OUTBOX_POLICY.backoffMs(1) + 1000);
    expect(await mailTo(body.email)).toHaveLength(1);
    const [sent] = await t.database.query<{ status: string; attempts: number }>(
      'select status, attempts from outbox where "to" = $1',
      [body.email],
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
