import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { viewAsMessages } from '#shared/accounts/view-as.schemas.ts';
import { companyStaffMessages } from '#shared/companies/companies.messages.ts';
import type { CompanyDetail, StaffDocument } from '#shared/companies/companies-staff.schemas.ts';
import { fakeApi, makeOrder, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { CompanyConsolePage } from './company-console-page.tsx';

const doc = (id: string, over: Partial<StaffDocument> = {}): StaffDocument => ({
  id,
  kind: 'tobacco_license',
  status: 'verified',
  originalName: `${id}.pdf`,
  uploadedAt: '2026-11-20T15:00:00.000Z',
  documentNumber: 'TX-1',
  issuingState: 'TX',
  expiresOn: '2027-11-20',
  note: null,
  ...over,
});
const member = (
  userId: string,
  name: string,
  role: 'owner' | 'buyer' | 'viewer',
  removedAt: string | null = null,
) => ({
  userId,
  name,
  email: `${userId}@shop.example`,
  role,
  orderLimitCents: role === 'buyer' ? 50_000 : null,
  joinedAt: '2026-11-01T10:00:00.000Z',
  removedAt,
  emailVerified: true,
});
const DETAIL: CompanyDetail = {
  company: {
    id: 'c1',
    businessName: 'Corner Shop LLC',
    phone: '+15550104200',
    taxId: '12-3456789',
    locationLimit: 5,
    isCompleted: true,
    disabled: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    salesRep: null,
  },
  members: [
    member('u1', 'Olive Owner', 'owner'),
    member('u2', 'Bo Buyer', 'buyer'),
    member('u3', 'Ex Member', 'viewer', '2026-11-10T10:00:00.000Z'),
  ],
  invitations: [
    {
      id: 'inv-1',
      email: 'ana@shop.example',
      role: 'viewer',
      orderLimitCents: null,
      invitedBy: 'Sam Staff',
      sentAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-27T10:00:00.000Z',
      status: 'pending',
    },
  ],
  locations: [
    {
      id: 'l1',
      name: 'Atlanta shop',
      streetAddress: '1 Peach St',
      streetAddress2: '',
      city: 'Atlanta',
      state: 'GA',
      zipCode: '30301',
      isDefault: true,
      documents: [doc('d2', { status: 'pending', issuingState: null, documentNumber: null })],
    },
  ],
  companyDocuments: [doc('d1'), doc('d0', { kind: 'sales_id', status: 'expired' })],
  group: { id: 7, name: 'Chains' },
  orders: [makeOrder({ orderNumber: 'SS-1001' })],
  notes: [
    { id: 1, body: 'Called about the licence.', author: 'Sam Staff', createdAt: '2026-11-21T10:00:00.000Z' },
  ],
};

const render = (routes: Parameters<typeof fakeApi>[0] = {}, staff = makeStaffMe()) => {
  const api = fakeApi({
    'GET admin/companies/c1': ok(DETAIL),
    'GET admin/companies/sales-reps': ok({
      reps: [{ id: '5b0e8a4e-4d0c-4c53-9d4e-3f4f5e6a7b8c', name: 'Rae Rep', email: 'rae@shop.example' }],
    }),
    'GET admin/pricing/groups': ok({
      groups: [
        { id: 7, name: 'Chains', description: '', entryCount: 0, memberCount: 1, version: 1 },
        { id: 8, name: 'Vapes', description: '', entryCount: 0, memberCount: 0, version: 1 },
      ],
    }),
    ...routes,
  });
  renderPage(<CompanyConsolePage />, { path: '/admin/companies/c1', route: '/admin/companies/:id', staff });
  return api;
};

describe("a company's console page", () => {
  it('shows members, invitations, each location with its documents, the group, orders and notes', async () => {
    const { sent } = render({
      'PUT admin/companies/c1/group': ok({ message: companyStaffMessages.groupSaved(null), group: null }),
    });
    expect(await screen.findByRole('heading', { name: /Corner Shop LLC/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take an order' }).getAttribute('href')).toBe('/admin/desk/c1');
    const members = screen.getByRole('table', { name: 'Members' });
    expect(within(members).getByRole('button', { name: 'Remove Olive Owner' })).toBeTruthy();
    expect(within(members).queryByRole('button', { name: 'Remove Ex Member' })).toBeNull();
    expect(within(members).getAllByRole('row')[3]!.textContent).toContain('removed');
    expect(within(screen.getByRole('table', { name: 'Invitations' })).getByText('pending')).toBeTruthy();
    const atlanta = screen.getByRole('region', { name: 'Location Atlanta shop' });
    expect(within(atlanta).getByText('pending')).toBeTruthy();
    expect(within(atlanta).getByText('1 Peach St, Atlanta, GA 30301')).toBeTruthy();
    const own = screen.getByRole('table', { name: "The company's documents" });
    expect(within(own).getByText('expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SS-1001' }).getAttribute('href')).toBe('/admin/orders/SS-1001');
    expect(screen.getByText('Called about the licence.')).toBeTruthy();
    const group = (await screen.findByLabelText('Group')) as HTMLSelectElement;
    expect(group.value).toBe('7');
    fireEvent.change(group, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save group' }));
    expect(await screen.findByText(companyStaffMessages.groupSaved(null))).toBeTruthy();
    expect(sent('PUT admin/companies/c1/group')[0]!.body).toEqual({ groupId: null });
  });

  it('removes a member and disables the company only after confirming', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { sent } = render({
      'DELETE admin/companies/c1/members/u2': ok({ message: 'Bo Buyer was removed from Corner Shop LLC.' }),
      'POST admin/companies/c1/disable': ok({ message: companyStaffMessages.disabled }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bo Buyer' }));
    expect(sent('DELETE admin/companies/c1/members/u2')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bo Buyer' }));
    expect(await screen.findByText('Bo Buyer was removed from Corner Shop LLC.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disable company' }));
    expect(await screen.findByText(companyStaffMessages.disabled)).toBeTruthy();
    expect(sent('POST admin/companies/c1/disable')[0]!.body).toEqual({ disabled: true });
    expect(confirm).toHaveBeenCalledTimes(3);
    confirm.mockRestore();
  });

  it('per-field errors: the location limit, a note, an invitation; the server’s refusal on its field', async () => {
    const { sent } = render({
      'PUT admin/companies/c1/location-limit': refused(
        400,
        companyStaffMessages.limitBelowLocations(3),
        'limit',
      ),
      'POST admin/companies/c1/notes': ok({ message: 'Note added.', note: DETAIL.notes[0] }),
      'POST admin/companies/c1/members': ok({
        message: 'Invitation sent to x@shop.example.',
        invitation: DETAIL.invitations[0],
      }),
      'POST admin/companies/c1/invitations/inv-1/resend': ok({
        message: 'Invitation sent again to ana@shop.example.',
        invitation: DETAIL.invitations[0],
      }),
    });
    const limit = await screen.findByRole('textbox', { name: 'Location limit' });
    fireEvent.change(limit, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(companyStaffMessages.limitInvalid)).toBeTruthy();
    fireEvent.change(limit, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(companyStaffMessages.limitBelowLocations(3))).toBeTruthy();
    expect(sent('PUT admin/companies/c1/location-limit')[0]!.body).toEqual({ limit: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(companyStaffMessages.noteRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New note', { exact: false }), {
      target: { value: 'Sent the new licence.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeTruthy();
    expect(sent('POST admin/companies/c1/notes')[0]!.body).toEqual({ body: 'Sent the new licence.' });

    const invite = screen.getByRole('form', { name: 'Add a member' });
    fireEvent.change(within(invite).getByLabelText('Email'), { target: { value: 'x@shop.example' } });
    fireEvent.change(within(invite).getByLabelText(/Order limit/), { target: { value: '250' } });
    fireEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to x@shop.example.')).toBeTruthy();
    expect(sent('POST admin/companies/c1/members')[0]!.body).toEqual({
      email: 'x@shop.example',
      role: 'buyer',
      orderLimitCents: 25_000,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send again to ana@shop.example' }));
    expect(await screen.findByText('Invitation sent again to ana@shop.example.')).toBeTruthy();
  });

  it('an admin names the sales rep; a sales rep reads the page and its notes, without the changes or the files', async () => {
    const { sent } = render({
      'PUT admin/companies/c1/sales-rep': ok({ message: companyStaffMessages.salesRepSaved('Rae Rep') }),
    });
    const rep = (await screen.findByRole('combobox', { name: 'Sales rep' })) as HTMLSelectElement;
    expect(rep.value).toBe('');
    fireEvent.change(rep, { target: { value: '5b0e8a4e-4d0c-4c53-9d4e-3f4f5e6a7b8c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rep' }));
    expect(await screen.findByText(companyStaffMessages.salesRepSaved('Rae Rep'))).toBeTruthy();
    expect(sent('PUT admin/companies/c1/sales-rep')[0]!.body).toEqual({
      salesRepId: '5b0e8a4e-4d0c-4c53-9d4e-3f4f5e6a7b8c',
    });
    cleanup();

    const asSales = render({}, makeStaffMe('sales'));
    expect(await screen.findByRole('heading', { name: /Corner Shop LLC/ })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Members' })).toBeTruthy();
    expect(screen.getByText('Called about the licence.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add note' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take an order' }).getAttribute('href')).toBe('/admin/desk/c1');
    for (const name of ['Remove Olive Owner', 'Disable company', 'Save group', 'Save rep', 'Save limit'])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a member' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Open/ })).toBeNull();
    // Nothing a sales rep may not read was asked for.
    expect(asSales.calls.map((c) => c.path)).toEqual(['admin/companies/c1']);
  });

  it('a sales rep views the store as an active member: posts, then opens the storefront (decision 016, part 5)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { sent } = render(
      {
        'POST admin/companies/c1/view-as': ok({
          message: viewAsMessages.started('Bo Buyer', 'Corner Shop LLC'),
          viewing: {
            staffName: 'Sam Staff',
            memberName: 'Bo Buyer',
            businessName: 'Corner Shop LLC',
            companyId: 'c1',
            endsAt: '2026-11-26T23:00:00.000Z',
          },
        }),
      },
      makeStaffMe('sales'),
    );
    const members = await screen.findByRole('table', { name: 'Members' });
    expect(within(members).getByRole('button', { name: 'View as Olive Owner' })).toBeTruthy();
    expect(within(members).queryByRole('button', { name: 'View as Ex Member' })).toBeNull();
    fireEvent.click(within(members).getByRole('button', { name: 'View as Bo Buyer' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(sent('POST admin/companies/c1/view-as')[0]!.body).toEqual({ memberId: 'u2' });
  });

  it('shows the refusal to view as someone who left, and stays; no View as without companies.read or on a disabled company', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render({ 'POST admin/companies/c1/view-as': refused(404, viewAsMessages.memberNotFound) });
    fireEvent.click(await screen.findByRole('button', { name: 'View as Olive Owner' }));
    expect(await screen.findByText(viewAsMessages.memberNotFound)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    cleanup();

    render({}, makeStaffMe('warehouse'));
    expect(await screen.findByRole('heading', { name: /Corner Shop LLC/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^View as / })).toBeNull();
    cleanup();

    render({
      'GET admin/companies/c1': ok({ ...DETAIL, company: { ...DETAIL.company, disabled: true } }),
    });
    expect(await screen.findByRole('heading', { name: /Corner Shop LLC/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^View as / })).toBeNull();
  });

  it('offers the order desk only to roles that take orders (decision 016, part 2)', async () => {
    for (const role of ['accounting', 'warehouse'] as const) {
      render({}, makeStaffMe(role));
      expect(await screen.findByRole('heading', { name: /Corner Shop LLC/ })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Take an order' }), role).toBeNull();
      cleanup();
    }
  });
});
