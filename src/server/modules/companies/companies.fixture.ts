import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { hashPassword } from '#server/modules/accounts/password.ts';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { ORIGIN, sessionCookie } from '#tests/accounts.ts';
import type { TestContext } from '#tests/test-app.ts';
import { InvitationMessageSchema } from '#shared/companies/companies.schemas.ts';

let emails = 0;
/** An email no login has. */
export const newEmail = () => `invited-${++emails}-${process.pid}-${Date.now()}@shop.example`;
/** What the accept form sends. */
export const ACCEPT = {
  name: 'Ana New',
  password: 'new member password',
  confirmPassword: 'new member password',
};

/**
 * Companies with their members for the companies tests (decision 015): an owner signed up over
 * HTTP, and members of each role joined by raw rows (invitations.test.ts joins them the real way),
 * each signed in; calls from an address of their own, so no per-address limit gets in the way.
 */
export function companiesFixture(getT: () => TestContext) {
  const orders = ordersFixture(getT);
  const t = () => getT();
  let calls = 0;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: unknown,
  ) => {
    calls++;
    return t().app.inject({
      method,
      url,
      payload: payload as object,
      remoteAddress: `10.41.${(calls >> 8) & 255}.${calls & 255}`,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  };

  const companyIdOf = async (userId: string) =>
    (
      await t().database.query<{ company_id: string }>(
        'select company_id from company_members where user_id = $1',
        [userId],
      )
    )[0]!.company_id;

  /** Signs a login in as sign-in does; its session cookie. */
  async function signIn(email: string, password: string) {
    calls++;
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { origin: ORIGIN },
      remoteAddress: `10.42.${(calls >> 8) & 255}.${calls & 255}`,
      payload: { email, password, rememberMe: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res);
  }

  /** Another login in an existing company, in a role, email verified, signed in (raw rows). */
  async function member(companyId: string, role: 'owner' | 'buyer' | 'viewer', name = `Member ${role}`) {
    const email = `member-${randomUUID()}@shop.example`;
    const password = 'member password 1';
    const [u] = await t().database.query<{ id: string }>(
      `insert into users (email, password_hash, business_name, name, phone, email_verified_at, is_completed)
       values ($1, $2, 'copy', $3, '', now(), true) returning id`,
      [email, await hashPassword(password, { logN: 10, r: 8, p: 1 }), name],
    );
    // The transition trigger gives a lone buyer a company at commit: this one joins the first instead.
    await t().database.query(
      `with moved as (update company_members set company_id = $2, role = $3 where user_id = $1 returning 1)
       delete from companies where id = $1`,
      [u!.id, companyId, role],
    );
    return { id: u!.id, email, password, name, cookie: await signIn(email, password) };
  }

  /** A company: its owner (verified, signed up over HTTP), a buyer and a viewer. */
  async function company(opts: { documents?: boolean } = {}) {
    const owner = await orders.verifiedBuyer(opts);
    const id = await companyIdOf(owner.user.id);
    const buyer = await member(id, 'buyer', 'Bo Buyer');
    const viewer = await member(id, 'viewer', 'Vi Viewer');
    const { email, password } = owner.body;
    return { id, owner: { id: owner.user.id, cookie: owner.cookie, email, password }, buyer, viewer };
  }

  /** The invitation link's token in the newest mail to an address (from the outbox). */
  async function invitationToken(email: string): Promise<string> {
    const [mail] = await t().database.query<{ text: string }>(
      'select text from outbox where "to" = $1 order by id desc limit 1',
      [email],
    );
    const match = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!match) throw new Error(`no invitation link in the mail to ${email}`);
    return match[1]!;
  }

  /** An owner's invitation, sent (201). */
  async function invite(cookie: string, body: Record<string, unknown>) {
    const res = await call('POST', '/api/v1/company/invitations', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return InvitationMessageSchema.parse(res.json()).invitation;
  }
  const preview = (token: string) => t().app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
  /** Accepts a link with a name and password, from a browser of its own (or one signed in as `cookie`). */
  const accept = (token: string, body: unknown = ACCEPT, cookie?: string) => {
    calls++;
    return t().app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      remoteAddress: `10.44.${(calls >> 8) & 255}.${calls & 255}`,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: body as object,
    });
  };

  return { ...orders, call, companyIdOf, signIn, member, company, invitationToken, invite, preview, accept };
}
