import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '#server/modules/mail/mailer.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { ProfileMessageSchema } from '#shared/accounts/accounts.schemas.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { INVITATION_LIFETIME_MS } from '#shared/companies/companies.rules.ts';
import { InvitationListSchema, InvitationPreviewSchema } from '#shared/companies/companies.schemas.ts';
import { PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { sessionCookie } from '#tests/accounts.ts';
import { linkIn, startSmtp } from '#tests/smtp.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { ACCEPT, companiesFixture, newEmail } from './companies.fixture.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const clock = testClock();
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, mailer: smtpMailer(smtp.url, 'Test Wholesale <no-reply@test.example>') });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
const f = companiesFixture(() => t);
const staff = staffHelpers(() => t, clock);

const INVITATIONS = '/api/v1/company/invitations';
const { password } = ACCEPT;
const inviteAs = (cookie: string, body: Record<string, unknown>) => f.invite(cookie, body);
const { accept, preview } = f;

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

describe('invite, accept, order (decision 015, step 3)', () => {
  it('an owner invites by email; the mail carries a single-use link; the new member joins signed in and orders', async () => {
    const c = await f.company();
    const email = newEmail();
    const invitation = await inviteAs(c.owner.cookie, { email, role: 'buyer', orderLimitCents: 50_000 });
    expect(invitation).toMatchObject({ email, role: 'buyer', orderLimitCents: 50_000, status: 'pending' });
    expect(new Date(invitation.expiresAt).getTime() - clock().getTime()).toBe(INVITATION_LIFETIME_MS);
    const [mail] = await mailTo(email);
    const [queued] = await t.database.query<{ subject: string }>(
      'select subject from outbox where "to" = $1',
      [email],
    );
    expect(queued!.subject).toBe(
      'Dana Buyer invites you to order for Corner Smoke Shop LLC — Test Wholesale',
    );
    const token = linkIn(mail!, '/invitation').searchParams.get('token')!;
    // Only the token's SHA-256 is kept; the audit entry holds no secret.
    const [row] = await t.database.query<{ token_hash: string }>(
      'select token_hash from company_invitations where id = $1',
      [invitation.id],
    );
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const [entry] = await t.database.query<{ after: unknown; actor_id: string }>(
      "select after, actor_id from audit_log where action = 'company.member_invited' and entity_id = $1",
      [invitation.id],
    );
    expect(entry).toEqual({ actor_id: c.owner.id, after: { email, role: 'buyer', orderLimitCents: 50_000 } });

    const seen = await preview(token);
    expect(seen.statusCode).toBe(200);
    expect(InvitationPreviewSchema.parse(seen.json())).toMatchObject({
      businessName: 'Corner Smoke Shop LLC',
      email,
      role: 'buyer',
    });
    const res = await accept(token);
    expect(res.statusCode, res.body).toBe(201);
    const joined = ProfileMessageSchema.parse(res.json());
    expect(joined.message).toBe(companyMessages.invitationAccepted('Corner Smoke Shop LLC'));
    expect(joined.user).toMatchObject({
      email,
      name: 'Ana New',
      emailVerified: true,
      businessName: 'Corner Smoke Shop LLC',
      company: { id: c.id, role: 'buyer', businessName: 'Corner Smoke Shop LLC' },
    });
    const cookie = sessionCookie(res);
    const [member] = await t.database.query<{ role: string; order_limit_cents: number }>(
      'select role, order_limit_cents from company_members where user_id = $1',
      [joined.user.id],
    );
    expect(member).toEqual({ role: 'buyer', order_limit_cents: 50_000 });
    // The link worked once; the member is listed, the invitation no longer.
    expect((await accept(token)).json().message).toBe(companyMessages.invitationUsed);
    const open = InvitationListSchema.parse((await f.call('GET', INVITATIONS, c.owner.cookie)).json());
    expect(open.invitations.map((i) => i.id)).not.toContain(invitation.id);
    const [accepted] = await t.database.query<{ actor_id: string }>(
      "select actor_id from audit_log where action = 'company.invitation_accepted' and entity_id = $1",
      [invitation.id],
    );
    expect(accepted!.actor_id).toBe(joined.user.id);
    // Staff read it in the log: the invitation named by its email and company, the member as actor.
    const desk = await staff.staffWithTotp();
    const log = (
      await staff.call('GET', `/api/v1/admin/audit?entity=invitation&entityId=${invitation.id}`, desk.cookie)
    ).json();
    expect(log.entries.map((e: { action: string; actor: { id: string } }) => [e.action, e.actor.id])).toEqual(
      [
        ['company.invitation_accepted', joined.user.id],
        ['company.member_invited', c.owner.id],
      ],
    );
    expect(log.entries[0].record.name).toBe(`${email} to Corner Smoke Shop LLC`);

    // The new member orders; the owner sees the order as the company's.
    const v = await f.variantWith(10);
    await f.add(cookie, v.sku, 2);
    const placed = await f.call('POST', '/api/v1/orders', cookie, f.orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const number = PlaceOrderResponseSchema.parse(placed.json()).order.orderNumber;
    expect((await f.call('GET', `/api/v1/orders/${number}`, c.owner.cookie)).statusCode).toBe(200);
    // And signs in again later with the password they chose.
    expect(await f.signIn(email, password)).toMatch(/^sid=/);
  });

  it('an invited viewer sees the company’s prices and orders, and orders nothing', async () => {
    const c = await f.company();
    const v = await f.variantWith(10, 2000);
    const [g] = await t.database.query<{ id: number }>(
      'insert into customer_groups (name) values ($1) returning id',
      [`Viewers' chain ${Date.now()}`],
    );
    await t.database.query(
      "insert into price_list_entries (group_id, scope, target_id, price_cents) values ($1, 'variant', $2, 1500)",
      [g!.id, v.id],
    );
    await t.database.query('insert into company_groups (company_id, group_id) values ($1, $2)', [
      c.id,
      g!.id,
    ]);
    await t.app.pricing.changed();
    const email = newEmail();
    await inviteAs(c.owner.cookie, { email, role: 'viewer' });
    const res = await accept(await f.invitationToken(email));
    const cookie = sessionCookie(res);
    const where = await t.database.query<{ c: string; b: string; p: string }>(
      `select c.slug as c, b.slug as b, p.slug as p from variants v join products p on p.id = v.product_id
       join brands b on b.id = p.brand_id join categories c on c.id = b.category_id where v.id = $1`,
      [v.id],
    );
    const product = await f.call(
      'GET',
      `/api/v1/catalogue/product?categoryId=${where[0]!.c}&brandId=${where[0]!.b}&subBrandId=${where[0]!.p}`,
      cookie,
    );
    const option = product.json().variants.find((o: { sku: string }) => o.sku === v.sku);
    expect(option.yourPrice).toMatchObject({ unitPriceCents: 1500 });
    expect((await f.call('GET', '/api/v1/orders', cookie)).statusCode).toBe(200);
    const refused = await f.add(cookie, v.sku, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(companyMessages.viewerReadOnly);
  });
});

describe('invitation routes, by who asks', () => {
  it('only owners list, send, resend and withdraw; staff and other roles are refused; another company’s is not found', async () => {
    const c = await f.company();
    const other = await f.company();
    const invitation = await inviteAs(c.owner.cookie, { email: newEmail(), role: 'viewer' });
    clock.advance(61_000);
    const halfway = await (await staff.newStaff()).signIn();
    const full = (await staff.staffWithTotp()).cookie;
    const routes = [
      ['GET', INVITATIONS, undefined],
      ['POST', INVITATIONS, { email: newEmail(), role: 'viewer' }],
      ['POST', `${INVITATIONS}/${invitation.id}/resend`, undefined],
      ['DELETE', `${INVITATIONS}/${invitation.id}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await f.call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const [cookie, message] of [
        [halfway, companyMessages.membersOnly],
        [full, companyMessages.membersOnly],
        [c.buyer.cookie, companyMessages.ownerOnly],
        [c.viewer.cookie, companyMessages.ownerOnly],
      ] as const) {
        const res = await f.call(method, url, cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(message);
      }
    }
    for (const [method, url] of [routes[2], routes[3]]) {
      const res = await f.call(method, url, other.owner.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(companyMessages.invitationNotFound);
      expect(
        (
          await f.call(
            method,
            `${INVITATIONS}/nope${url.endsWith('resend') ? '/resend' : ''}`,
            c.owner.cookie,
          )
        ).statusCode,
      ).toBe(400);
    }
    const mine = InvitationListSchema.parse((await f.call('GET', INVITATIONS, other.owner.cookie)).json());
    expect(mine.invitations).toEqual([]);
    // The owner may do each.
    for (const [method, url, body] of routes)
      expect((await f.call(method, url, c.owner.cookie, body)).statusCode, `${method} ${url}`).toBeLessThan(
        300,
      );
  });

  it('refuses an email that has a login (a removed member’s too), a second open invitation, and bad input', async () => {
    const c = await f.company();
    const stranger = await f.company();
    for (const email of [stranger.owner.email, stranger.buyer.email.toUpperCase(), c.viewer.email]) {
      const res = await f.call('POST', INVITATIONS, c.owner.cookie, { email, role: 'buyer' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: companyMessages.emailHasAccount, field: 'email' });
    }
    await f.call('DELETE', `/api/v1/company/members/${c.buyer.id}`, c.owner.cookie);
    const removed = await f.call('POST', INVITATIONS, c.owner.cookie, {
      email: c.buyer.email,
      role: 'buyer',
    });
    expect(removed.json().message).toBe(companyMessages.emailHasAccount);
    const email = newEmail();
    await inviteAs(c.owner.cookie, { email, role: 'viewer' });
    const twice = await f.call('POST', INVITATIONS, c.owner.cookie, {
      email: ` ${email.toUpperCase()} `,
      role: 'buyer',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(companyMessages.alreadyInvited);
    // Another company may invite the same email; the first to be accepted wins the login.
    await inviteAs(stranger.owner.cookie, { email, role: 'buyer' });
    for (const [body, message, field] of [
      [{ email: 'nope', role: 'buyer' }, accountMessages.invalidEmailFormat, 'email'],
      [{ email: '', role: 'buyer' }, companyMessages.emailRequired, 'email'],
      [{ email: newEmail(), role: 'boss' }, companyMessages.roleRequired, 'role'],
      [
        { email: newEmail(), role: 'viewer', orderLimitCents: 5 },
        companyMessages.limitOnlyForBuyers,
        'orderLimitCents',
      ],
    ] as const) {
      const bad = await f.call('POST', INVITATIONS, c.owner.cookie, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message, field });
    }
  });

  it('at most 20 invitation mails an hour per company, and one resend a minute', async () => {
    const c = await f.company();
    const first = await inviteAs(c.owner.cookie, { email: newEmail(), role: 'viewer' });
    const soon = await f.call('POST', `${INVITATIONS}/${first.id}/resend`, c.owner.cookie);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(companyMessages.sentMomentAgo);
    for (let i = 1; i < 20; i++) await inviteAs(c.owner.cookie, { email: newEmail(), role: 'viewer' });
    const over = await f.call('POST', INVITATIONS, c.owner.cookie, { email: newEmail(), role: 'viewer' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(companyMessages.tooManyInvitations);
    clock.advance(3_600_001);
    expect((await f.call('POST', `${INVITATIONS}/${first.id}/resend`, c.owner.cookie)).statusCode).toBe(200);
  });
});
