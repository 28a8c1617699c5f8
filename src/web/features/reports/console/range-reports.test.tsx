import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { BreakdownReportPage } from './breakdown-report-page.tsx';
import { CreditedReportPage } from './credited-report-page.tsx';
import { MoversReportPage } from './movers-report-page.tsx';
import { makeBreakdown, makeCredited, makeMovers, makeSlowMovers } from './reports.fixture.ts';
import { SlowMoversPage } from './slow-movers-page.tsx';

type Routes = Parameters<typeof fakeApi>[0];

const render = (page: ReactElement, path: string, routes: Routes) => {
  const api = fakeApi(routes);
  const route = path.split('?')[0]!;
  renderPage(page, { path, route, staff: makeStaffMe('accounting') });
  return api;
};

/** A table's rows as their cells' text (the header row first). */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

const RANGE = '?from=2026-10-29&to=2026-11-27';

describe('the breakdown report (decision 018)', () => {
  it('lists a page of brands with the period before, charts the largest, and pages on', async () => {
    const { sent } = render(<BreakdownReportPage />, `/admin/reports/breakdown${RANGE}&by=brand`, {
      'GET admin/reports/breakdown': (call) => ok(makeBreakdown({ page: Number(call.query.get('page')) })),
    });
    const table = await screen.findByRole('table', { name: 'Sales by brand' });
    expect(rowsOf(table).slice(1)).toEqual([
      // Brands count units (an order's lines fall under several); the server counts no orders by item.
      ['Nimbus Bar', '9', '$456.00', '$470.00', '$304.00', 'up 50%'],
      ['Cloudtide', '2', '$78.00', '$80.00', '$0.00', 'no sales before'],
    ]);
    expect(
      screen.getByText(
        'Goods sold $534.00 over 30 days, up 76% on the 30 days before ($304.00); the chart shows the 2 largest brands of page 1.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/breakdown.csv?from=2026-10-29&to=2026-11-27&by=brand',
    );
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent('GET admin/reports/breakdown').at(-1)!.query.get('page')).toBe('2'));
    // Another grouping starts again at its first page, the range kept.
    fireEvent.click(screen.getByRole('link', { name: 'Ship-to state' }));
    await waitFor(() =>
      expect(sent('GET admin/reports/breakdown').at(-1)!.query.toString()).toBe(
        'from=2026-10-29&to=2026-11-27&by=state&page=1',
      ),
    );
  });
});

describe('cancelled and credited items (decision 018)', () => {
  it('lists each option’s cancelled and credited units and amounts, the totals beside the period before', async () => {
    render(<CreditedReportPage />, `/admin/reports/credited${RANGE}`, {
      'GET admin/reports/credited': ok(makeCredited()),
    });
    const table = await screen.findByRole('table', { name: 'Cancelled and credited items' });
    expect(rowsOf(table)[1]).toEqual([
      'Nimbus Bar Ultra — Mango IceSS-1003-10',
      '2',
      '$30.00',
      '1',
      '$17.25',
    ]);
    const totals = screen.getByRole('region', { name: 'Totals' });
    const credited = within(totals).getByText('Credited', { selector: 'dt' }).parentElement!;
    expect(credited.textContent).toBe('Credited$17.25none beforebefore: $0.00');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/credited.csv?from=2026-10-29&to=2026-11-27',
    );
  });
});

describe('the top movers (decision 018)', () => {
  it('lists the options rising and falling with their units before and now', async () => {
    render(<MoversReportPage />, `/admin/reports/movers${RANGE}`, {
      'GET admin/reports/movers': ok(makeMovers()),
    });
    const table = await screen.findByRole('table', { name: 'Top movers' });
    expect(rowsOf(table).slice(1)).toEqual([
      ['Option UP-1UP-1', 'Rising', '30', '6', '+24', '$450.00'],
      ['Option DOWN-1DOWN-1', 'Falling', '2', '15', '-13', '$30.00'],
    ]);
    expect(screen.getByText(/1 option rose and 1 option fell most\.$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/movers.csv?from=2026-10-29&to=2026-11-27',
    );
  });
});

describe('a range the server refuses', () => {
  it.each([
    ['breakdown', <BreakdownReportPage key="b" />],
    ['credited', <CreditedReportPage key="c" />],
    ['movers', <MoversReportPage key="m" />],
  ])('%s: its message under the field it names, and no report', async (name, page) => {
    render(page, `/admin/reports/${name}?from=2026-11-30&to=2026-11-01`, {
      [`GET admin/reports/${name}`]: refused(400, 'The last day is before the first.', 'to'),
    });
    const last = await screen.findByLabelText('Last day');
    await waitFor(() => expect(last.getAttribute('aria-invalid')).toBe('true'));
    const described = last.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'The last day is before the first.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain(
      'from=2026-11-30&to=2026-11-01',
    );
  });
});

describe('slow movers (decision 018)', () => {
  it('lists options in stock without a sale in N days, and asks for another N', async () => {
    const { sent } = render(<SlowMoversPage />, '/admin/reports/slow-movers', {
      'GET admin/reports/slow-movers': ok(makeSlowMovers()),
    });
    const table = await screen.findByRole('table', { name: 'Slow movers' });
    expect(rowsOf(table).slice(1)).toEqual([
      ['Glass BongBlue', 'SLOW-7', '42', 'Aug 1, 2026', '118'],
      ['Glass BongRed', 'SLOW-8', '5', 'Never', 'never sold'],
    ]);
    expect(sent('GET admin/reports/slow-movers')[0]!.query.toString()).toBe('days=60&page=1');
    const days = screen.getByLabelText('No sale in the last (days)', { exact: false });
    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(sent('GET admin/reports/slow-movers').at(-1)!.query.get('days')).toBe('90'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/slow-movers.csv?days=90',
    );
    // The shared schema's rule, before asking.
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('Enter a number of days from 1 to 365.')).toBeTruthy();
    expect(sent('GET admin/reports/slow-movers').map((c) => c.query.get('days'))).not.toContain('0');
  });
});
