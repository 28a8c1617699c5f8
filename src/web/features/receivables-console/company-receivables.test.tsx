import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '#shared/receivables/payments.schemas.ts';
import { ledgerMessages, receivablesMessages } from '#shared/receivables/receivables.messages.ts';
import { fakeApi, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { CompanyReceivables } from './company-receivables.tsx';
import { COMPANY_ID, makeLedger } from './receivables.fixture.ts';

const base = `admin/companies/${COMPANY_ID}`;
const SETTINGS = {
  invoiceOn: 'placed',
  defaultTerms: 'net_15',
  timeZone: 'America/Chicago',
  holdAfterDays: 30,
};

const render = (routes: Parameters<typeof fakeApi>[0] = {}, staff = makeStaffMe('accounting')) => {
  const api = fakeApi({
    [`GET ${base}/ledger`]: ok(makeLedger()),
    [`GET ${base}/terms`]: ok({ paymentTerms: null, effectiveTerms: 'net_15' }),
    'GET admin/receivables/settings': ok(SETTINGS),
    ...routes,
  });
  renderPage(<CompanyReceivables companyId={COMPANY_ID} />, { staff });
  return api;
};

const paymentForm = async () => screen.findByRole('form', { name: 'Record payment' });
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe("a company's receivables in the console", () => {
  it('shows what it owes and how old, its hold, documents with PDFs, and payments with voids', async () => {
    render();
    const summary = await screen.findByLabelText('Account summary');
    expect(within(summary).getByText('$700.00')).toBeTruthy();
    expect(within(summary).getByText('$25.00')).toBeTruthy();
    expect(within(screen.getByLabelText('Aging')).getByText('$500.00')).toBeTruthy();
    expect(screen.getByText(/invoice INV-2026-000001 is 45 days past due/)).toBeTruthy();
    const docs = screen.getByRole('table', { name: 'Invoices and credit notes' });
    expect(within(docs).getByRole('link', { name: 'PDF of INV-2026-000001' }).getAttribute('href')).toBe(
      '/api/v1/admin/invoices/INV-2026-000001/pdf',
    );
    expect(within(docs).getByText('Overdue')).toBeTruthy();
    expect(within(docs).getByText('Partly paid')).toBeTruthy();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(within(payments).getByRole('button', { name: 'Void PAY-2026-000001' })).toBeTruthy();
    expect(within(payments).queryByRole('button', { name: 'Void PAY-2026-000002' })).toBeNull();
    expect(within(payments).getByText(/Bounced/)).toBeTruthy();
    const terms = (await screen.findByLabelText('Terms')) as HTMLSelectElement;
    expect(terms.value).toBe('');
    expect(within(terms).getByRole('option', { name: 'Store default (Net 15)' })).toBeTruthy();
  });

  it('records a payment typed in dollars, applied to the oldest open invoices first', async () => {
    const { sent } = render({
      [`POST ${base}/payments`]: {
        status: 201,
        body: {
          message: ledgerMessages.paymentRecorded('PAY-2026-000003', '$125.50'),
          number: 'PAY-2026-000003',
        },
      },
    });
    const form = await paymentForm();
    expect((within(form).getByLabelText('Received on') as HTMLInputElement).value).toBe('2026-11-30');
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText(paymentMessages.amount)).toBeTruthy();
    expect(sent(`POST ${base}/payments`)).toEqual([]);
    type(within(form).getByLabelText('Amount ($)'), '125.50');
    fireEvent.change(within(form).getByLabelText('Method'), { target: { value: 'ach' } });
    type(within(form).getByLabelText('Reference', { exact: false }), 'ACH 77');
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText(ledgerMessages.paymentRecorded('PAY-2026-000003', '$125.50')),
    ).toBeTruthy();
    expect(sent(`POST ${base}/payments`)[0]!.body).toEqual({
      amountCents: 12_550,
      receivedOn: '2026-11-30',
      method: 'ach',
      reference: 'ACH 77',
      note: '',
      apply: 'oldest',
    });
  });

  it('by hand: a box per open invoice, checked against the payment and what each owes', async () => {
    const { sent } = render({
      [`POST ${base}/payments`]: {
        status: 201,
        body: {
          message: ledgerMessages.paymentRecorded('PAY-2026-000003', '$300.00'),
          number: 'PAY-2026-000003',
        },
      },
    });
    const form = await paymentForm();
    expect(within(form).queryByLabelText(/INV-2026-000001/)).toBeNull();
    fireEvent.click(within(form).getByLabelText('By hand'));
    const boxes = within(within(form).getByRole('list', { name: 'Open invoices' })).getAllByRole('textbox');
    // The oldest due first; the credit note and paid invoices have no box.
    expect(boxes.map((b) => b.getAttribute('name'))).toEqual([
      'byHand.INV-2026-000001',
      'byHand.INV-2026-000002',
    ]);
    type(within(form).getByLabelText('Amount ($)'), '300');
    type(within(form).getByLabelText(/INV-2026-000001/), '250');
    type(within(form).getByLabelText(/INV-2026-000002/), '100');
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText(paymentMessages.appliedTooMuch)).toBeTruthy();
    type(within(form).getByLabelText(/INV-2026-000001/), '');
    type(within(form).getByLabelText(/INV-2026-000002/), '250');
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('INV-2026-000002 owes $200.00.')).toBeTruthy();
    expect(sent(`POST ${base}/payments`)).toEqual([]);
    type(within(form).getByLabelText(/INV-2026-000001/), '250');
    type(within(form).getByLabelText(/INV-2026-000002/), '');
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText(ledgerMessages.paymentRecorded('PAY-2026-000003', '$300.00')),
    ).toBeTruthy();
    expect(sent(`POST ${base}/payments`)[0]!.body).toMatchObject({
      amountCents: 30_000,
      apply: [{ invoice: 'INV-2026-000001', amountCents: 25_000 }],
    });
  });

  it("shows the server's refusals: a 409 at the top of the form, a field's under it", async () => {
    let answer = refused(409, ledgerMessages.invoiceOwesLess('INV-2026-000001'));
    render({ [`POST ${base}/payments`]: () => answer });
    const form = await paymentForm();
    type(within(form).getByLabelText('Amount ($)'), '50');
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(ledgerMessages.invoiceOwesLess('INV-2026-000001'));
    expect(form.firstElementChild).toBe(alert);

    answer = refused(400, paymentMessages.future, 'receivedOn');
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText(paymentMessages.future)).toBeTruthy();
    await waitFor(() =>
      expect(within(form).getByLabelText('Received on').getAttribute('aria-invalid')).toBe('true'),
    );
  });

  it('voids a payment only with a reason', async () => {
    const { sent } = render({
      'POST admin/payments/PAY-2026-000001/void': ok({
        message: ledgerMessages.paymentVoided('PAY-2026-000001'),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Void PAY-2026-000001' }));
    const why = screen.getByLabelText('Why');
    await waitFor(() => expect(document.activeElement).toBe(why));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByLabelText('Why')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Void PAY-2026-000001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Void payment' }));
    expect(await screen.findByText(paymentMessages.reasonRequired)).toBeTruthy();
    expect(sent('POST admin/payments/PAY-2026-000001/void')).toEqual([]);
    type(screen.getByLabelText('Why'), 'Entered twice');
    fireEvent.click(screen.getByRole('button', { name: 'Void payment' }));
    expect(await screen.findByText(ledgerMessages.paymentVoided('PAY-2026-000001'))).toBeTruthy();
    expect(sent('POST admin/payments/PAY-2026-000001/void')[0]!.body).toEqual({ reason: 'Entered twice' });
  });

  it('changes the limit, lifts the hold, sets terms and pays credit back', async () => {
    const { sent } = render({
      [`PUT ${base}/credit-limit`]: ok({ message: ledgerMessages.limitSaved }),
      [`POST ${base}/hold/lift`]: ok({ message: ledgerMessages.holdLifted('2026-12-07') }),
      [`PUT ${base}/terms`]: ok({ paymentTerms: 'net_30', effectiveTerms: 'net_30' }),
      [`POST ${base}/refunds`]: {
        status: 201,
        body: { message: ledgerMessages.refundRecorded('$25.00', 'CN-2026-000001') },
      },
    });
    const limit = await screen.findByLabelText('Credit limit ($)');
    expect((limit as HTMLInputElement).value).toBe('1000.00');
    type(limit, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText(ledgerMessages.limitSaved)).toBeTruthy();
    expect(sent(`PUT ${base}/credit-limit`)[0]!.body).toEqual({ creditLimitCents: null });

    const lift = screen.getByRole('form', { name: 'Lift hold' });
    fireEvent.click(within(lift).getByRole('button', { name: 'Lift hold' }));
    expect(await within(lift).findByText(paymentMessages.reasonRequired)).toBeTruthy();
    type(within(lift).getByLabelText('Reason'), 'Check in the mail');
    fireEvent.click(within(lift).getByRole('button', { name: 'Lift hold' }));
    expect(await screen.findByText(ledgerMessages.holdLifted('2026-12-07'))).toBeTruthy();
    expect(sent(`POST ${base}/hold/lift`)[0]!.body).toEqual({
      reason: 'Check in the mail',
      until: '2026-12-07',
    });

    fireEvent.change(await screen.findByLabelText('Terms'), { target: { value: 'net_30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText(receivablesMessages.termsSaved)).toBeTruthy();
    expect(sent(`PUT ${base}/terms`)[0]!.body).toEqual({ paymentTerms: 'net_30' });

    const refund = screen.getByRole('form', { name: 'Refund' });
    expect(
      within(within(refund).getByLabelText('From'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CN-2026-000001 ($25.00 unused)']);
    type(within(refund).getByLabelText('Amount ($)'), '25');
    type(within(refund).getByLabelText('Reason'), 'Account closed');
    fireEvent.click(within(refund).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText(ledgerMessages.refundRecorded('$25.00', 'CN-2026-000001'))).toBeTruthy();
    expect(sent(`POST ${base}/refunds`)[0]!.body).toEqual({
      source: 'CN-2026-000001',
      amountCents: 2_500,
      paidOn: '2026-11-30',
      method: 'check',
      reference: '',
      reason: 'Account closed',
    });
  });

  it('shows a statement for a period, with its PDF', async () => {
    const { sent } = render({
      [`GET ${base}/statement`]: ok({
        company: { id: COMPANY_ID, businessName: 'Corner Shop LLC' },
        from: '2026-11-01',
        to: '2026-11-30',
        openingCents: 50_000,
        closingCents: 70_000,
        entries: [
          {
            date: '2026-11-20',
            kind: 'invoice',
            number: 'INV-2026-000002',
            description: 'Order SS-100002',
            amountCents: 40_000,
            balanceCents: 90_000,
          },
        ],
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show statement' }));
    const table = await screen.findByRole('table', { name: 'Statement' });
    expect(within(table).getByText('Order SS-100002')).toBeTruthy();
    const query = sent(`GET ${base}/statement`)[0]!.query;
    expect([query.get('from'), query.get('to')]).toEqual(['2026-11-01', '2026-11-30']);
    expect(screen.getByRole('link', { name: 'Statement PDF' }).getAttribute('href')).toBe(
      `/api/v1/${base}/statement.pdf?from=2026-11-01&to=2026-11-30`,
    );
  });

  it('a role without receivables reads the account but sees no write actions', async () => {
    const { calls } = render({}, makeStaffMe('sales'));
    expect(await screen.findByRole('table', { name: 'Payments' })).toBeTruthy();
    expect(await screen.findByText(/the store's default/)).toBeTruthy();
    for (const name of ['Record payment', 'Credit limit', 'Lift hold', 'Payment terms', 'Refund'])
      expect(screen.queryByRole('form', { name }), name).toBeNull();
    expect(screen.queryByRole('button', { name: /^Void/ })).toBeNull();
    expect(calls.some((c) => c.path === 'admin/receivables/settings')).toBe(false);
  });
});
