import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExciseFiling, ExciseReturn } from '#shared/compliance/excise-return.schemas.ts';
import { reportsMessages } from '#shared/reports/reports.messages.ts';
import { fakeApi, makeStaffMe, ok, renderPage } from '#tests/web-kit.tsx';
import { ExciseReturnsPage } from './excise-returns-page.tsx';

const filing = (over: Partial<ExciseFiling>): ExciseFiling => ({
  state: 'TX',
  stateName: 'Texas',
  month: '2026-10',
  exciseCents: 12_345,
  filedAt: null,
  filedBy: null,
  filedCents: null,
  changedSinceFiled: false,
  ...over,
});
const LIST = {
  toFile: [filing({})],
  filed: [
    filing({
      state: 'CA',
      stateName: 'California',
      month: '2026-09',
      exciseCents: 5_000,
      filedAt: '2026-10-05T15:00:00.000Z',
      filedBy: 'ada@shop.example',
      filedCents: 4_000,
      changedSinceFiled: true,
    }),
  ],
};

const texas: ExciseReturn = {
  month: '2026-10',
  state: 'TX',
  stateName: 'Texas',
  totalCents: 12_345,
  page: 1,
  lineCount: 1,
  byKind: [
    { kind: 'percent_wholesale', label: 'Percent of wholesale price', cents: 10_000 },
    { kind: 'per_ml', label: 'Per ml of e-liquid', cents: 2_345 },
  ],
  lines: [
    {
      date: '2026-10-12',
      number: 'INV-2026-000041',
      kind: 'invoice',
      orderNumber: 'SS-100041',
      sku: 'SS-1003-10',
      description: 'Nimbus Bar Ultra — Mango Ice',
      quantity: 10,
      amountCents: 15_000,
      exciseCents: 12_345,
      byKind: { percent_wholesale: 10_000, per_ml: 2_345 },
    },
  ],
  filed: null,
};
const california: ExciseReturn = {
  ...texas,
  state: 'CA',
  stateName: 'California',
  month: '2026-09',
  totalCents: 5_000,
  byKind: [{ kind: 'per_unit', label: 'Per unit', cents: 5_000 }],
  lines: [],
  lineCount: 0,
  filed: { at: '2026-10-05T15:00:00.000Z', by: 'ada@shop.example', cents: 4_000 },
};

const render = (long = false) => {
  const api = fakeApi({
    'GET admin/compliance/excise-returns': ok(LIST),
    'GET admin/compliance/excise-return': (call) =>
      ok(
        call.query.get('state') === 'CA'
          ? california
          : { ...texas, ...(long ? { page: Number(call.query.get('page')), lineCount: 120 } : {}) },
      ),
    'POST admin/compliance/excise-returns': ({ body }) => {
      const { state, month, filed } = body as { state: string; month: string; filed: boolean };
      const say = filed ? reportsMessages.exciseFiled : reportsMessages.exciseUnfiled;
      return ok({ message: say(state, month) });
    },
  });
  renderPage(<ExciseReturnsPage />, {
    path: '/admin/excise-returns',
    route: '/admin/excise-returns',
    staff: makeStaffMe('compliance'),
  });
  return api;
};

describe('excise returns (decision 018)', () => {
  it('lists the months to file and those filed, a change since filing flagged', async () => {
    render();
    const toFile = await screen.findByRole('table', { name: 'Excise returns to file' });
    expect(within(toFile).getAllByRole('row')[1]!.textContent).toBe('TexasOctober 2026$123.45');
    const filed = screen.getByRole('table', { name: 'Excise returns filed' });
    const row = within(filed).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('$50.00');
    expect(within(row).getByText('Changed since filed')).toBeTruthy();
    expect(row.textContent).toContain('$40.00');
    expect(row.textContent).toContain('by ada@shop.example');
  });

  it('shows a month’s return by kind of rate with its lines and CSV, and marks it filed', async () => {
    const { sent } = render();
    fireEvent.click(await screen.findByRole('link', { name: 'Texas, October 2026' }));
    await screen.findByRole('heading', { name: 'Texas excise return, October 2026' });
    expect(sent('GET admin/compliance/excise-return')[0]!.query.toString()).toBe(
      'month=2026-10&state=TX&page=1',
    );
    const kinds = screen.getByRole('table', { name: 'Texas excise return, October 2026: by kind of rate' });
    expect(
      within(kinds)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Kind of rateExcise',
      'Percent of wholesale price$100.00',
      'Per ml of e-liquid$23.45',
      'Total$123.45',
    ]);
    const lines = screen.getByRole('table', { name: 'Texas excise return, October 2026: lines (1)' });
    expect(within(lines).getAllByRole('row')[1]!.textContent).toContain('INV-2026-000041');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/compliance/excise-return.csv?month=2026-10&state=TX',
    );
    expect(screen.getByText('Not marked filed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark filed' }));
    expect(await screen.findByText(reportsMessages.exciseFiled('TX', '2026-10'))).toBeTruthy();
    expect(sent('POST admin/compliance/excise-returns')[0]!.body).toEqual({
      state: 'TX',
      month: '2026-10',
      filed: true,
    });
  });

  it('a return changed since filed can be marked again at its new amount, or the mark taken back', async () => {
    const { sent } = render();
    fireEvent.click(await screen.findByRole('link', { name: 'California, September 2026' }));
    await screen.findByRole('heading', { name: 'California excise return, September 2026' });
    expect(screen.getByText(/Marked filed .* by ada@shop\.example at \$40\.00\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark filed at $50.00' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take back the mark' }));
    expect(await screen.findByText(reportsMessages.exciseUnfiled('CA', '2026-09'))).toBeTruthy();
    await waitFor(() =>
      expect(sent('POST admin/compliance/excise-returns')[0]!.body).toEqual({
        state: 'CA',
        month: '2026-09',
        filed: false,
      }),
    );
  });

  it('reads a long return’s lines a page at a time, the totals over all of them', async () => {
    const { sent } = render(true);
    fireEvent.click(await screen.findByRole('link', { name: 'Texas, October 2026' }));
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('120 in all · page 1 of 3');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages.textContent).toContain('page 2 of 3'));
    expect(sent('GET admin/compliance/excise-return').at(-1)!.query.get('page')).toBe('2');
    expect(screen.getByText('$123.45', { selector: 'strong' })).toBeTruthy();
  });

  it('opens any state’s month from the form, checked by the shared schema', async () => {
    const { sent } = render();
    const form = await screen.findByRole('form', { name: 'Choose a return' });
    fireEvent.click(within(form).getByRole('button', { name: 'Show return' }));
    expect(await within(form).findByText('Choose a state.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('State'), { target: { value: 'TX' } });
    fireEvent.change(within(form).getByLabelText('Month'), { target: { value: '2026-10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show return' }));
    await screen.findByRole('heading', { name: 'Texas excise return, October 2026' });
    expect(sent('GET admin/compliance/excise-return')).toHaveLength(1);
  });
});
