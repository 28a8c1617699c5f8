import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanyRow } from '#shared/companies/companies-staff.schemas.ts';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { CompaniesPage } from './companies-page.tsx';

const row = (id: string, over: Partial<CompanyRow> = {}): CompanyRow => ({
  id,
  businessName: `Shop ${id}`,
  phone: '+15550104200',
  members: 3,
  states: ['GA', 'TX'],
  documents: { pending: 1, verified: 2, reuploadRequested: 0, expired: 0 },
  disabled: false,
  createdAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

describe('the companies list', () => {
  it('shows each company with its members, states and documents; searches by name or email and state', async () => {
    const { calls } = fakeApi({
      'GET admin/companies': (call) =>
        ok({
          companies: call.query.get('q')
            ? [row('c2', { businessName: 'Corner Shop LLC', disabled: true, states: [] })]
            : [
                row('c1'),
                row('c2', { documents: { pending: 0, verified: 0, reuploadRequested: 0, expired: 0 } }),
              ],
          total: 30,
          page: 1,
          pageSize: 25,
        }),
    });
    renderPage(<CompaniesPage />, { path: '/admin/companies' });
    const table = await screen.findByRole('table', { name: 'Companies' });
    const link = within(table).getByRole('link', { name: 'Shop c1' });
    expect(link.getAttribute('href')).toBe('/admin/companies/c1');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('GA, TX');
    expect(first!.textContent).toContain('1 pending, 2 verified');
    expect(second!.textContent).toContain('none uploaded');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'dana@shop.example' } });
    fireEvent.change(screen.getByLabelText('Location state'), { target: { value: 'TX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('link', { name: 'Corner Shop LLC' })).toBeTruthy();
    const last = calls.at(-1)!;
    expect([last.query.get('q'), last.query.get('state')]).toEqual(['dana@shop.example', 'TX']);
    const found = within(screen.getByRole('table', { name: 'Companies' })).getAllByRole('row')[1]!;
    expect(found.textContent).toContain('disabled');
    expect(found.textContent).toContain('none yet');
  });
});
