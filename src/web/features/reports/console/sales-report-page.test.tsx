import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { Route, Routes } from 'react-router';
import { makeDashboard, makeSalesReport } from './reports.fixture.ts';
import { ReportsLayout } from './reports-layout.tsx';
import { SalesReportPage } from './sales-report-page.tsx';

const PATH = '/admin/reports/sales';

const render = (query: string, answer: Parameters<typeof fakeApi>[0][string] = ok(makeSalesReport())) => {
  const api = fakeApi({ 'GET admin/reports/sales': answer });
  renderPage(<SalesReportPage />, { path: `${PATH}${query}`, route: PATH, staff: makeStaffMe('accounting') });
  return api;
};

/** A field's error as a screen reader hears it with the field: its description. */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

afterEach(() => {
  vi.useRealTimers();
});

describe('the sales report (decision 018)', () => {
  it('shows each week beside the same week before, the totals compared, and the same range as CSV', async () => {
    const { sent } = render('?from=2026-11-09&to=2026-11-27&grain=week');
    const table = await screen.findByRole('table', { name: 'Sales per week' });
    expect(Object.fromEntries(sent('GET admin/reports/sales')[0]!.query)).toEqual({
      from: '2026-11-09',
      to: '2026-11-27',
      grain: 'week',
    });
    const cells = (n: number) =>
      [...within(table).getAllByRole('row')[n]!.querySelectorAll('th, td')].map((c) => c.textContent);
    expect(cells(1)).toEqual([
      'Week of Nov 9, 2026',
      '2',
      '$123.45',
      '$128.45',
      '$0.00',
      'Week of Oct 19, 2026',
      '$100.00',
      'up 23%',
    ]);
    expect(cells(2).slice(2)).toEqual([
      '$543.21',
      '$548.21',
      '$0.00',
      'Week of Oct 26, 2026',
      '$0.00',
      'no sales before',
    ]);
    expect(cells(3).at(-1)).toBe('down 50%');
    expect(cells(4)).toEqual(['Total', '6', '$866.66', '$881.66', '$0.00', '—', '$500.00', 'up 73%']);
    expect(
      screen.getByText('Goods sold $866.66 over 19 days, up 73% on the 19 days before ($500.00).'),
    ).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Nov 9, 2026 – Nov 27, 2026')).toBeTruthy();
    expect(within(totals).getByText('Oct 21, 2026 – Nov 8, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/sales.csv?from=2026-11-09&to=2026-11-27&grain=week',
    );
  });

  it('asks again for the range typed and the grain chosen, the CSV link with them', async () => {
    const { sent } = render('');
    await screen.findByRole('table', { name: 'Sales per week' });
    const form = screen.getByRole('form', { name: 'Report range' });
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-01-01' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-06-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show report' }));
    await waitFor(() =>
      expect(sent('GET admin/reports/sales').at(-1)!.query.toString()).toBe(
        'from=2026-01-01&to=2026-06-30&grain=day',
      ),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Per month' }));
    await waitFor(() => expect(sent('GET admin/reports/sales').at(-1)!.query.get('grain')).toBe('month'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/sales.csv?from=2026-01-01&to=2026-06-30&grain=month',
    );
  });

  it('opens on the last 30 days ending today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 15, 0));
    const { sent } = render('');
    await screen.findByRole('table', { name: 'Sales per week' });
    const q = sent('GET admin/reports/sales')[0]!.query;
    expect([q.get('from'), q.get('to')]).toEqual(['2026-10-29', '2026-11-27']);
    expect((screen.getByLabelText('First day') as HTMLInputElement).value).toBe('2026-10-29');
  });

  it('opened straight from its address, ends the range on the store’s today, read first, not the viewer’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 0, 30)); // the viewer's 28th; the store's still the 27th
    const { sent } = fakeApi({
      'GET admin/dashboard': ok(makeDashboard()),
      'GET admin/reports/sales': ok(makeSalesReport()),
    });
    const page = (
      <Routes>
        <Route path="/admin/reports" element={<ReportsLayout />}>
          <Route path="sales" element={<SalesReportPage />} />
        </Route>
      </Routes>
    );
    renderPage(page, { path: PATH, staff: makeStaffMe('accounting') });
    await screen.findByRole('table', { name: 'Sales per week' });
    expect(sent('GET admin/dashboard')).toHaveLength(1);
    const q = sent('GET admin/reports/sales')[0]!.query;
    expect([q.get('from'), q.get('to')]).toEqual(['2026-10-29', '2026-11-27']);
  });

  it('refuses a range backwards under its field, before asking, as the shared schema says', async () => {
    const { sent } = render('?from=2026-11-01&to=2026-11-30');
    await screen.findByRole('table', { name: 'Sales per week' });
    const last = screen.getByLabelText('Last day');
    fireEvent.change(last, { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(description(last)).toBe('The last day is before the first.'));
    expect(sent('GET admin/reports/sales')).toHaveLength(1);
  });

  it('shows the server’s refusal of a range from the address under the field it names', async () => {
    render('?from=2026-11-30&to=2026-11-01', refused(400, 'The last day is before the first.', 'to'));
    const last = await screen.findByLabelText('Last day');
    await waitFor(() => expect(last.getAttribute('aria-invalid')).toBe('true'));
    expect(description(last)).toBe('The last day is before the first.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
