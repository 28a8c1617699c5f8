import { beforeAll, describe, expect, it } from 'vitest';
import { BuyerDetailSchema } from '#shared/accounts/buyers-staff.schemas.ts';
import { VerificationQueueSchema } from '#shared/accounts/documents-staff.schemas.ts';
import { ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { companyMessages, companyStaffMessages } from '#shared/companies/companies.messages.ts';
import { CompanyDetailSchema, CompanyListSchema } from '#shared/companies/companies-staff.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { companiesFixture, newEmail } from '#server/modules/companies/companies.fixture.ts';
import { pricingFixture } from '#server/modules/pricing/pricing.fixture.ts';
import { ORIGIN } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = companiesFixture(() => t);
const prices = pricingFixture(() => t, clock);
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const API = '/api/v1/admin/companies';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let staff: Awaited<ReturnType<typeof staffWithTotp>>;
beforeAll(async () => {
  staff = await staffWithTotp();
});

const detail = async (id: string) => {
  const res = await call('GET', `${API}/${id}`, staff.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return CompanyDetailSchema.parse(res.json());
};
const list = async (query: string) => {
  const res = await call('GET', `${API}?${query}`, staff.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return CompanyListSchema.parse(res.json());
};
const auditOf = async (entity: string, id: string) =>
  AuditListSchema.parse(
    (await call('GET', `/api/v1/admin/audit?entity=${entity}&entityId=${id}`, staff.cookie)).json(),
  ).entries;
const session = (cookie: string) => t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } });
const cart = (cookie: string) => t.app.inject({ url: '/api/v1/cart', headers: { cookie } });
const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { origin: ORIGIN },
    remoteAddress: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: { email, password, rememberMe: false },
  });
const addLocation = (cookie: string, state = 'NV', n = 1) =>
  f.call('POST', '/api/v1/account/addresses', cookie, {
    streetAddress: `${n} Elm`,
    streetAddress2: '',
    city: 'Reno',
    state,
    zipCode: '89501',
  });

describe('companies in the console', () => {
  it('every route: only staff with their second factor', async () => {
    const c = await f.company();
    const id = c.id;
    await expectStaffOnly(
      [
        ['GET', API],
        ['GET', `${API}/${id}`],
        ['POST', `${API}/${id}/notes`],
        ['POST', `${API}/${id}/members`],
        ['DELETE', `${API}/${id}/members/${c.buyer.id}`],
        ['POST', `${API}/${id}/invitations/${UNKNOWN}/resend`],
        ['POST', `${API}/${id}/disable`],
        ['PUT', `${API}/${id}/group`],
        ['PUT', `${API}/${id}/location-limit`],
      ] as const,
      c.owner.cookie,
    );
    // Nothing changed: the buyer is still a member.
    expect((await detail(id)).members.filter((m) => !m.removedAt)).toHaveLength(3);
  });

  it('searches by business name, member email and state; unknown and malformed ids', async () => {
    const c = await f.company();
    const name = `Searchable Vapor ${Date.now()}`;
    await t.database.query('update companies set business_name = $1 where id = $2', [name, c.id]);
    expect((await addLocation(c.owner.cookie, 'NV')).statusCode).toBe(201);
    const byName = await list(`q=${encodeURIComponent(name.toUpperCase())}`);
    expect(byName.companies.map((x) => x.id)).toEqual([c.id]);
    expect(byName.companies[0]).toMatchObject({
      businessName: name,
      members: 3,
      states: ['NV'],
      disabled: false,
      documents: { pending: 0, verified: 0, reuploadRequested: 0, expired: 0 },
    });
    expect((await list(`q=${encodeURIComponent(c.viewer.email)}`)).companies.map((x) => x.id)).toEqual([
      c.id,
    ]);
    expect((await list(`q=${encodeURIComponent(name)}&state=nv`)).total).toBe(1);
    expect((await list(`q=${encodeURIComponent(name)}&state=TX`)).total).toBe(0);
    expect((await list('q=%25%25%25')).total).toBe(0); // % is a character, not a wildcard
    const paged = await list('pageSize=1&page=2');
    expect(paged.companies).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
    expect((await call('GET', `${API}?state=Texas`, staff.cookie)).statusCode).toBe(400);
    const unknown = await call('GET', `${API}/${UNKNOWN}`, staff.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(companyStaffMessages.companyNotFound);
    expect((await call('GET', `${API}/not-a-uuid`, staff.cookie)).statusCode).toBe(400);
    const writes = [
      ['POST', `${API}/${UNKNOWN}/notes`, { body: 'x' }],
      ['POST', `${API}/${UNKNOWN}/disable`, { disabled: true }],
      ['PUT', `${API}/${UNKNOWN}/location-limit`, { limit: 6 }],
      ['PUT', `${API}/${UNKNOWN}/group`, { groupId: null }],
      ['POST', `${API}/${UNKNOWN}/members`, { email: newEmail(), role: 'viewer' }],
      ['DELETE', `${API}/${UNKNOWN}/members/${c.buyer.id}`, undefined],
      ['POST', `${API}/${UNKNOWN}/invitations/${UNKNOWN}/resend`, undefined],
    ] as const;
    for (const [method, url, body] of writes) {
      const res = await call(method, url, staff.cookie, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(companyStaffMessages.companyNotFound);
    }
  });

  it('the company page: details, members, locations with documents, group, orders; notes audited', async () => {
    const c = await f.company({ documents: true });
    expect((await addLocation(c.owner.cookie, 'NV')).statusCode).toBe(201);
    const v = await f.variantWith(10);
    await f.add(c.buyer.cookie, v.sku, 1);
    const placed = await f.call('POST', '/api/v1/orders', c.buyer.cookie, f.orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const page = await detail(c.id);
    expect(page.orders.map((o) => o.orderNumber)).toEqual([placed.json().order.orderNumber]);
    expect(page.company).toMatchObject({ id: c.id, locationLimit: 5, disabled: false, taxId: null });
    expect(page.members.map((m) => m.role).sort()).toEqual(['buyer', 'owner', 'viewer']);
    expect(page.locations).toHaveLength(1);
    expect(page.locations[0]).toMatchObject({ state: 'NV', documents: [] });
    expect(page.companyDocuments.map((d) => [d.kind, d.status])).toEqual([
      ['sales_id', 'verified'],
      ['tobacco_license', 'verified'],
    ]);
    expect(page.group).toBeNull();
    expect(page.notes).toEqual([]);

    const empty = await call('POST', `${API}/${c.id}/notes`, staff.cookie, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(companyStaffMessages.noteRequired);
    const long = await call('POST', `${API}/${c.id}/notes`, staff.cookie, { body: 'x'.repeat(2001) });
    expect(long.json().message).toBe(companyStaffMessages.noteTooLong);
    const added = await call('POST', `${API}/${c.id}/notes`, staff.cookie, { body: ' Called them. ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Note added.',
      note: { body: 'Called them.', author: 'Sam Staff' },
    });
    expect((await detail(c.id)).notes.map((n) => n.body)).toEqual(['Called them.']);
    const [entry] = await auditOf('company', c.id);
    expect(entry).toMatchObject({ action: 'company.note_added' });
    expect(entry!.record.name).toBe(page.company.businessName);
    expect(entry!.actor.id).toBe(staff.id);
  });

  it('disabling ends every member session at once and refuses sign-in; enabling lets them back', async () => {
    const c = await f.company();
    const disable = (disabled: boolean) => call('POST', `${API}/${c.id}/disable`, staff.cookie, { disabled });
    const off = await disable(true);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(companyStaffMessages.disabled);
    for (const m of [c.owner, c.buyer, c.viewer]) expect((await cart(m.cookie)).statusCode).toBe(401);
    const [{ n }] = (await t.database.query<{ n: number }>(
      'select count(*)::int as n from sessions where user_id = any($1::uuid[])',
      [[c.owner.id, c.buyer.id, c.viewer.id]],
    )) as [{ n: number }];
    expect(n).toBe(0);
    expect((await signIn(c.buyer.email, c.buyer.password)).statusCode).toBe(401);
    expect((await disable(true)).json().message).toBe(companyStaffMessages.alreadyDisabled);
    expect((await list(`q=${encodeURIComponent(c.owner.email)}`)).companies[0]!.disabled).toBe(true);
    expect((await disable(false)).json().message).toBe(companyStaffMessages.enabled);
    const back = await signIn(c.buyer.email, c.buyer.password);
    expect(back.statusCode).toBe(200);
    expect((await auditOf('company', c.id)).map((e) => e.action)).toEqual([
      'company.enabled',
      'company.disabled',
    ]);
    expect((await call('POST', `${API}/${c.id}/disable`, staff.cookie, { disabled: 'yes' })).statusCode).toBe(
      400,
    );
  });

  it('location limit: raising it lets the owner add a sixth address; never below how many it has', async () => {
    const c = await f.company();
    for (let n = 1; n <= 5; n++) expect((await addLocation(c.owner.cookie, 'NV', n)).statusCode).toBe(201);
    expect((await addLocation(c.owner.cookie, 'NV', 6)).statusCode).toBe(400);
    const limit = (value: unknown) =>
      call('PUT', `${API}/${c.id}/location-limit`, staff.cookie, { limit: value });
    const raised = await limit(6);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ locationLimit: 6 });
    expect((await addLocation(c.owner.cookie, 'NV', 6)).statusCode).toBe(201);
    const below = await limit(5);
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      message: companyStaffMessages.limitBelowLocations(6),
      field: 'limit',
    });
    for (const bad of [0, 51, 2.5, '7', null]) {
      const res = await limit(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(companyStaffMessages.limitInvalid);
    }
    expect((await detail(c.id)).company.locationLimit).toBe(6);
    const [entry] = await auditOf('company', c.id);
    expect(entry).toMatchObject({
      action: 'company.location_limit',
      before: { locationLimit: 5 },
      after: { locationLimit: 6 },
    });
  });

  it("a group change reaches every member's prices", async () => {
    const c = await f.company();
    const v = await prices.variantWith(100, 2000);
    const where = await prices.whereIs(v.id);
    const g = await prices.group();
    await prices.entry(g, { scope: 'variant', target: v.sku, priceCents: 1500 });
    const priceFor = async (cookie: string) => {
      const res = await t.app.inject({
        url: `/api/v1/catalogue/product?${where.query}`,
        headers: { cookie },
      });
      return ProductDetailSchema.parse(res.json()).variants.find((o) => o.sku === v.sku)?.yourPrice
        ?.unitPriceCents;
    };
    expect(await priceFor(c.viewer.cookie)).toBeUndefined();
    const set = await call('PUT', `${API}/${c.id}/group`, staff.cookie, { groupId: g });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().group).toMatchObject({ id: g });
    for (const m of [c.owner, c.buyer, c.viewer]) expect(await priceFor(m.cookie)).toBe(1500);
    expect((await detail(c.id)).group).toMatchObject({ id: g });
    const unknownGroup = await call('PUT', `${API}/${c.id}/group`, staff.cookie, { groupId: 999_999 });
    expect(unknownGroup.statusCode).toBe(400);
    expect((await call('PUT', `${API}/${c.id}/group`, staff.cookie, { groupId: 'a' })).statusCode).toBe(400);
    expect((await call('PUT', `${API}/${c.id}/group`, staff.cookie, { groupId: null })).statusCode).toBe(200);
    expect(await priceFor(c.buyer.cookie)).toBeUndefined();
    expect((await auditOf('company', c.id)).map((e) => e.action)).toEqual(['company.group', 'company.group']);
  });

  it('invites a member, sends the invitation again, removes a member (never the last owner), audited', async () => {
    const c = await f.company();
    const email = newEmail();
    const invited = await call('POST', `${API}/${c.id}/members`, staff.cookie, {
      email,
      role: 'buyer',
      orderLimitCents: 50_000,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json().invitation as { id: string; invitedBy: string };
    expect(invitation.invitedBy).toBe('Sam Staff');
    const first = await f.invitationToken(email);
    expect(
      (await call('POST', `${API}/${c.id}/members`, staff.cookie, { email, role: 'buyer' })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', `${API}/${c.id}/members`, staff.cookie, { email: 'nope', role: 'buyer' }))
        .statusCode,
    ).toBe(400);

    clock.advance(61_000);
    const resend = `${API}/${c.id}/invitations/${invitation.id}/resend`;
    const again = await call('POST', resend, staff.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(await f.invitationToken(email)).not.toBe(first);
    const other = await f.company();
    expect(
      (await call('POST', `${API}/${other.id}/invitations/${invitation.id}/resend`, staff.cookie)).statusCode,
    ).toBe(404);
    expect((await detail(c.id)).invitations).toMatchObject([{ email, status: 'pending', role: 'buyer' }]);

    const remove = (userId: string) => call('DELETE', `${API}/${c.id}/members/${userId}`, staff.cookie);
    const removed = await remove(c.buyer.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toContain('Bo Buyer was removed from');
    expect((await cart(c.buyer.cookie)).statusCode).toBe(401);
    expect((await remove(c.buyer.id)).statusCode).toBe(404);
    expect((await remove(other.buyer.id)).statusCode).toBe(404);
    const lastOwner = await remove(c.owner.id);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().message).toBe(companyStaffMessages.lastOwner);
    expect((await session(c.owner.cookie)).statusCode).toBe(200);
    const page = await detail(c.id);
    expect(page.members.find((m) => m.userId === c.buyer.id)?.removedAt).not.toBeNull();

    const companyEntries = await auditOf('company', c.id);
    expect(companyEntries.map((e) => e.action)).toEqual(['company.member_removed']);
    expect(companyEntries[0]!.actor).toMatchObject({ id: staff.id });
    const invitationEntries = await auditOf('invitation', invitation.id);
    expect(invitationEntries.map((e) => e.action)).toEqual([
      'company.invitation_resent',
      'company.member_invited',
    ]);
    expect(invitationEntries[0]!.record.name).toContain(email);
    expect(companyMessages.lastOwner).not.toBe(companyStaffMessages.lastOwner);
  });

  it('the verification queue and the buyer page lead to the company', async () => {
    const c = await f.company();
    await t.database.query(
      `insert into documents (company_id, kind, storage_key, original_name, content_type, size, md5, status, uploaded_by)
       values ($1, 'sales_id', $2, 'x.pdf', 'application/pdf', 1, 'x', 'pending', $3)`,
      [c.id, `documents/${c.id}/queue-${Date.now()}`, c.owner.id],
    );
    const queue = VerificationQueueSchema.parse(
      (await call('GET', '/api/v1/admin/verifications', staff.cookie)).json(),
    );
    expect(queue.documents.find((d) => d.companyId === c.id)).toBeDefined();
    const buyer = BuyerDetailSchema.parse(
      (await call('GET', `/api/v1/admin/buyers/${c.viewer.id}`, staff.cookie)).json(),
    );
    expect(buyer.companyId).toBe(c.id);
    expect((await list(`q=${encodeURIComponent(c.owner.email)}`)).companies[0]!.documents.pending).toBe(1);
  });
});
