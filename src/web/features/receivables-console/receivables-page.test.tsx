import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivablesRow } from '#shared/receivables/payments.schemas.ts';
import { receivablesMessages } from '#shared/receivables/receivables.messages.ts';
import { fakeApi, makeStaffMe, ok, renderPage } from '#tests/web-kit.tsx';
import { COMPANY_ID } from './receivables.fixture.ts';
import { ReceivablesPage } from './receivables-page.tsx';

const aging = { current: 20_000, d1_30: 0, d31_60: 50_000, d61_90: 0, over_90: 0 };
const row = (over: Partial<ReceivablesRow> = {}): ReceivablesRow => ({
  companyId: COMPANY_ID,
  businessName: 'Corner Shop LLC',
  balanceCents: 70_000,
  overdueCents: 50_000,
  unappliedCents: 2_500,
  aging,
  creditLimitCents: 100_000,
  onHold: true,
  oldestDaysPastDue: 45,
  ...over,
});
const LIST = {
  rows: [
    row(),
    row({
      companyId: '3f1c2b4a-0000-4000-8000-000000000002',
      businessName: 'Vape Corner',
      balanceCents: -1_500,
      overdueCents: 0,
      unappliedCents: 1_500,
      aging: { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 },
      creditLimitCents: null,
      onHold: false,
      oldestDaysPastDue: 0,
    }),
  ],
  totals: { ...aging, balanceCents: 68_500, overdueCents: 50_000 },
  total: 2,
  page: 1,
  pageSize: 25,
  today: '2026-11-30',
};
const SETTINGS = {
  invoiceOn: 'placed',
  defaultTerms: 'net_15',
  timeZone: 'America/Chicago',
  holdAfterDays: 30,
};

const render = (routes: Parameters<typeof fakeApi>[0] = {}, path = '/admin/receivables') => {
  const api = fakeApi({
    'GET admin/receivables': ok(LIST),
    'GET admin/receivables/settings': ok(SETTINGS),
    ...routes,
  });
  renderPage(<ReceivablesPage />, { path, route: '/admin/receivables', staff: makeStaffMe('accounting') });
  return api;
};

describe('the receivables page', () => {
  it('lists companies with their balance and aging, totals, and links to each company’s receivables', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Receivables' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('$700.00');
    expect(rows[1]!.textContent).toContain('oldest 45 days past due');
    expect(within(rows[1]!).getByText('on hold')).toBeTruthy();
    expect(rows[2]!.textContent).toContain('-$15.00');
    expect(within(table).getByRole('link', { name: 'Corner Shop LLC' }).getAttribute('href')).toBe(
      `/admin/companies/${COMPANY_ID}#receivables`,
    );
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('$685.00')).toBeTruthy();
    expect(within(totals).getByText('31–60 days')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV of this list' }).getAttribute('href')).toBe(
      '/api/v1/admin/receivables/export.csv',
    );
  });

  it('asks again with the search and the status, and pages on', async () => {
    const { sent } = render({ 'GET admin/receivables': ok({ ...LIST, total: 60 }) });
    await screen.findByRole('table', { name: 'Receivables' });
    expect(sent('GET admin/receivables')[0]!.query.toString()).toBe('page=1');
    const filters = screen.getByRole('form', { name: 'Filter receivables' });
    fireEvent.change(within(filters).getByLabelText('Search'), { target: { value: 'corner' } });
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'overdue' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Filter' }));
    await waitFor(() => {
      const q = sent('GET admin/receivables').at(-1)!.query;
      expect([q.get('q'), q.get('status'), q.get('page')]).toEqual(['corner', 'overdue', '1']);
    });
    expect(screen.getByRole('link', { name: 'Download CSV of this list' }).getAttribute('href')).toBe(
      '/api/v1/admin/receivables/export.csv?q=corner&status=overdue',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent('GET admin/receivables').at(-1)!.query.get('page')).toBe('2'));
  });

  it('builds the accounting export from its form, and refuses a period backwards', async () => {
    render();
    const form = await screen.findByRole('form', { name: 'Accounting export' });
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-10-01' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-10-31' } });
    fireEvent.change(within(form).getByLabelText('What'), { target: { value: 'payments' } });
    fireEvent.change(within(form).getByLabelText('Layout'), { target: { value: 'plain' } });
    const link = within(form).getByRole('link', { name: 'Download payments CSV' });
    expect(link.getAttribute('href')).toBe(
      '/api/v1/admin/receivables/accounting.csv?from=2026-10-01&to=2026-10-31&kind=payments&layout=plain',
    );
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-09-30' } });
    // A click on a bad period stays on the page and says why (fireEvent returns false when prevented).
    expect(fireEvent.click(within(form).getByRole('link', { name: 'Download payments CSV' }))).toBe(false);
    expect(await within(form).findByText('The last day is before the first.')).toBeTruthy();
  });

  it('saves the receivables settings, each field checked by the shared schema', async () => {
    const { sent } = render({
      'PUT admin/receivables/settings': ({ body }) => ok(body),
    });
    const form = await screen.findByRole('form', { name: 'Receivables settings' });
    const days = within(form).getByLabelText('Credit hold after (days past due)') as HTMLInputElement;
    expect(days.value).toBe('30');
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText('Time zone'), { target: { value: 'Mars/Olympus' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save receivables settings' }));
    expect(await within(form).findByText('At least 1 day.')).toBeTruthy();
    expect(within(form).getByText(receivablesMessages.timeZoneUnknown)).toBeTruthy();
    expect(sent('PUT admin/receivables/settings')).toEqual([]);
    fireEvent.change(days, { target: { value: '45' } });
    fireEvent.change(within(form).getByLabelText('Time zone'), { target: { value: 'America/Denver' } });
    fireEvent.change(within(form).getByLabelText('Default payment terms', { exact: false }), {
      target: { value: 'net_30' },
    });
    fireEvent.change(within(form).getByLabelText('Issue the invoice when the order is'), {
      target: { value: 'shipped' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save receivables settings' }));
    expect(await screen.findByText(receivablesMessages.settingsSaved)).toBeTruthy();
    expect(sent('PUT admin/receivables/settings')[0]!.body).toEqual({
      invoiceOn: 'shipped',
      defaultTerms: 'net_30',
      timeZone: 'America/Denver',
      holdAfterDays: 45,
    });
  });
});
