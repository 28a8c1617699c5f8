import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { INVITATION_LIFETIME_MS } from '#shared/companies/companies.rules.ts';
import { InvitationListSchema } from '#shared/companies/companies.schemas.ts';
import { ORIGIN } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ACCEPT, companiesFixture, newEmail } from './companies.fixture.ts';

/** Invitation links (decision 015, step 3): expiry, single use, withdrawal, races (mail: invitations.test.ts). */
const clock = testClock();
const t = testAppForFile({ clock });
const f = companiesFixture(() => t);
const INVITATIONS = '/api/v1/company/invitations';
const acceptBody = ACCEPT;
const inviteAs = (cookie: string, body: Record<string, unknown>) => f.invite(cookie, body);
const { accept, preview } = f;

describe('the link', () => {
  it('expired, used and withdrawn links say so (410); a resend is a new link for 7 more days, the old one dead', async () => {
    const c = await f.company();
    const email = newEmail();
    const invitation = await inviteAs(c.owner.cookie, { email, role: 'viewer' });
    const first = await f.invitationToken(email);
    clock.advance(INVITATION_LIFETIME_MS);
    for (const res of [await preview(first), await accept(first)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(companyMessages.invitationExpired);
    }
    // A week later the owner signs in again.
    const owner = await f.signIn(c.owner.email, c.owner.password);
    const listed = InvitationListSchema.parse((await f.call('GET', INVITATIONS, owner)).json());
    expect(listed.invitations.find((i) => i.id === invitation.id)?.status).toBe('expired');
    const resent = await f.call('POST', `${INVITATIONS}/${invitation.id}/resend`, owner);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      message: companyMessages.invitationResent(email),
      invitation: {
        status: 'pending',
        expiresAt: new Date(clock().getTime() + INVITATION_LIFETIME_MS).toISOString(),
      },
    });
    const second = await f.invitationToken(email);
    expect(second).not.toBe(first);
    expect((await preview(first)).statusCode).toBe(404);
    expect((await preview(second)).statusCode).toBe(200);
    // Withdrawn: the link is dead, and the invitation can be neither sent again nor withdrawn twice.
    const withdrawn = await f.call('DELETE', `${INVITATIONS}/${invitation.id}`, owner);
    expect(withdrawn.json().message).toBe(companyMessages.invitationWithdrawn);
    for (const res of [await preview(second), await accept(second)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(companyMessages.invitationWithdrawnLink);
    }
    clock.advance(61_000);
    expect((await f.call('POST', `${INVITATIONS}/${invitation.id}/resend`, owner)).json().message).toBe(
      companyMessages.alreadyWithdrawn,
    );
    expect((await f.call('DELETE', `${INVITATIONS}/${invitation.id}`, owner)).statusCode).toBe(409);
    // A new invitation to the same email may go now; accepted, its link is used and it cannot be withdrawn.
    const again = await inviteAs(owner, { email, role: 'viewer' });
    const token = await f.invitationToken(email);
    expect((await accept(token)).statusCode).toBe(201);
    for (const res of [await preview(token), await accept(token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(companyMessages.invitationUsed);
    }
    expect((await f.call('DELETE', `${INVITATIONS}/${again.id}`, owner)).json().message).toBe(
      companyMessages.alreadyAccepted,
    );
    const audited = await t.database.query<{ action: string }>(
      'select action from audit_log where entity_id = $1 order by id',
      [invitation.id],
    );
    expect(audited.map((a) => a.action)).toEqual([
      'company.member_invited',
      'company.invitation_resent',
      'company.invitation_withdrawn',
    ]);
  });

  it('two accepts at once: one login joins, the other is told the link was used', async () => {
    const c = await f.company();
    const email = newEmail();
    await inviteAs(c.owner.cookie, { email, role: 'buyer' });
    const token = await f.invitationToken(email);
    const both = await Promise.all([accept(token), accept(token, { ...acceptBody, name: 'Other Tab' })]);
    const codes = both.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    // The loser finds the link used, or (read before the winner committed) the email taken.
    expect([409, 410]).toContain(codes[1]);
    const logins = await t.database.query<{ n: number }>(
      'select count(*)::int as n from users where lower(email) = lower($1)',
      [email],
    );
    expect(logins[0]!.n).toBe(1);
    const members = await t.database.query<{ n: number }>(
      'select count(*)::int as n from company_members m join users u on u.id = m.user_id where lower(u.email) = lower($1)',
      [email],
    );
    expect(members[0]!.n).toBe(1);
  });

  it('accepting: the spec’s password messages; an email taken since; unknown links counted per address', async () => {
    const c = await f.company();
    const email = newEmail();
    await inviteAs(c.owner.cookie, { email, role: 'viewer' });
    const token = await f.invitationToken(email);
    for (const [body, message, field] of [
      [{ ...acceptBody, name: '' }, accountMessages.allFieldsRequired, 'name'],
      [
        { ...acceptBody, confirmPassword: 'something else' },
        accountMessages.passwordsDoNotMatch,
        'confirmPassword',
      ],
      [
        { name: 'Ana', password: 'short', confirmPassword: 'short' },
        accountMessages.passwordLength,
        'password',
      ],
    ] as const) {
      const res = await accept(token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, field });
    }
    // The email signed up meanwhile: a clear refusal, no second login, the invitation still open.
    await t.database.query(
      `insert into users (email, password_hash, business_name, name, phone) values ($1, 'x', 'Elsewhere', 'Ana', '+15550000000')`,
      [email.toUpperCase()],
    );
    const taken = await accept(token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(companyMessages.emailHasAccount);
    // Signed in as someone else, the browser's session is replaced by the new member's.
    const other = newEmail();
    await inviteAs(c.owner.cookie, { email: other, role: 'viewer' });
    const res = await accept(await f.invitationToken(other), acceptBody, c.buyer.cookie);
    expect(res.statusCode).toBe(201);
    expect((await f.call('GET', '/api/v1/orders', c.buyer.cookie)).statusCode).toBe(401);
    // Unknown links: 404, and after 10 from one address that address waits.
    const from = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/invitations/not-a-real-token-${n}/accept`,
        remoteAddress: '10.45.0.1',
        headers: { origin: ORIGIN },
        payload: acceptBody,
      });
    for (let n = 0; n < 10; n++)
      expect((await from(n)).json().message).toBe(companyMessages.invitationInvalid);
    const blocked = await from(10);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(companyMessages.tooManyInvitationAttempts);
  });
});
