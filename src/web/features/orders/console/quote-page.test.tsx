import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StaffQuote } from '#shared/orders/quotes.schemas.ts';
import { quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { fakeApi, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { COMPANY_ID, makeStaffQuote } from './desk.fixture.ts';
import { QuotePage } from './quote-page.tsx';

const Q = 'admin/quotes/Q-1001';

/** The quote's page for a sales rep; the quote read answers `quotes` in turn, the last one from then on. */
function show(quotes: StaffQuote[], routes: Parameters<typeof fakeApi>[0] = {}) {
  let reads = 0;
  const api = fakeApi({ [`GET ${Q}`]: () => ok(quotes[Math.min(reads++, quotes.length - 1)]), ...routes });
  renderPage(<QuotePage />, {
    path: '/admin/quotes/Q-1001',
    route: '/admin/quotes/:number',
    staff: makeStaffMe('sales'),
  });
  return api;
}

describe('a quote in the console (decision 016, part 3)', () => {
  it('shows the company, status, lines at quoted and company prices with the reasons, and the totals', async () => {
    show([makeStaffQuote({ internalNote: 'Chain price agreed by phone.' })]);
    expect(await screen.findByRole('heading', { name: 'Quote Q-1001' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Corner Shop LLC' }).getAttribute('href')).toBe(
      `/admin/companies/${COMPANY_ID}`,
    );
    expect(screen.getByText('Atlanta, GA 30301', { exact: false })).toBeTruthy();
    const status = screen.getByRole('heading', { name: 'Status' }).closest('section')!;
    expect(status.textContent).toContain('sent');
    expect(status.textContent).toContain('Valid untilDec 9, 2026');
    expect(status.textContent).toContain('StaffSam Staff');
    expect(screen.getByText('Chain price agreed by phone.')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Lines of Q-1001' });
    const [, mango, mint] = within(table).getAllByRole('row');
    expect(mango!.textContent).toContain('Nimbus Bar — Mango Ice');
    expect(mango!.textContent).toContain('$3.50negotiated');
    expect(mango!.textContent).toContain('$4.00');
    expect(mango!.textContent).toContain('Matches the chain price');
    expect(mango!.textContent).toContain('$70.00');
    expect(mango!.textContent).toContain('$1.50');
    expect(mint!.textContent).not.toContain('negotiated');
    const totals = screen.getByRole('region', { name: 'Totals' });
    const figures = within(totals)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    // $70.00 + $40.00, the delivery's $20.00, $1.50 excise.
    expect(figures).toEqual(['$110.00', '$20.00', '$1.50', '$131.50']);
    expect(screen.getByRole('button', { name: 'Open on the desk' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw…' })).toBeTruthy();
  });

  it('an accepted quote links the order it became, and offers nothing to do', async () => {
    show([
      makeStaffQuote({
        status: 'accepted',
        orderNumber: 'SS-1050',
        decidedAt: '2026-11-27T10:00:00.000Z',
        decidedBy: 'Dana Owner',
      }),
    ]);
    const order = await screen.findByRole('link', { name: 'SS-1050' });
    expect(order.getAttribute('href')).toBe('/admin/orders/SS-1050');
    expect(screen.getByRole('heading', { name: 'Status' }).closest('section')!.textContent).toContain(
      'by Dana Owner',
    );
    expect(screen.queryByRole('button', { name: 'Open on the desk' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw…' })).toBeNull();
  });

  it('a request not yet priced: its note, lines without prices, and no withdrawing', async () => {
    const request = makeStaffQuote({
      status: 'requested',
      requestedBy: 'Dana Owner',
      requestNote: 'Need 50 by Friday',
      staffName: null,
      expiresOn: null,
      sentAt: null,
      lines: makeStaffQuote().lines.map((l) => ({
        ...l,
        unitPriceCents: null,
        listUnitPriceCents: null,
        negotiated: false,
        priceReason: '',
      })),
    });
    show([request]);
    expect(await screen.findByText('Need 50 by Friday')).toBeTruthy();
    expect(screen.getByText('From Dana Owner, when they asked.')).toBeTruthy();
    expect(screen.getAllByText('Not priced yet')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Open on the desk' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw…' })).toBeNull();
  });

  it('Open on the desk puts it on my desk and goes there', async () => {
    const { sent } = show([makeStaffQuote()], {
      [`POST ${Q}/desk`]: ok({ message: quoteMessages.openedOnDesk('Q-1001'), companyId: COMPANY_ID }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open on the desk' }));
    expect(await screen.findByText(`Landed on /admin/desk/${COMPANY_ID}`)).toBeTruthy();
    expect(screen.getByText(quoteMessages.openedOnDesk('Q-1001'))).toBeTruthy();
    expect(sent(`POST ${Q}/desk`)).toHaveLength(1);
  });

  it('a desk already holding lines for the company is said, with the way to it', async () => {
    show([makeStaffQuote()], { [`POST ${Q}/desk`]: refused(409, quoteMessages.draftNotEmpty) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open on the desk' }));
    expect((await screen.findByRole('alert')).textContent).toBe(quoteMessages.draftNotEmpty);
    expect(
      screen.getByRole('link', { name: 'Go to your desk for Corner Shop LLC' }).getAttribute('href'),
    ).toBe(`/admin/desk/${COMPANY_ID}`);
  });

  it('Withdraw needs a reason and a confirmation; then the quote reads withdrawn and focus is on the message', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const withdrawn = makeStaffQuote({
      status: 'withdrawn',
      closedReason: 'Prices change on Monday',
      decidedAt: '2026-11-26T10:00:00.000Z',
      decidedBy: 'Sam Staff',
    });
    const { sent } = show([makeStaffQuote(), withdrawn], {
      [`POST ${Q}/withdraw`]: ok({ message: quoteMessages.withdrawn('Q-1001') }),
    });
    const toggle = await screen.findByRole('button', { name: 'Withdraw…' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Withdraw quote Q-1001' });
    const reason = within(form).getByLabelText('Why is it withdrawn?');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw quote' }));
    expect(await within(form).findByText(quoteMessages.withdrawReason)).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: 'Prices change on Monday' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw quote' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(sent(`POST ${Q}/withdraw`)).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw quote' }));
    await waitFor(() => expect(sent(`POST ${Q}/withdraw`)).toHaveLength(1));
    expect(sent(`POST ${Q}/withdraw`)[0]!.body).toEqual({ reason: 'Prices change on Monday' });
    expect(confirm).toHaveBeenLastCalledWith(
      'Withdraw quote Q-1001? Corner Shop LLC can no longer accept it.',
    );

    const said = await screen.findByRole('status');
    expect(said.textContent).toBe(quoteMessages.withdrawn('Q-1001'));
    await waitFor(() => expect(document.activeElement).toBe(said));
    const status = screen.getByRole('heading', { name: 'Status' }).closest('section')!;
    expect(status.textContent).toContain('withdrawn');
    expect(status.textContent).toContain('ReasonPrices change on Monday');
    expect(screen.queryByRole('button', { name: 'Withdraw…' })).toBeNull();
    confirm.mockRestore();
  });

  it('Cancel closes the withdraw form unsent, focus back on Withdraw', async () => {
    const { sent } = show([makeStaffQuote()]);
    const toggle = await screen.findByRole('button', { name: 'Withdraw…' });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Withdraw quote Q-1001' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(sent(`POST ${Q}/withdraw`)).toHaveLength(0);
  });

  it('a quote that does not exist says so', async () => {
    show([makeStaffQuote()], { [`GET ${Q}`]: refused(404, quoteMessages.notFound) });
    expect((await screen.findByRole('alert')).textContent).toBe(quoteMessages.notFound);
  });
});
