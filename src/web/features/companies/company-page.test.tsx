import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import type { Company, CompanyMember, Invitation } from '#shared/companies/companies.schemas.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { CompanyPage } from './company-page.tsx';

const company = (role: Company['role']): Company => ({
  id: 'company-1',
  businessName: 'Chain Store 12',
  phoneNumber: '+15550104040',
  taxId: null,
  role,
});
const member = (over: Partial<CompanyMember>): CompanyMember => ({
  userId: 'u-1',
  name: 'Robin Buyer',
  email: 'robin@shop.example',
  role: 'owner',
  orderLimitCents: null,
  joinedAt: '2026-11-01T12:00:00.000Z',
  isYou: false,
  ...over,
});
const MEMBERS = [
  member({ isYou: true }),
  member({
    userId: 'u-2',
    name: 'Bo Buyer',
    email: 'bo@shop.example',
    role: 'buyer',
    orderLimitCents: 50_000,
  }),
  member({ userId: 'u-3', name: 'Vi Viewer', email: 'vi@shop.example', role: 'viewer' }),
];
const INVITATION: Invitation = {
  id: 'inv-1',
  email: 'ana@shop.example',
  role: 'viewer',
  orderLimitCents: null,
  invitedBy: 'Robin Buyer',
  sentAt: '2026-11-20T12:00:00.000Z',
  expiresAt: '2026-11-27T12:00:00.000Z',
  status: 'pending',
};

function render(role: Company['role'], routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET company': ok(company(role)),
    'GET company/members': ok({ members: MEMBERS }),
    'GET company/invitations': ok({ invitations: [INVITATION] }),
    ...routes,
  });
  const user = makeProfile({ company: { id: 'company-1', role, businessName: 'Chain Store 12' } });
  renderPage(<CompanyPage />, { user, path: '/company' });
  return api;
}
const membersList = () => screen.findByRole('list', { name: 'Members' });

describe('the Company page (decision 015, step 3)', () => {
  it('an owner invites a buyer with a limit in dollars; a limit only shows for a buyer; errors go under their field', async () => {
    const { sent } = render('owner', {
      'POST company/invitations': (call) =>
        (call.body as { email: string }).email === 'taken@shop.example'
          ? refused(409, companyMessages.emailHasAccount, 'email')
          : ok({
              message: 'Invitation sent to new@shop.example.',
              invitation: { ...INVITATION, email: 'new@shop.example' },
            }),
    });
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const role = within(form).getByLabelText('Role') as HTMLSelectElement;
    expect(role.value).toBe('buyer');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'new@shop.example' } });
    fireEvent.change(within(form).getByLabelText('Order limit in dollars (optional)'), {
      target: { value: 'lots' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(companyMessages.limitInvalid)).toBeTruthy();
    expect(sent('POST company/invitations')).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Order limit in dollars (optional)'), {
      target: { value: '500' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@shop.example.')).toBeTruthy();
    expect(sent('POST company/invitations').map((c) => c.body)).toEqual([
      { email: 'new@shop.example', role: 'buyer', orderLimitCents: 50_000 },
    ]);
    // A viewer has no limit: its box goes, and nothing of it is sent.
    fireEvent.change(role, { target: { value: 'viewer' } });
    expect(within(form).queryByLabelText('Order limit in dollars (optional)')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'taken@shop.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const email = within(form).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(companyMessages.emailHasAccount)).toBeTruthy();
    expect(sent('POST company/invitations').at(-1)?.body).toEqual({
      email: 'taken@shop.example',
      role: 'viewer',
      orderLimitCents: null,
    });
  });

  it('an owner changes a member’s role and limit, and removes a member after confirming', async () => {
    const { sent } = render('owner', {
      'PATCH company/members/u-2': ok({ message: 'Member updated.', member: MEMBERS[1] }),
      'DELETE company/members/u-3': ok({
        message: 'Vi Viewer was removed from your company.',
        member: MEMBERS[2],
      }),
    });
    const list = await membersList();
    expect(within(list).getByText('Order limit $500.00')).toBeTruthy();
    // Nobody removes themselves.
    expect(within(list).queryByRole('button', { name: 'Remove Robin Buyer' })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Change role of Bo Buyer' }));
    const form = within(list).getByRole('form', { name: 'Role of Bo Buyer' });
    const limit = within(form).getByLabelText(
      'Order limit in dollars (optional) for Bo Buyer',
    ) as HTMLInputElement;
    expect(limit.value).toBe('500.00');
    fireEvent.change(limit, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member updated.')).toBeTruthy();
    expect(sent('PATCH company/members/u-2').map((c) => c.body)).toEqual([
      { role: 'buyer', orderLimitCents: null },
    ]);

    fireEvent.click(within(list).getByRole('button', { name: 'Remove Vi Viewer' }));
    const confirm = within(list).getByRole('group', { name: 'Remove Vi Viewer' });
    expect(confirm.textContent).toContain('Their login stops working');
    expect(sent('DELETE company/members/u-3')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Vi Viewer was removed from your company.')).toBeTruthy();
    expect(sent('DELETE company/members/u-3')).toHaveLength(1);
  });

  it('an owner sends an invitation again or withdraws it; the server’s refusal is shown', async () => {
    const { sent } = render('owner', {
      'POST company/invitations/inv-1/resend': refused(429, companyMessages.sentMomentAgo),
      'DELETE company/invitations/inv-1': ok({ message: companyMessages.invitationWithdrawn }),
    });
    const list = await screen.findByRole('list', { name: 'Open invitations' });
    expect(within(list).getByText('ana@shop.example')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Send again to ana@shop.example' }));
    expect(await screen.findByText(companyMessages.sentMomentAgo)).toBeTruthy();
    fireEvent.click(
      within(list).getByRole('button', { name: 'Withdraw the invitation of ana@shop.example' }),
    );
    expect(await screen.findByText(companyMessages.invitationWithdrawn)).toBeTruthy();
    expect(sent('DELETE company/invitations/inv-1')).toHaveLength(1);
  });

  it('a buyer or viewer reads the company and its members, and changes nothing', async () => {
    const { sent } = render('viewer');
    const list = await membersList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).queryByRole('button')).toBeNull();
    expect(await screen.findByText('Only an owner of your company can change these.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    // Invitations are owners' business: never asked for.
    expect(sent('GET company/invitations')).toEqual([]);
  });

  it('an owner edits the details: Save shows once something changed; the tax id is optional', async () => {
    const { sent } = render('owner', {
      'PATCH company': ok({
        message: companyMessages.companyUpdated,
        company: { ...company('owner'), taxId: '12-3456789' },
      }),
    });
    const details = await screen.findByRole('form', { name: 'Details' });
    expect(within(details).queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.change(within(details).getByLabelText('Tax ID (optional)'), {
      target: { value: ' 12-3456789 ' },
    });
    fireEvent.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(companyMessages.companyUpdated)).toBeTruthy();
    expect(sent('PATCH company').map((c) => c.body)).toEqual([
      { businessName: 'Chain Store 12', phoneNumber: '+15550104040', taxId: '12-3456789' },
    ]);
  });
});
