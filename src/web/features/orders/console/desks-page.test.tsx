import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CompanyRow } from '#shared/companies/companies-staff.schemas.ts';
import { fakeApi, makeStaffMe, ok, renderPage } from '#tests/web-kit.tsx';
import { COMPANY_ID } from './desk.fixture.ts';
import { DesksPage } from './desks-page.tsx';

const company = (id: string, businessName: string, over: Partial<CompanyRow> = {}): CompanyRow => ({
  id,
  businessName,
  phone: '+15550104200',
  members: 2,
  states: ['GA'],
  documents: { pending: 0, verified: 2, reuploadRequested: 0, expired: 0 },
  disabled: false,
  createdAt: '2026-11-20T15:00:00.000Z',
  ...over,
});

describe('the order desk’s front page (decision 016, part 2)', () => {
  it('lists my drafts, newest first, and finds a company to start an order for', async () => {
    const { sent } = fakeApi({
      'GET admin/desk': ok({
        drafts: [
          {
            companyId: COMPANY_ID,
            businessName: 'Corner Shop LLC',
            lineCount: 3,
            updatedAt: '2026-11-25T15:30:00.000Z',
          },
          { companyId: 'c9', businessName: 'Bay Vapes', lineCount: 1, updatedAt: '2026-11-24T10:00:00.000Z' },
        ],
      }),
      'GET admin/companies': (call) =>
        ok({
          companies:
            call.query.get('q') === 'dana'
              ? [company('c2', 'Dana’s Smoke Shop', { disabled: true, states: [] })]
              : [company('c1', 'Atlanta Vapes'), company('c2', 'Dana’s Smoke Shop')],
          total: 2,
          page: 1,
          pageSize: 25,
        }),
    });
    renderPage(<DesksPage />, { path: '/admin/desk', staff: makeStaffMe('sales') });
    expect(await screen.findByRole('heading', { name: 'Order desk' })).toBeTruthy();
    const drafts = await screen.findByRole('table', { name: 'Your drafts' });
    const [, first, second] = within(drafts).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Corner Shop LLC' }).getAttribute('href')).toBe(
      `/admin/desk/${COMPANY_ID}`,
    );
    expect(first!.textContent).toContain('3 lines');
    expect(second!.textContent).toContain('1 line');

    const found = await screen.findByRole('list', { name: 'Companies to order for' });
    expect(within(found).getByRole('link', { name: 'Atlanta Vapes' }).getAttribute('href')).toBe(
      '/admin/desk/c1',
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a company' }), {
      target: { value: 'dana' },
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Atlanta Vapes' })).toBeNull());
    const hit = screen.getByRole('link', { name: 'Dana’s Smoke Shop' });
    expect(hit.getAttribute('href')).toBe('/admin/desk/c2');
    expect(hit.closest('li')!.textContent).toContain('disabled');
    expect(sent('GET admin/companies').map((c) => c.query.get('q'))).toEqual([null, 'dana']);
  });

  it('says when there are no drafts yet', async () => {
    fakeApi({
      'GET admin/desk': ok({ drafts: [] }),
      'GET admin/companies': ok({ companies: [], total: 0, page: 1, pageSize: 25 }),
    });
    renderPage(<DesksPage />, { path: '/admin/desk' });
    expect(await screen.findByText('No drafts in progress.')).toBeTruthy();
    expect(await screen.findByText('No companies match.')).toBeTruthy();
  });
});
