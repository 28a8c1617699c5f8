/**
 * No secret reaches the log: run sign-up, a password reset by its mailed link, a staff member's
 * one-time password, and an insert that fails (its statement carries a password hash), with the
 * server's own logger writing to memory; then look for every secret in what was written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '#server/modules/mail/mailer.ts';
import { makeSignUp, ORIGIN, sessionCookie } from '#tests/accounts.ts';
import { linkIn, startSmtp } from '#tests/smtp.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { loggerOptions, redactUrl, serializeError } from './logging.ts';

const lines: string[] = [];
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const clock = testClock();

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    clock,
    mailer: smtpMailer(smtp.url, 'Test <no-reply@test.example>'),
    logger: loggerOptions('debug', { write: (line: string) => void lines.push(line) }),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: `10.55.0.${lines.length % 250}`,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });

async function mailsTo(address: string, count: number) {
  await expect
    .poll(async () => {
      await t.app.outbox.drain();
      return smtp.to(address).length;
    })
    .toBeGreaterThanOrEqual(count);
  return smtp.to(address);
}

describe('logs', () => {
  it('hold no password, hash, token or code', async () => {
    const secrets: string[] = [];
    const body = makeSignUp();
    secrets.push(body.password);
    expect((await post('/api/v1/auth/signup', body)).statusCode).toBe(201);

    // The links in mail, opened as a browser would (the SPA page), then used.
    const verify = linkIn((await mailsTo(body.email, 1))[0]!, '/verify-email');
    const verifyToken = verify.searchParams.get('token')!;
    secrets.push(verifyToken);
    await t.app.inject({ url: `/verify-email?token=${verifyToken}` });
    await t.app.inject({ url: `/api/v1/nothing-here?token=${verifyToken}&code=123456` });
    expect((await post('/api/v1/auth/verify-email', { token: verifyToken })).statusCode).toBe(200);

    await post('/api/v1/auth/lost-password', { email: body.email });
    const reset = (await mailsTo(body.email, 2)).find((m) => m.body.includes('/reset-password?token='))!;
    const resetToken = linkIn(reset, '/reset-password').searchParams.get('token')!;
    secrets.push(resetToken);
    await t.app.inject({ url: `/reset-password?token=${resetToken}` });
    const newPassword = 'the new secret password';
    secrets.push(newPassword);
    const done = await post('/api/v1/auth/reset-password', {
      token: resetToken,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(done.statusCode).toBe(200);

    // A staff member's one-time password, answered once by the console.
    const staff = staffHelpers(() => t, clock);
    const admin = await staff.staffWithTotp();
    secrets.push(admin.secret, ...admin.recoveryCodes);
    const added = await staff.call('POST', '/api/v1/admin/staff', admin.cookie, {
      name: 'New Member',
      email: `member-${Date.now()}@shop.example`,
      role: 'sales',
    });
    expect(added.statusCode).toBe(200);
    secrets.push(added.json().password);

    // An insert that fails: its statement's parameters include the new account's password hash.
    await t.database.query(`create function refuse_users() returns trigger language plpgsql as $$
      begin raise exception 'users refused for this test'; end $$`);
    await t.database.query(
      'create trigger refuse_users before insert on users for each row execute function refuse_users()',
    );
    const failing = makeSignUp({
      password: 'failing insert password',
      confirmPassword: 'failing insert password',
    });
    secrets.push(failing.password);
    const failed = await post('/api/v1/auth/signup', failing);
    expect(failed.statusCode).toBe(500);
    await t.database.query('drop trigger refuse_users on users');
    await t.database.query('drop function refuse_users()');

    const signedIn = await post('/api/v1/auth/signin', { email: body.email, password: newPassword });
    expect(sessionCookie(signedIn)).toMatch(/^sid=/);

    // An invitation's link (its token in the path of the API), opened and accepted with a password.
    const invited = `invited-${Date.now()}@shop.example`;
    const sent = await post(
      '/api/v1/company/invitations',
      { email: invited, role: 'viewer' },
      sessionCookie(signedIn),
    );
    expect(sent.statusCode).toBe(201);
    const invitation = linkIn((await mailsTo(invited, 1))[0]!, '/invitation');
    const invitationToken = invitation.searchParams.get('token')!;
    const memberPassword = 'the invited member password';
    secrets.push(invitationToken, memberPassword);
    await t.app.inject({ url: `/invitation?token=${invitationToken}` });
    expect((await t.app.inject({ url: `/api/v1/invitations/${invitationToken}` })).statusCode).toBe(200);
    const accepted = await post(`/api/v1/invitations/${invitationToken}/accept`, {
      name: 'Invited Member',
      password: memberPassword,
      confirmPassword: memberPassword,
    });
    expect(accepted.statusCode).toBe(201);

    const log = lines.join('');
    // The log did record these requests and the failure, so the checks below look at something.
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/verify-email?token=[redacted]');
    expect(log).toContain('code=[redacted]');
    expect(log).toContain('/api/v1/invitations/[redacted]/accept');
    expect(log).toContain('/invitation?token=[redacted]');
    expect(log).toContain('Failed query: insert into \\"users\\"');
    expect(log).toContain('users refused for this test');
    for (const secret of secrets)
      expect(log, `secret ${secret.slice(0, 4)}… in the log`).not.toContain(secret);
    expect(log).not.toMatch(/scrypt\$\d+\$/);
    expect(log).not.toContain('params:');
  });
});

describe('redaction rules', () => {
  it('redactUrl replaces secret query values and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc&next=%2F')).toBe('/reset-password?token=[redacted]&next=%2F');
    expect(redactUrl('/x?a=1&Password=p&otp_code=9&resetToken=q#frag')).toBe(
      '/x?a=1&Password=[redacted]&otp_code=[redacted]&resetToken=[redacted]#frag',
    );
    // An invitation link's token is its path; a company's invitation ids are not secrets.
    expect(redactUrl('/api/v1/invitations/abc-DEF_1/accept?x=1')).toBe(
      '/api/v1/invitations/[redacted]/accept?x=1',
    );
    expect(redactUrl('/api/v1/company/invitations/5d0c1f7e/resend')).toBe(
      '/api/v1/company/invitations/5d0c1f7e/resend',
    );
    expect(redactUrl('/api/v1/catalogue/listing?categoryId=all&page=2')).toBe(
      '/api/v1/catalogue/listing?categoryId=all&page=2',
    );
  });

  it('serializeError keeps the statement, not its parameters, down the cause chain', () => {
    const cause = Object.assign(new Error('duplicate key value'), {
      code: '23505',
      constraint: 'users_email_unique',
    });
    const failed = Object.assign(
      new Error('Failed query: insert into "users" ("email") values ($1)\nparams: scrypt$17$8$1$c2FsdA$a2V5'),
      {
        query: 'insert into "users" ("email") values ($1)',
        params: ['scrypt$17$8$1$c2FsdA$a2V5'],
        cause,
      },
    );
    const logged = serializeError(new Error('wrapped', { cause: failed }));
    const text = JSON.stringify(logged);
    expect(text).not.toContain('scrypt$');
    expect(text).toContain('Failed query: insert into');
    expect(logged.cause?.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
  });
});
