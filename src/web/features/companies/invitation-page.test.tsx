import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { InvitationPage } from './invitation-page.tsx';

const PREVIEW = {
  businessName: 'Chain Store 12',
  email: 'ana@shop.example',
  role: 'buyer',
  expiresAt: '2026-11-29T12:00:00.000Z',
};
const joined = makeProfile({
  id: 'ana',
  email: 'ana@shop.example',
  name: 'Ana New',
  company: { id: 'company-1', role: 'buyer', businessName: 'Chain Store 12' },
});
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the invitation page (decision 015, step 3)', () => {
  it('says who invites to what, checks the password as sign-up does, accepts, signs in and goes home', async () => {
    const { sent } = fakeApi({
      'GET invitations/tok-1': ok(PREVIEW),
      'POST invitations/tok-1/accept': ok({
        message: companyMessages.invitationAccepted('Chain Store 12'),
        user: joined,
      }),
      'GET auth/session': ok({ user: joined }),
    });
    renderPage(<InvitationPage />, { user: null, path: '/invitation?token=tok-1', route: '/invitation' });
    expect(await screen.findByRole('heading', { name: 'Join Chain Store 12' })).toBeTruthy();
    expect(screen.getByText('ana@shop.example')).toBeTruthy();
    type('Your name', 'Ana New');
    type('Password', 'long enough');
    type('Confirm password', 'not the same');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText(accountMessages.passwordsDoNotMatch)).toBeTruthy();
    expect(sent('POST invitations/tok-1/accept')).toEqual([]);
    type('Confirm password', 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('Landed on /')).toBeTruthy();
    expect(sent('POST invitations/tok-1/accept').map((c) => c.body)).toEqual([
      { name: 'Ana New', password: 'long enough', confirmPassword: 'long enough' },
    ]);
  });

  it('a used, expired or withdrawn link says so and what to do', async () => {
    fakeApi({ 'GET invitations/tok-2': refused(410, companyMessages.invitationExpired) });
    renderPage(<InvitationPage />, { user: null, path: '/invitation?token=tok-2' });
    expect((await screen.findByRole('alert')).textContent).toBe(companyMessages.invitationExpired);
    expect(screen.queryByRole('button', { name: 'Accept and sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('a link without its token, and an answer at accepting (the email taken since), are said plainly', async () => {
    fakeApi({
      'GET invitations/tok-3': ok(PREVIEW),
      'POST invitations/tok-3/accept': refused(409, companyMessages.emailHasAccount),
    });
    renderPage(<InvitationPage />, { user: makeProfile(), path: '/invitation?token=tok-3' });
    expect(await screen.findByText(/Accepting signs you in as ana@shop.example instead/)).toBeTruthy();
    type('Your name', 'Ana New');
    type('Password', 'long enough');
    type('Confirm password', 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(companyMessages.emailHasAccount));
  });

  it('without a token, the link is not valid', async () => {
    fakeApi({});
    renderPage(<InvitationPage />, { user: null, path: '/invitation' });
    expect((await screen.findByRole('alert')).textContent).toBe(companyMessages.invitationInvalid);
  });
});
