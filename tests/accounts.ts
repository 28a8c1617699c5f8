import type { App } from '../src/server/app.ts';

let counter = 0;
/** A valid sign-up body; every call gets a new email. */
export function makeSignUp(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    businessName: 'Corner Smoke Shop LLC',
    name: 'Dana Buyer',
    phoneNumber: '+1 (555) 010-4200',
    email: `buyer${counter}.${process.pid}.${Date.now()}@shop.example`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    ...overrides,
  };
}

export const ORIGIN = 'http://localhost:80';

/** The session cookie ("sid=…") from a response, for the next request. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'sid');
  if (!c) throw new Error('no session cookie in the response');
  return `sid=${c.value}`;
}

export async function signUpBuyer(app: App, overrides: Record<string, unknown> = {}) {
  const body = makeSignUp(overrides);
  // Each test buyer signs up from its own address, so the per-address sign-up limit stays out of the way.
  const remoteAddress = `10.250.${(counter >> 8) & 255}.${counter & 255}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    remoteAddress,
    payload: body,
    headers: { origin: ORIGIN },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { body, cookie: sessionCookie(res), user: res.json().user as { id: string; email: string } };
}
