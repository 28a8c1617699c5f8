import { describe, expect, it } from 'vitest';
import { SessionResponseSchema, SignInResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import { makeSignUp, ORIGIN, sessionCookie, signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '10.1.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: ORIGIN, ...headers },
    remoteAddress,
  });
const session = async (cookie?: string) =>
  SessionResponseSchema.parse(
    (await t.app.inject({ url: '/api/v1/auth/session', headers: cookie ? { cookie } : {} })).json(),
  ).user;
const userCount = async () =>
  Number((await t.database.query<{ n: string }>('select count(*) as n from users'))[0]!.n);

describe('POST /api/v1/auth/signup', () => {
  it('creates the account, signs the buyer in with a hardened cookie, and never stores the password', async () => {
    const body = makeSignUp();
    const res = await post('/api/v1/auth/signup', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Sign up successful');
    expect(res.json().user).toMatchObject({
      email: body.email,
      isCompleted: false,
      emailVerified: false,
      phoneNumber: '+15550104200',
    });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.expires).toBeUndefined(); // ends with the browser
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const [row] = await t.database.query<{ password_hash: string }>(
      'select password_hash from users where email = $1',
      [body.email],
    );
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain(body.password);
    const [stored] = await t.database.query<{ token_hash: string }>(
      'select token_hash from sessions order by id desc limit 1',
    );
    expect(stored!.token_hash).not.toBe(cookie.value);
    expect((await session(sessionCookie(res)))?.email).toBe(body.email);
  });

  it.each([
    [{ businessName: '' }, 'All fields are required'],
    [{ name: '   ' }, 'All fields are required'],
    [{ phoneNumber: undefined }, 'All fields are required'],
    [{ confirmPassword: 'something else' }, 'Passwords do not match'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ phoneNumber: '555 010 4200' }, 'Invalid phone number format'],
    [{ phoneNumber: '+12' }, 'Invalid phone number format'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be between 8 and 64 characters long'],
    [
      { password: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) },
      'Password must be between 8 and 64 characters long',
    ],
  ])('refuses %j with %j and creates nothing', async (overrides, message) => {
    const before = await userCount();
    const res = await post('/api/v1/auth/signup', makeSignUp(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.cookies).toEqual([]);
    expect(await userCount()).toBe(before);
  });

  it('refuses an email already registered, whatever its case', async () => {
    const { body } = await signUpBuyer(t.app);
    const before = await userCount();
    const res = await post('/api/v1/auth/signup', makeSignUp({ email: `  ${body.email.toUpperCase()} ` }));
    expect(res.statusCode).toBe(409);
    // The answer names the field, so the form shows it under Email.
    expect(res.json()).toEqual({ message: 'Email already in use. Please sign in.', field: 'email' });
    expect(await userCount()).toBe(before);
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const body = makeSignUp();
    const results = await Promise.all([post('/api/v1/auth/signup', body), post('/api/v1/auth/signup', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('POST /api/v1/auth/signin', () => {
  it('welcomes the buyer, sends an incomplete profile to /nextpage and rotates the token', async () => {
    const { body, cookie: signUpCookie } = await signUpBuyer(t.app);
    const res = await post(
      '/api/v1/auth/signin',
      { email: body.email, password: body.password },
      { cookie: signUpCookie },
    );
    expect(res.statusCode).toBe(200);
    const out = SignInResponseSchema.parse(res.json());
    expect(out.message).toBe(`Welcome ${body.email}`);
    expect(out.next).toBe('/nextpage');
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(signUpCookie);
    expect(await session(signUpCookie)).toBeNull(); // the old session is gone
    expect((await session(fresh))?.email).toBe(body.email);
  });

  it('Remember me keeps the session for 30 days; without it the cookie ends with the browser', async () => {
    const { body } = await signUpBuyer(t.app);
    const remembered = await post('/api/v1/auth/signin', {
      email: body.email,
      password: body.password,
      rememberMe: true,
    });
    const expires = remembered.cookies.find((c) => c.name === 'sid')!.expires!;
    expect(Math.round((expires.getTime() - clock().getTime()) / 86_400_000)).toBe(30);
    const plain = await post('/api/v1/auth/signin', { email: body.email, password: body.password });
    expect(plain.cookies.find((c) => c.name === 'sid')!.expires).toBeUndefined();
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const { body } = await signUpBuyer(t.app);
    const wrong = await post(
      '/api/v1/auth/signin',
      { email: body.email, password: 'wrong password!' },
      {},
      '10.2.0.1',
    );
    const unknown = await post(
      '/api/v1/auth/signin',
      { email: `nobody-${body.email}`, password: 'wrong password!' },
      {},
      '10.2.0.2',
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Incorrect email/password.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toEqual(unknown.cookies);
  });

  it('requires both fields', async () => {
    const res = await post('/api/v1/auth/signin', { email: 'a@b.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('All fields are required');
  });

  it('limits failed sign-ins per account, across addresses, even with the right password afterwards', async () => {
    const { body } = await signUpBuyer(t.app);
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await post(
            '/api/v1/auth/signin',
            { email: body.email, password: 'nope nope nope' },
            {},
            `10.3.0.${i}`,
          )
        ).statusCode,
      ).toBe(401);
    }
    const blocked = await post(
      '/api/v1/auth/signin',
      { email: body.email, password: body.password },
      {},
      '10.3.1.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    clock.advance(15 * 60_000 + 1);
    expect(
      (await post('/api/v1/auth/signin', { email: body.email, password: body.password }, {}, '10.3.1.1'))
        .statusCode,
    ).toBe(200);
  });

  it('limits failed sign-ins per address, across accounts', async () => {
    for (let i = 0; i < 10; i++) {
      await post(
        '/api/v1/auth/signin',
        { email: `spray${i}@shop.example`, password: 'nope nope nope' },
        {},
        '10.4.0.1',
      );
    }
    const { body } = await signUpBuyer(t.app);
    expect(
      (await post('/api/v1/auth/signin', { email: body.email, password: body.password }, {}, '10.4.0.1'))
        .statusCode,
    ).toBe(429);
    expect(
      (await post('/api/v1/auth/signin', { email: body.email, password: body.password }, {}, '10.4.0.2'))
        .statusCode,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('sign-out ends the session on the server, not just in the browser', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const res = await post('/api/v1/auth/signout', {}, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await session(cookie)).toBeNull();
  });

  it('a browser session ends after 2 idle hours; a remembered one lasts', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    const remembered = sessionCookie(
      await post('/api/v1/auth/signin', { email: body.email, password: body.password, rememberMe: true }),
    );
    clock.advance(2 * 3_600_000 + 1000);
    expect(await session(cookie)).toBeNull();
    expect((await session(remembered))?.email).toBe(body.email);
    clock.advance(31 * 86_400_000);
    expect(await session(remembered)).toBeNull();
  });

  it('ignores a forged or garbage cookie', async () => {
    expect(await session('sid=forged-token')).toBeNull();
    expect(await session(`sid=${'x'.repeat(5000)}`)).toBeNull();
  });
});

describe('cross-site requests', () => {
  it('refuses a state change from another origin', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const res = await post('/api/v1/auth/signout', {}, { cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This request came from another site and was refused.');
    expect(await session(cookie)).not.toBeNull();
  });

  it('refuses a cookie-carrying state change with no Origin, but allows a same-origin fetch', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signout', headers: { cookie } });
    expect(noOrigin.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.statusCode).toBe(200);
  });
});

describe('no user enumeration by timing', () => {
  it('an unknown email takes as long as a wrong password (both run scrypt)', async () => {
    const cost = { logN: 14, r: 8, p: 1 };
    const { body } = await signUpBuyer(t.app);
    // Give the known account a hash of the same cost as the dummy one.
    const { hashPassword } = await import('./password.ts');
    await t.database.query('update users set password_hash = $1 where email = $2', [
      await hashPassword(body.password, cost),
      body.email,
    ]);
    const { signIn } = await import('./accounts.service.ts');
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      await signIn(
        {
          db: t.database.db,
          now: clock(),
          scryptCost: cost,
          mail: { storeName: 'T', publicUrl: 'http://x', kick: () => {} },
          ip,
        },
        { email, password: 'wrong password!', rememberMe: false },
      ).catch(() => {});
      return performance.now() - started;
    };
    await time('warm-up@shop.example', '10.9.9.9');
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(body.email, `10.9.0.${i}`));
      unknown.push(await time(`ghost${i}-${body.email}`, `10.9.1.${i}`));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(known)).toBeGreaterThan(median(unknown) * 0.5);
  });
});
