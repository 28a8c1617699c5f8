import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { hashPassword } from '#server/modules/accounts/password.ts';
import { ORIGIN, sessionCookie } from '#tests/accounts.ts';
import type { TestContext } from '#tests/test-app.ts';

/**
 * A second login in an existing company, made of raw rows (the invitations of decision 015's step 3
 * make them over HTTP; these tests are about what members do, not how they joined), signed in.
 */
export async function joinCompany(
  t: Pick<TestContext, 'app' | 'database'>,
  companyId: string,
  {
    role = 'buyer',
    limitCents = null,
    name = 'Second Member',
  }: { role?: string; limitCents?: number | null; name?: string } = {},
) {
  const email = `member-${randomUUID()}@shop.example`;
  const password = 'second member password';
  const [u] = await t.database.query<{ id: string }>(
    `insert into users (email, password_hash, business_name, name, phone, email_verified_at, is_completed)
     values ($1, $2, 'ignored', $3, '', now(), true) returning id`,
    [email, await hashPassword(password, { logN: 10, r: 8, p: 1 }), name],
  );
  // The transition trigger gives a lone buyer a company at commit: this one joins the first instead.
  await t.database.query(
    `with moved as (update company_members set company_id = $2, role = $3, order_limit_cents = $4
       where user_id = $1 returning 1)
     delete from companies where id = $1`,
    [u!.id, companyId, role, limitCents],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { origin: ORIGIN },
    remoteAddress: '10.31.0.2',
    payload: { email, password, rememberMe: false },
  });
  expect(res.statusCode).toBe(200);
  return { id: u!.id, email, name, cookie: sessionCookie(res) };
}

/** The company a login is an active member of. */
export async function companyIdOf(t: Pick<TestContext, 'database'>, userId: string): Promise<string> {
  const [row] = await t.database.query<{ company_id: string }>(
    'select company_id from company_members where user_id = $1 and removed_at is null',
    [userId],
  );
  return row!.company_id;
}
