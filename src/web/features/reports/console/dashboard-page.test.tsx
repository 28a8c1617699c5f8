import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeStaffMe, ok, renderPage } from '#tests/web-kit.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { makeDashboard, warehouseDashboard } from './reports.fixture.ts';

const render = (role: Parameters<typeof makeStaffMe>[0], answer = makeDashboard()) => {
  const api = fakeApi({
    'GET admin/dashboard': (call) => ok(call.query.get('days') === '90' ? makeDashboard(90) : answer),
  });
  renderPage(<DashboardPage />, { path: '/admin', route: '/admin', staff: makeStaffMe(role) });
  return api;
};

describe('the dashboard (decision 018)', () => {
  it('shows today, this week and this month beside the period before, each change in words', async () => {
    render('admin');
    const today = await screen.findByRole('region', { name: 'Today' });
    // Each figure: its name, the figure, the change in words (an arrow beside), and what it was.
    const figure = (name: string) =>
      within(today).getByText(name, { selector: 'dt' }).parentElement!.textContent;
    expect(figure('Orders')).toBe('Orders2▲ up 100%was 1');
    expect(figure('Sales')).toBe('Sales$300.00▲ up 50%was $200.00');
    expect(figure('Average order')).toBe('Average order$150.00▼ down 25%was $200.00');
    expect(figure('New companies')).toBe('New companies1none beforewas 0');
    const week = screen.getByRole('region', { name: 'This week' });
    expect(within(week).getByText('$1,500.00', { selector: 'dd' })).toBeTruthy();
    expect(within(week).getAllByText('no change').length).toBe(3);
    // Nothing the month before: no percent made up from nothing.
    const month = screen.getByRole('region', { name: 'This month' });
    expect(within(month).getByText('no sales before')).toBeTruthy();
    expect(within(month).getAllByText('no orders before')).toHaveLength(2);
  });

  it('lists the queues as links to their pages, filtered; a queue without a console page says so', async () => {
    render('admin');
    const waiting = await screen.findByRole('region', { name: 'Waiting' });
    const href = (name: string) => within(waiting).getByRole('link', { name }).getAttribute('href');
    expect(href('3 documents to verify')).toBe('/admin/verification');
    expect(href('5 orders to ship')).toBe('/admin/orders?stage=toShip');
    expect(href('2 quote requests to answer')).toBe('/admin/quotes?status=requested');
    expect(href('2 companies overdue, $1,234.56 past due')).toBe('/admin/receivables?status=overdue');
    expect(href('4 options below the reorder point')).toBe('/admin/low-stock');
    expect(href('0 mails failed to send')).toBe('/admin/mail?status=failed');
    expect(within(waiting).queryByRole('link', { name: /order request/ })).toBeNull();
    expect(within(waiting).getByText("order request awaiting a company's approval")).toBeTruthy();
    expect(within(waiting).getByText(/approves its members' requests in their own account/)).toBeTruthy();
  });

  it('charts sales per day beside the days before, with the same numbers in a table, for 30 or 90 days', async () => {
    const { sent } = render('accounting');
    const chart = await screen.findByRole('region', { name: 'Sales per day, last 30 days' });
    expect(
      within(chart).getByText('Sales $3,000.00 over 30 days, up 100% on the 30 days before ($1,500.00).'),
    ).toBeTruthy();
    const table = within(chart).getByRole('table', { name: 'Sales per day, last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    // Newest first.
    expect(rows[1]!.textContent).toBe('Nov 27, 2026$100.00Oct 28, 2026$50.00');
    expect(rows[30]!.textContent).toBe('Oct 29, 2026$100.00Sep 29, 2026$50.00');
    expect(
      within(chart).getByRole('region', { name: 'Sales per day, last 30 days, as a table' }),
    ).toBeTruthy();
    fireEvent.click(within(chart).getByRole('link', { name: '90 days' }));
    await screen.findByRole('region', { name: 'Sales per day, last 90 days' });
    expect(sent('GET admin/dashboard').map((c) => c.query.get('days'))).toEqual(['30', '90']);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Sales per day, last 90 days' })).getAllByRole('row'),
      ).toHaveLength(91),
    );
  });

  it('shows a warehouse member no sales figures, only the queues of their role', async () => {
    render('warehouse', warehouseDashboard());
    const waiting = await screen.findByRole('region', { name: 'Waiting' });
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(1);
    expect(within(waiting).getByRole('link', { name: '7 orders to ship' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    expect(screen.queryByText(/Sales/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
