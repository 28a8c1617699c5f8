import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { makeLedgerInvoice, makeMemberAccount, makeMemberPayment } from './invoices.fixture.ts';
import { InvoicesPage } from './invoices-page.tsx';

const owner = makeProfile({ company: { id: 'company-1', role: 'owner', businessName: 'Chain Store 12' } });
const buyer = makeProfile({ company: { id: 'company-1', role: 'buyer', businessName: 'Chain Store 12' } });

const open = (account: ReturnType<typeof makeMemberAccount>, user = owner) => {
  const api = fakeApi({ 'GET account/invoices': ok(account) });
  renderPage(<InvoicesPage />, { user, path: '/account/invoices', route: '/account/invoices' });
  return api;
};

/** The value a term names inside `scope` (a <dt> and its <dd>). */
const termValue = (scope: HTMLElement, term: string) =>
  within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Invoices & payments of an owner (decision 017)', () => {
  const overdue = makeLedgerInvoice({
    number: 'INV-2026-000002',
    orderNumber: 'SS-2',
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-08',
    totalCents: 25_000,
    openCents: 15_000,
    state: 'overdue',
    daysPastDue: 43,
  });
  const credit = makeLedgerInvoice({
    number: 'CN-2026-000001',
    kind: 'credit_note',
    orderNumber: 'SS-2',
    totalCents: 3000,
    openCents: 1200,
    state: null,
  });
  const account = makeMemberAccount({
    summary: {
      balanceCents: 23_800,
      overdueCents: 15_000,
      unappliedCents: 1200,
      aging: { current: 10_000, d1_30: 0, d31_60: 15_000, d61_90: 0, over_90: 0 },
      today: '2026-11-20',
    },
    invoices: [makeLedgerInvoice({ openCents: 5000, state: 'partly_paid' }), overdue, credit],
    payments: [
      makeMemberPayment({ amountCents: 6200, unappliedCents: 1200, method: 'ach', reference: 'ACH 88' }),
    ],
  });

  it('shows the balance, the overdue amount highlighted and the aging buckets', async () => {
    open(account);
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(termValue(balance, 'You owe')).toBe('$238.00');
    expect(termValue(balance, 'Overdue')).toBe('$150.00');
    expect(within(balance).getByText('Past its due date. Please arrange payment.')).toBeTruthy();
    expect(termValue(balance, 'Unused credit')).toBe('$12.00');
    expect(termValue(balance, 'Current')).toBe('$100.00');
    expect(termValue(balance, '1–30 days')).toBe('$0.00');
    expect(termValue(balance, '31–60 days')).toBe('$150.00');
    expect(termValue(balance, '61–90 days')).toBe('$0.00');
    expect(termValue(balance, 'Over 90 days')).toBe('$0.00');
  });

  it('lists each document with its kind, order, dates, amounts, state and PDF', async () => {
    open(account);
    const list = await screen.findByRole('list', { name: 'Invoices and credit notes' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Partly paid')).toBeTruthy();
    expect(termValue(first!, 'Left to pay')).toBe('$50.00');
    expect(termValue(first!, 'Due')).toBe('Dec 2, 2026');
    expect(within(first!).getByRole('link', { name: 'SS-1' }).getAttribute('href')).toBe(
      '/invoice?order=SS-1',
    );

    expect(within(second!).getByText('Overdue — 43 days')).toBeTruthy();
    expect(termValue(second!, 'Total')).toBe('$250.00');
    expect(termValue(second!, 'Date')).toBe('Oct 1, 2026');
    const pdf = within(second!).getByRole('link', { name: 'Download PDF of INV-2026-000002' });
    expect(pdf.getAttribute('href')).toBe('/api/v1/invoices/INV-2026-000002/pdf');
    expect(pdf.hasAttribute('download')).toBe(true);

    // A credit note: no due date and no state, what is left of it is credit not used yet.
    expect(within(third!).getByText('Credit note')).toBeTruthy();
    expect(termValue(third!, 'Credit unused')).toBe('$12.00');
    expect(within(third!).queryByText('Due')).toBeNull();
    expect(within(third!).queryByText(/Open|Paid|Overdue/)).toBeNull();
    expect(
      within(third!).getByRole('link', { name: 'Download PDF of CN-2026-000001' }).getAttribute('href'),
    ).toBe('/api/v1/invoices/CN-2026-000001/pdf');
  });

  it('lists the payments with their method, reference, what they paid and the credit left', async () => {
    open(account);
    const payment = within(await screen.findByRole('list', { name: 'Payments' })).getByRole('listitem', {
      name: 'Payment PAY-2026-000001',
    });
    expect(termValue(payment, 'Date')).toBe('Nov 10, 2026');
    expect(termValue(payment, 'Method')).toBe('ACH');
    expect(termValue(payment, 'Reference')).toBe('ACH 88');
    expect(termValue(payment, 'Amount')).toBe('$62.00');
    expect(termValue(payment, 'Applied to')).toBe('INV-2026-000001 · $50.00');
    expect(termValue(payment, 'Unused credit')).toBe('$12.00');
    expect(screen.getByRole('region', { name: 'Statement' })).toBeTruthy();
  });

  it('a company in credit is told so; nothing overdue is not highlighted', async () => {
    open(
      makeMemberAccount({
        summary: {
          balanceCents: -4500,
          overdueCents: 0,
          unappliedCents: 4500,
          aging: { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 },
          today: '2026-11-20',
        },
        invoices: [makeLedgerInvoice({ openCents: 0, state: 'paid' })],
      }),
    );
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(termValue(balance, 'In credit')).toBe('$45.00');
    expect(within(balance).queryByText('You owe')).toBeNull();
    expect(within(balance).queryByText('Past its due date. Please arrange payment.')).toBeNull();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByText('No payments yet.')).toBeTruthy();
  });

  it('with no documents says so', async () => {
    open(makeMemberAccount({ invoices: [] }));
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Invoices and credit notes' })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    fakeApi({ 'GET account/invoices': refused(500, 'Oops! Something went wrong.') });
    renderPage(<InvoicesPage />, { user: owner });
    expect((await screen.findByRole('alert')).textContent).toBe('Oops! Something went wrong.');
  });
});

describe('Invoices & payments of a member with the buyer role', () => {
  it("lists the invoices of the orders they placed, without the company's balance, payments or statement", async () => {
    open({ summary: null, invoices: [makeLedgerInvoice()], payments: [] }, buyer);
    expect(await screen.findByText('You see the invoices of the orders you placed.')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Invoice INV-2026-000001' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Balance' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Statement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show statement' })).toBeNull();
  });

  it('a login of no company is told the page is for business accounts, and asks nothing', async () => {
    const { sent } = open(makeMemberAccount(), makeProfile({ company: null }));
    expect(await screen.findByText(/for business accounts/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(sent('GET account/invoices')).toEqual([]);
  });
});
