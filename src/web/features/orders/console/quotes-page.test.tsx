import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeStaffMe, ok, renderPage } from '#tests/web-kit.tsx';
import { makeQuoteSummary } from './desk.fixture.ts';
import { QuotesPage } from './quotes-page.tsx';

const sentQuote = makeQuoteSummary('Q-1001');
const accepted = makeQuoteSummary('Q-1000', {
  status: 'accepted',
  businessName: 'Bay Vapes',
  lineCount: 1,
  totalCents: 4200,
  orderNumber: 'SS-1050',
});
const request = makeQuoteSummary('Q-1002', {
  status: 'requested',
  businessName: 'Dana’s Smoke Shop',
  staffName: null,
  requestedBy: 'Dana Owner',
  expiresOn: null,
  totalCents: 0,
});

function show(path = '/admin/quotes') {
  const api = fakeApi({
    'GET admin/quotes': (call) => {
      const status = call.query.get('status');
      const all = [sentQuote, accepted, request];
      return ok({ quotes: status ? all.filter((q) => q.status === status) : all });
    },
  });
  renderPage(<QuotesPage />, { path, route: '/admin/quotes', staff: makeStaffMe('sales') });
  return api;
}

describe('the console’s quotes (decision 016, part 3)', () => {
  it('lists every quote, buyers’ requests first and counted as the desk’s work', async () => {
    const { sent } = show();
    expect(await screen.findByRole('heading', { name: 'Quotes' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Quotes' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Q-1002' }).getAttribute('href')).toBe(
      '/admin/quotes/Q-1002',
    );
    expect(first!.textContent).toContain('Dana’s Smoke Shop');
    expect(first!.textContent).toContain('requested');
    expect(first!.textContent).toContain('Requested by Dana Owner');
    expect(first!.className).toContain('bg-amber-50');
    expect(second!.textContent).toContain('Q-1001');
    expect(second!.textContent).toContain('Corner Shop LLC');
    expect(second!.textContent).toContain('2 lines');
    expect(second!.textContent).toContain('$177.70');
    expect(second!.textContent).toContain('Dec 9, 2026');
    expect(second!.textContent).toContain('Sam Staff');
    expect(second!.className).not.toContain('bg-amber-50');
    expect(third!.textContent).toContain('Order SS-1050');
    expect(third!.textContent).toContain('1 line');
    expect(screen.getByText(/1 quote request waits for the desk/)).toBeTruthy();
    expect(sent('GET admin/quotes')[0]!.query.get('status')).toBeNull();
    const tabs = screen.getByRole('navigation', { name: 'Quote status' });
    expect(within(tabs).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
  });

  it('filters by status from its tabs (kept in the address)', async () => {
    const { sent } = show();
    const tabs = await screen.findByRole('navigation', { name: 'Quote status' });
    fireEvent.click(within(tabs).getByRole('link', { name: 'Accepted' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Q-1001' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Q-1000' })).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Accepted' }).getAttribute('aria-current')).toBe('page');
    expect(sent('GET admin/quotes').map((c) => c.query.get('status'))).toEqual([null, 'accepted']);
    // The work queue's count is for the whole list, not a filtered one.
    expect(screen.queryByText(/waits for the desk/)).toBeNull();
  });

  it('opens on a status named in the address, and says when none match', async () => {
    show('/admin/quotes?status=withdrawn');
    expect(await screen.findByText('No withdrawn quotes.')).toBeTruthy();
  });

  it('says when there are no quotes yet', async () => {
    fakeApi({ 'GET admin/quotes': ok({ quotes: [] }) });
    renderPage(<QuotesPage />, { path: '/admin/quotes', route: '/admin/quotes' });
    expect(await screen.findByText('No quotes yet: send one from the order desk.')).toBeTruthy();
  });
});
