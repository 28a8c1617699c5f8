import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { CompanySchema, CompanyMemberListSchema } from '#shared/companies/companies.schemas.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { companiesFixture } from './companies.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = companiesFixture(() => t);
const staff = staffHelpers(() => t, clock);

type Method = 'GET' | 'PATCH' | 'DELETE';
const details = { businessName: 'Corner Smoke Shop LLC', phoneNumber: '+1 555 010 4200' };

const auditOf = (action: string, actor: string) =>
  t.database.query<{ entity: string; entity_id: string; before: unknown; after: unknown }>(
    'select entity, entity_id, before, after from audit_log where action = $1 and actor_id = $2 order by id',
    [action, actor],
  );
const roleOf = async (userId: string) =>
  (
    await t.database.query<{ role: string; order_limit_cents: number | null }>(
      'select role, order_limit_cents from company_members where user_id = $1',
      [userId],
    )
  )[0];

describe('company routes, by who asks (decision 015, step 3)', () => {
  it('every member reads the company and its members; only owners change them; staff and strangers are refused', async () => {
    const c = await f.company();
    const other = await f.company();
    const halfway = await (await staff.newStaff()).signIn();
    const full = (await staff.staffWithTotp()).cookie;
    const routes: [Method, string, unknown, 'member' | 'owner'][] = [
      ['GET', '/api/v1/company', undefined, 'member'],
      ['GET', '/api/v1/company/members', undefined, 'member'],
      ['PATCH', '/api/v1/company', details, 'owner'],
      ['PATCH', `/api/v1/company/members/${c.viewer.id}`, { role: 'viewer' }, 'owner'],
    ];
    for (const [method, url, body, who] of routes) {
      const status = async (cookie?: string) => (await f.call(method, url, cookie, body)).statusCode;
      expect(await status(), `${method} ${url} anonymous`).toBe(401);
      for (const cookie of [halfway, full]) {
        const res = await f.call(method, url, cookie, body);
        expect(res.statusCode, `${method} ${url} staff`).toBe(403);
        expect(res.json().message).toBe(companyMessages.membersOnly);
      }
      expect(await status(c.owner.cookie), `${method} ${url} owner`).toBe(200);
      for (const m of [c.buyer, c.viewer]) {
        const res = await f.call(method, url, m.cookie, body);
        expect(res.statusCode, `${method} ${url} ${m.name}`).toBe(who === 'member' ? 200 : 403);
        if (who === 'owner') expect(res.json().message).toBe(companyMessages.ownerOnly);
      }
    }
    // Each member sees their own role; another company's owner sees their own company.
    for (const [m, role] of [
      [c.owner, 'owner'],
      [c.buyer, 'buyer'],
      [c.viewer, 'viewer'],
    ] as const) {
      const company = CompanySchema.parse((await f.call('GET', '/api/v1/company', m.cookie)).json());
      expect(company).toMatchObject({ id: c.id, role });
    }
    expect((await f.call('GET', '/api/v1/company', other.owner.cookie)).json().id).toBe(other.id);
    // Another company's member is not found, as an unknown one is; a malformed id is a clear 400.
    for (const [method, body] of [
      ['PATCH', { role: 'buyer' }],
      ['DELETE', undefined],
    ] as const) {
      for (const id of [c.buyer.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await f.call(method, `/api/v1/company/members/${id}`, other.owner.cookie, body);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(companyMessages.memberNotFound);
      }
      const bad = await f.call(method, '/api/v1/company/members/nope', c.owner.cookie, body);
      expect(bad.json()).toMatchObject({ message: companyMessages.memberNotFound });
      expect(bad.statusCode).toBe(400);
    }
    for (const cookie of [c.buyer.cookie, c.viewer.cookie, halfway]) {
      const res = await f.call('DELETE', `/api/v1/company/members/${c.buyer.id}`, cookie);
      expect(res.statusCode).toBe(403);
    }
    expect((await f.call('DELETE', `/api/v1/company/members/${c.buyer.id}`)).statusCode).toBe(401);
    expect(
      (await f.call('DELETE', `/api/v1/company/members/${c.viewer.id}`, c.owner.cookie)).statusCode,
    ).toBe(200);
  });

  it('lists the active members with roles and limits, the caller marked', async () => {
    const c = await f.company();
    await f.call('PATCH', `/api/v1/company/members/${c.buyer.id}`, c.owner.cookie, {
      role: 'buyer',
      orderLimitCents: 50_000,
    });
    const list = CompanyMemberListSchema.parse(
      (await f.call('GET', '/api/v1/company/members', c.viewer.cookie)).json(),
    );
    expect(list.members.map((m) => [m.userId, m.role, m.orderLimitCents, m.isYou])).toEqual([
      [c.owner.id, 'owner', null, false],
      [c.buyer.id, 'buyer', 50_000, false],
      [c.viewer.id, 'viewer', null, true],
    ]);
  });
});

describe("the company's details", () => {
  it('an owner changes the name, phone and tax id; every member sees them at once; audited', async () => {
    const c = await f.company();
    const heard: string[] = [];
    const stops = [c.buyer, c.viewer].map((m) => t.app.events.subscribe(m.id, (type) => heard.push(type)));
    const res = await f.call('PATCH', '/api/v1/company', c.owner.cookie, {
      ...details,
      taxId: ' 12-3456789 ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: companyMessages.companyUpdated,
      company: { businessName: 'Corner Smoke Shop LLC', phoneNumber: '+15550104200', taxId: '12-3456789' },
    });
    await expect.poll(() => heard.length).toBe(2);
    for (const stop of stops) stop();
    const profile = (await f.call('GET', '/api/v1/auth/session', c.viewer.cookie)).json().user;
    expect(profile).toMatchObject({
      businessName: 'Corner Smoke Shop LLC',
      company: { id: c.id, role: 'viewer', businessName: 'Corner Smoke Shop LLC' },
    });
    // The tax id left out stays; empty clears it.
    await f.call('PATCH', '/api/v1/company', c.owner.cookie, details);
    expect((await f.call('GET', '/api/v1/company', c.buyer.cookie)).json().taxId).toBe('12-3456789');
    await f.call('PATCH', '/api/v1/company', c.owner.cookie, { ...details, taxId: '' });
    expect((await f.call('GET', '/api/v1/company', c.buyer.cookie)).json().taxId).toBeNull();
    const [entry] = await auditOf('company.updated', c.owner.id);
    expect(entry).toMatchObject({ entity: 'company', entity_id: c.id, after: { taxId: '12-3456789' } });
    // Bad input is a clear 400 naming the field, and changes nothing.
    for (const [body, message, field] of [
      [{ ...details, taxId: 'x'.repeat(41) }, companyMessages.taxIdTooLong, 'taxId'],
      [{ ...details, phoneNumber: '555' }, accountMessages.invalidPhoneEdit, 'phoneNumber'],
      [{ ...details, businessName: ' ' }, accountMessages.allFieldsRequired, 'businessName'],
    ] as const) {
      const bad = await f.call('PATCH', '/api/v1/company', c.owner.cookie, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message, field });
    }
  });

  it("My Profile: only an owner changes the business; anyone changes their own name; every member's pages hear", async () => {
    const c = await f.company();
    const profile = { name: 'Bo Renamed', ...details };
    const refused = await f.call('PATCH', '/api/v1/account/profile', c.buyer.cookie, {
      ...profile,
      businessName: 'Hijacked LLC',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: companyMessages.ownerOnlyBusiness,
      field: 'businessName',
    });
    const phone = await f.call('PATCH', '/api/v1/account/profile', c.viewer.cookie, {
      ...profile,
      phoneNumber: '+1 555 999 0000',
    });
    expect(phone.statusCode).toBe(403);
    // The business as it is, sent back unchanged with a new name: fine.
    await f.call('PATCH', '/api/v1/company', c.owner.cookie, details);
    const own = await f.call('PATCH', '/api/v1/account/profile', c.viewer.cookie, profile);
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ name: 'Bo Renamed', businessName: 'Corner Smoke Shop LLC' });
    const heard: string[] = [];
    const stop = t.app.events.subscribe(c.viewer.id, (type) => heard.push(type));
    const byOwner = await f.call('PATCH', '/api/v1/account/profile', c.owner.cookie, {
      ...profile,
      businessName: 'Owner Renamed LLC',
    });
    expect(byOwner.statusCode).toBe(200);
    await expect.poll(() => heard).toContain('profile');
    stop();
    expect((await f.call('GET', '/api/v1/company', c.viewer.cookie)).json().businessName).toBe(
      'Owner Renamed LLC',
    );
  });
});

describe('roles and order limits', () => {
  it('an owner sets roles and a buyer’s limit; a limit is only a buyer’s; audited with the owner as actor', async () => {
    const c = await f.company();
    const heard: string[] = [];
    const stop = t.app.events.subscribe(c.viewer.id, (type) => heard.push(type));
    const res = await f.call('PATCH', `/api/v1/company/members/${c.viewer.id}`, c.owner.cookie, {
      role: 'buyer',
      orderLimitCents: 25_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: companyMessages.memberUpdated,
      member: { userId: c.viewer.id, role: 'buyer', orderLimitCents: 25_000 },
    });
    await expect.poll(() => heard).toContain('profile');
    stop();
    expect((await f.call('GET', '/api/v1/auth/session', c.viewer.cookie)).json().user.company.role).toBe(
      'buyer',
    );
    // Left out, the limit is none; a limit for another role, a negative or fractional one: 400.
    await f.call('PATCH', `/api/v1/company/members/${c.viewer.id}`, c.owner.cookie, { role: 'buyer' });
    expect(await roleOf(c.viewer.id)).toEqual({ role: 'buyer', order_limit_cents: null });
    for (const [body, message] of [
      [{ role: 'viewer', orderLimitCents: 100 }, companyMessages.limitOnlyForBuyers],
      [{ role: 'buyer', orderLimitCents: -1 }, companyMessages.limitInvalid],
      [{ role: 'buyer', orderLimitCents: 1.5 }, companyMessages.limitInvalid],
      [{ role: 'boss' }, companyMessages.roleRequired],
    ] as const) {
      const bad = await f.call('PATCH', `/api/v1/company/members/${c.viewer.id}`, c.owner.cookie, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    const entries = await auditOf('company.member_role_changed', c.owner.id);
    expect(entries[0]).toMatchObject({
      entity: 'company',
      entity_id: c.id,
      before: { userId: c.viewer.id, role: 'viewer', orderLimitCents: null },
      after: { userId: c.viewer.id, role: 'buyer', orderLimitCents: 25_000 },
    });
    // The log names the company and says what changed.
    const desk = await staff.staffWithTotp();
    const log = (
      await staff.call(
        'GET',
        `/api/v1/admin/audit?action=company.member_role_changed&entityId=${c.id}`,
        desk.cookie,
      )
    ).json();
    expect(log.entries[0].record.name).toBe('Corner Smoke Shop LLC');
    expect(log.entries[0].actor.id).toBe(c.owner.id);
  });

  it('the last owner is never demoted nor removed; with two, one may go', async () => {
    const c = await f.company();
    const demote = await f.call('PATCH', `/api/v1/company/members/${c.owner.id}`, c.owner.cookie, {
      role: 'buyer',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(companyMessages.lastOwner);
    const self = await f.call('DELETE', `/api/v1/company/members/${c.owner.id}`, c.owner.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(companyMessages.cannotRemoveYourself);
    expect(await roleOf(c.owner.id)).toEqual({ role: 'owner', order_limit_cents: null });
    // A second owner: either may now step the other down, not both.
    await f.call('PATCH', `/api/v1/company/members/${c.buyer.id}`, c.owner.cookie, { role: 'owner' });
    const both = await Promise.all([
      f.call('PATCH', `/api/v1/company/members/${c.buyer.id}`, c.owner.cookie, { role: 'viewer' }),
      f.call('PATCH', `/api/v1/company/members/${c.owner.id}`, c.buyer.cookie, { role: 'viewer' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.database.query<{ n: number }>(
      "select count(*)::int as n from company_members where company_id = $1 and role = 'owner' and removed_at is null",
      [c.id],
    );
    expect(owners[0]!.n).toBe(1);
  });

  it('the database keeps an owner when code does not (company_keeps_an_owner, checked at commit)', async () => {
    const c = await f.company();
    const refused = (sql: string, params: unknown[]) =>
      expect(t.database.query(sql, params)).rejects.toMatchObject({
        message: expect.stringContaining('would have no owner'),
      });
    await refused("update company_members set role = 'buyer' where user_id = $1", [c.owner.id]);
    await refused('update company_members set removed_at = now() where user_id = $1', [c.owner.id]);
    await refused('delete from company_members where user_id = $1', [c.owner.id]);
    // Two owners stepped down together: the check runs at commit, after both.
    await t.database.query("update company_members set role = 'owner' where user_id = $1", [c.buyer.id]);
    await refused("update company_members set role = 'viewer' where company_id = $1", [c.id]);
    // One of two may go; another member's change is never checked.
    await t.database.query("update company_members set role = 'viewer' where user_id = $1", [c.buyer.id]);
    await t.database.query("update company_members set role = 'buyer' where user_id = $1", [c.viewer.id]);
    expect(await roleOf(c.owner.id)).toEqual({ role: 'owner', order_limit_cents: null });
  });
});

describe('removing a member', () => {
  it('ends their sessions at once, refuses their sign-in, keeps their row; audited', async () => {
    const c = await f.company();
    const second = await f.signIn(c.buyer.email, c.buyer.password);
    expect((await f.call('GET', '/api/v1/orders', c.buyer.cookie)).statusCode).toBe(200);
    const res = await f.call('DELETE', `/api/v1/company/members/${c.buyer.id}`, c.owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(companyMessages.memberRemoved('Bo Buyer'));
    for (const cookie of [c.buyer.cookie, second])
      expect((await f.call('GET', '/api/v1/orders', cookie)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      remoteAddress: '10.43.0.1',
      headers: { origin: 'http://localhost:80' },
      payload: { email: c.buyer.email, password: c.buyer.password, rememberMe: false },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(accountMessages.incorrectCredentials);
    const [row] = await t.database.query<{ removed_at: Date | null; sessions: number }>(
      `select m.removed_at, (select count(*)::int from sessions s where s.user_id = m.user_id) as sessions
       from company_members m where m.user_id = $1`,
      [c.buyer.id],
    );
    expect(row!.removed_at).not.toBeNull();
    expect(row!.sessions).toBe(0);
    const list = CompanyMemberListSchema.parse(
      (await f.call('GET', '/api/v1/company/members', c.owner.cookie)).json(),
    );
    expect(list.members.map((m) => m.userId)).toEqual([c.owner.id, c.viewer.id]);
    const [entry] = await auditOf('company.member_removed', c.owner.id);
    expect(entry).toMatchObject({ entity_id: c.id, before: { userId: c.buyer.id, role: 'buyer' } });
    // Gone is gone: removing again is not found.
    expect((await f.call('DELETE', `/api/v1/company/members/${c.buyer.id}`, c.owner.cookie)).statusCode).toBe(
      404,
    );
  });
});
