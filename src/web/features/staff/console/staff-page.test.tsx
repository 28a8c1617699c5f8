import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffAdminMessages } from '#shared/staff/staff.messages.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { StaffPage } from './staff-page.tsx';

const member = (id: string, name: string, role: string, companies = 0) => ({
  id,
  name,
  email: `${id}@shop.example`,
  totpEnabled: true,
  passwordChangeRequired: false,
  role,
  companies,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('the Staff page: roles (decision 016)', () => {
  it('shows each role, changes one at once, links a rep to their companies, and says when the last admin stays', async () => {
    const { sent } = fakeApi({
      'GET admin/staff': ok({
        staff: [member('staff-1', 'Sam Staff', 'admin'), member('s2', 'Rae Rep', 'sales', 3)],
      }),
      'PUT admin/staff/s2/role': ok({ message: staffAdminMessages.roleChanged }),
      'PUT admin/staff/staff-1/role': refused(409, staffAdminMessages.lastAdmin),
    });
    renderPage(<StaffPage />, { path: '/admin/staff' });
    const rep = (await screen.findByRole('combobox', { name: 'Role of Rae Rep' })) as HTMLSelectElement;
    expect(rep.value).toBe('sales');
    expect(screen.getByRole('link', { name: '3 companies' }).getAttribute('href')).toBe(
      '/admin/companies?rep=s2',
    );
    fireEvent.change(rep, { target: { value: 'warehouse' } });
    expect(await screen.findByText(staffAdminMessages.roleChanged)).toBeTruthy();
    expect(sent('PUT admin/staff/s2/role')[0]!.body).toEqual({ role: 'warehouse' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Sam Staff' }), {
      target: { value: 'sales' },
    });
    expect(await screen.findByText(staffAdminMessages.lastAdmin)).toBeTruthy();
  });

  it('adds a staff member with the role chosen', async () => {
    const { sent } = fakeApi({
      'GET admin/staff': ok({ staff: [member('staff-1', 'Sam Staff', 'admin')] }),
      'POST admin/staff': ok({ message: 'Staff account made.', id: 'n1', password: 'x'.repeat(20) }),
    });
    renderPage(<StaffPage />, { path: '/admin/staff' });
    const form = await screen.findByRole('form', { name: 'Add a staff member' });
    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Cam Compliance' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'cam@shop.example' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'compliance' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add staff' }));
    expect(await screen.findByText('Staff account made.')).toBeTruthy();
    expect(sent('POST admin/staff')[0]!.body).toEqual({
      name: 'Cam Compliance',
      email: 'cam@shop.example',
      role: 'compliance',
    });
  });
});
