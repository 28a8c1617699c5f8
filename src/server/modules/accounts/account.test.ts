import { describe, expect, it } from 'vitest';
import {
  AddressListSchema,
  ProfileSchema,
  SessionResponseSchema,
} from '#shared/accounts/accounts.schemas.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile } from '#tests/test-app.ts';

const t = testAppForFile();

const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
const address = (overrides: Record<string, unknown> = {}) => ({
  streetAddress: '1200 Commerce Park Dr',
  streetAddress2: 'Suite 4',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  ...overrides,
});
const addresses = async (cookie: string) =>
  AddressListSchema.parse((await send('GET', '/api/v1/account/addresses', cookie)).json()).addresses;

describe('profile completion (/nextpage)', () => {
  it('needs a signed-in buyer', async () => {
    const res = await send('POST', '/api/v1/account/complete', undefined, address());
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ streetAddress: '' }, 'All address fields are required'],
    [{ city: '  ' }, 'All address fields are required'],
    [{ zipCode: undefined }, 'All address fields are required'],
    [{ state: 'Texas' }, 'Choose a US state'],
    [{ zipCode: '7520' }, 'Enter a valid ZIP code (12345 or 12345-6789)'],
  ])('refuses %j with %j', async (overrides, message) => {
    const { cookie } = await signUpBuyer(t.app);
    const res = await send('POST', '/api/v1/account/complete', cookie, address(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await addresses(cookie)).toEqual([]);
  });

  it('stores the default address, completes the profile, and only once', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    const res = await send(
      'POST',
      '/api/v1/account/complete',
      cookie,
      address({ streetAddress2: undefined, state: 'tx' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Welcome to TestCo');
    const user = ProfileSchema.parse(res.json().user);
    expect(user.isCompleted).toBe(true);
    expect(user.defaultAddress).toMatchObject({
      streetAddress: '1200 Commerce Park Dr',
      streetAddress2: '',
      state: 'TX',
      isDefault: true,
    });
    const signIn = await send('POST', '/api/v1/auth/signin', undefined, {
      email: body.email,
      password: body.password,
    });
    expect(signIn.json().next).toBe('/');
    const again = await send('POST', '/api/v1/account/complete', cookie, address());
    expect(again.statusCode).toBe(409);
  });
});

describe('addresses', () => {
  it('adds up to five, the first being the default; the sixth is refused', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const missing = await send('POST', '/api/v1/account/addresses', cookie, address({ city: '' }));
    expect(missing.json().message).toBe('Fill all the fields');
    for (let i = 1; i <= 5; i++) {
      expect(
        (await send('POST', '/api/v1/account/addresses', cookie, address({ streetAddress: `${i} Main St` })))
          .statusCode,
      ).toBe(201);
    }
    const sixth = await send(
      'POST',
      '/api/v1/account/addresses',
      cookie,
      address({ streetAddress: '6 Main St' }),
    );
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe('You cannot add more than 5 addresses.');
    const list = await addresses(cookie);
    expect(list.map((a) => a.streetAddress)).toEqual([
      '1 Main St',
      '2 Main St',
      '3 Main St',
      '4 Main St',
      '5 Main St',
    ]);
    expect(list.filter((a) => a.isDefault).map((a) => a.streetAddress)).toEqual(['1 Main St']);
  });

  it('holds the limit of five under concurrent requests', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        send('POST', '/api/v1/account/addresses', cookie, address({ streetAddress: `${i} Race St` })),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    expect(await addresses(cookie)).toHaveLength(5);
  });

  it('keeps exactly one default: make default, and removing the default promotes another', async () => {
    const { cookie } = await signUpBuyer(t.app);
    for (const s of ['A St', 'B St', 'C St'])
      await send('POST', '/api/v1/account/addresses', cookie, address({ streetAddress: s }));
    const [a, b] = await addresses(cookie);
    const made = await send('POST', `/api/v1/account/addresses/${b!.id}/default`, cookie);
    expect(made.json().message).toBe('Success');
    expect((await addresses(cookie)).filter((x) => x.isDefault).map((x) => x.streetAddress)).toEqual([
      'B St',
    ]);
    expect((await send('DELETE', `/api/v1/account/addresses/${b!.id}`, cookie)).statusCode).toBe(200);
    const after = await addresses(cookie);
    expect(after.map((x) => x.streetAddress)).toEqual(['A St', 'C St']);
    expect(after.filter((x) => x.isDefault).map((x) => x.id)).toEqual([a!.id]);
    const me = SessionResponseSchema.parse((await send('GET', '/api/v1/auth/session', cookie)).json()).user;
    expect(me?.defaultAddress?.id).toBe(a!.id);
  });

  it('another buyer can neither see nor change my addresses', async () => {
    const owner = await signUpBuyer(t.app);
    const other = await signUpBuyer(t.app);
    await send('POST', '/api/v1/account/addresses', owner.cookie, address());
    const [mine] = await addresses(owner.cookie);
    expect(await addresses(other.cookie)).toEqual([]);
    expect((await send('DELETE', `/api/v1/account/addresses/${mine!.id}`, other.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (await send('POST', `/api/v1/account/addresses/${mine!.id}/default`, other.cookie)).statusCode,
    ).toBe(404);
    expect(await addresses(owner.cookie)).toHaveLength(1);
    expect((await send('GET', '/api/v1/account/addresses')).statusCode).toBe(401);
    expect((await send('DELETE', '/api/v1/account/addresses/not-a-uuid', owner.cookie)).statusCode).toBe(400);
  });
});

describe('My Profile edits', () => {
  const edit = (cookie: string, payload: Record<string, unknown>) =>
    send('PATCH', '/api/v1/account/profile', cookie, {
      name: 'Dana B',
      businessName: 'Corner Shop',
      phoneNumber: '+1 555 010 9999',
      ...payload,
    });

  it('updates name, business name and phone, with the spec messages', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const bad = await edit(cookie, { phoneNumber: '555' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid phone number');
    const ok = await edit(cookie, {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Updated Profile Sucessfully');
    expect(ok.json().user).toMatchObject({
      name: 'Dana B',
      businessName: 'Corner Shop',
      phoneNumber: '+15550109999',
    });
    expect(
      (
        await send('PATCH', '/api/v1/account/profile', undefined, {
          name: 'x',
          businessName: 'y',
          phoneNumber: '+15550100000',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('changes an unverified email only with the current password, and never to a taken one', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    const taken = await signUpBuyer(t.app);
    const newEmail = `new-${body.email}`;
    expect((await edit(cookie, { email: newEmail })).json()).toEqual({
      message: 'Enter your current password to change your email address.',
      field: 'currentPassword',
    });
    expect((await edit(cookie, { email: newEmail, currentPassword: 'wrong password' })).json()).toEqual({
      message: 'Re-authentication failed. Please make sure you entered the correct password.',
      field: 'currentPassword',
    });
    expect((await edit(cookie, { email: 'nope', currentPassword: body.password })).json().message).toBe(
      'Invalid email format',
    );
    expect(
      (await edit(cookie, { email: taken.body.email.toUpperCase(), currentPassword: body.password }))
        .statusCode,
    ).toBe(409);
    const same = await edit(cookie, { email: body.email.toUpperCase() });
    expect(same.json().user.email).toBe(body.email); // the same address, any case: no change, no password needed
    const ok = await edit(cookie, { email: newEmail, currentPassword: body.password });
    expect(ok.json().user).toMatchObject({ email: newEmail, emailVerified: false });
  });

  it('locks the email once it is verified', async () => {
    const { body, cookie } = await signUpBuyer(t.app);
    await t.database.query('update users set email_verified_at = now() where email = $1', [body.email]);
    const res = await edit(cookie, { email: `x-${body.email}`, currentPassword: body.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your email address is verified and can no longer be changed here.');
  });
});
