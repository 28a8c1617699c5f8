import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { type APIRequestContext, type BrowserContext, type Page, request } from 'playwright-core';
import { BASE_URL } from './browser-session.ts';

/**
 * Staff members for the console journeys, each journey its own: no journey depends on another
 * having run first (or at all). Members are made through the API by the demo staff member, whose
 * authenticator this file sets up once per spec process; a journey that is about a screen (the
 * set-up, choosing a password) does that part in the browser itself.
 */
export interface StaffMember {
  email: string;
  password: string;
  /** The authenticator key (base32), once set up. */
  secret: string | null;
  /** The last time step whose code was used: the server takes each code once. */
  lastStep: number;
}

const headers = { origin: BASE_URL };
const STEP_MS = 30_000;

/**
 * The member's next unused authenticator code. The server accepts the previous, current and next
 * 30-second step, each once and only moving forward, so a member signs in several times within a
 * minute without waiting; only a fourth code in the same window waits for the clock.
 */
export async function nextCode(member: StaffMember): Promise<string> {
  assert.ok(member.secret, `${member.email} has no authenticator yet`);
  for (;;) {
    const now = Date.now();
    // Near a step's edge the server may already be in the next one: wait the edge out.
    if (STEP_MS - (now % STEP_MS) < 2_000) await sleep(2_500);
    const current = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(member.lastStep + 1, current - 1);
    if (step <= current + 1) {
      member.lastStep = step;
      return generateHOTP(decodeBase32IgnorePadding(member.secret), BigInt(step), 6);
    }
    await sleep((current + 1) * STEP_MS - Date.now() + 250);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// biome-ignore lint/suspicious/noExplicitAny: the answers are the API's own, read in a test
async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<any> {
  assert.ok(res.ok(), `${what}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Signs in (and past the second factor when set up) in a new API context. */
export async function signedIn(member: StaffMember): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: headers });
  await ok(
    await api.post('/api/v1/auth/signin', { data: { email: member.email, password: member.password } }),
    `sign-in of ${member.email}`,
  );
  if (member.secret)
    await ok(await api.post('/api/v1/admin/2fa/verify', { data: { code: await nextCode(member) } }), '2fa');
  return api;
}

/** Sets up the member's authenticator through the API (what the set-up screen does). */
async function setUpAuthenticator(api: APIRequestContext, member: StaffMember) {
  const { secret } = await ok(await api.post('/api/v1/admin/2fa/setup'), 'authenticator set-up');
  member.secret = secret;
  await ok(
    await api.post('/api/v1/admin/2fa/confirm', { data: { code: await nextCode(member) } }),
    'confirm',
  );
}

let lead: Promise<APIRequestContext> | null = null;
/**
 * The demo staff member's authenticator, kept in the run's shared state: each spec file runs in
 * its own process against the same store, and the first to need it sets it up.
 */
const LEAD_FILE = path.join(process.env.E2E_STATE ?? os.tmpdir(), 'lead-staff.json');

/** The demo staff member (an admin), signed in with a second factor, for making members. */
export function leadApi(): Promise<APIRequestContext> {
  lead ??= (async () => {
    const demo: StaffMember = existsSync(LEAD_FILE)
      ? JSON.parse(readFileSync(LEAD_FILE, 'utf8'))
      : { email: 'staff@smokestack.example', password: 'demo-staff-2026', secret: null, lastStep: -1 };
    const api = await signedIn(demo);
    if (!demo.secret) await setUpAuthenticator(api, demo);
    writeFileSync(LEAD_FILE, JSON.stringify(demo));
    return api;
  })();
  return lead;
}

/** A new staff member of a role (admin unless said) with only the one-time password the Staff page shows once. */
export async function newStaffMember(
  name = 'E2E Staff',
  role = 'admin',
): Promise<{ id: string; email: string; oneTime: string }> {
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@shop.example`;
  const made = await ok(
    await (await leadApi()).post('/api/v1/admin/staff', { data: { name, email, role } }),
    'new staff member',
  );
  return { id: made.id, email, oneTime: made.password };
}

/** A new member who has chosen their own password; `authenticator` also sets up the app. */
export async function staffMember({
  authenticator,
  role = 'admin',
  name = 'E2E Staff',
}: {
  authenticator: boolean;
  role?: string;
  name?: string;
}): Promise<StaffMember & { id: string }> {
  const { id, email, oneTime } = await newStaffMember(name, role);
  const member = { id, email, password: `${email} own password`, secret: null, lastStep: -1 };
  const api = await signedIn({ ...member, password: oneTime });
  await ok(
    await api.post('/api/v1/auth/change-password', {
      data: { oldPassword: oneTime, password: member.password, confirmPassword: member.password },
    }),
    'own password',
  );
  if (authenticator) await setUpAuthenticator(api, member);
  await api.dispose();
  return member;
}

/** The member signed in with password and authenticator code, on the console's first page (the dashboard). */
export async function staffPage(
  context: BrowserContext,
  member: StaffMember,
  firstPage = 'Dashboard',
): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  await page.getByLabel('Authentication code').fill(await nextCode(member));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: firstPage }).waitFor();
  return page;
}
