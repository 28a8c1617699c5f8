import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { type OrderRevision, orderChangeMessages } from '#shared/orders/order-change.schemas.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, makeOrder, makeStore, ok, renderPage } from '#tests/web-kit.tsx';
import { InvoicePage } from './invoice-page.tsx';
import { OrdersPage } from './orders-page.tsx';

const me = makeProfile({ id: 'u1' });
const locations = ok({
  locations: [],
  companyDocuments: { salesId: null, tobaccoLicense: null },
  locationLimit: 5,
});
const MANGO = 'Nimbus Bar Ultra — Mango Ice';
const first: OrderRevision = {
  version: 1,
  at: '2026-11-26T10:00:00.000Z',
  by: 'Sam Staff',
  reason: 'Short on stock',
  changes: [orderChangeMessages.quantity(MANGO, 4, 2)],
  totalBeforeCents: 6000,
  totalAfterCents: 3000,
};
const second: OrderRevision = {
  version: 2,
  at: '2026-11-27T09:30:00.000Z',
  by: 'Sam Staff',
  reason: 'You asked to pick it up',
  changes: [
    orderChangeMessages.shipping('delivery', 'pickup'),
    orderChangeMessages.added(1, 'Haze Pod — Peach'),
  ],
  totalBeforeCents: 5000,
  totalAfterCents: 4500,
};
const revised = makeOrder({ orderNumber: 'SS-7', revisions: [first, second] });
const untouched = makeOrder({ orderNumber: 'SS-8' });

describe('an order staff changed before it shipped, as its buyer sees it (decision 016, part 4)', () => {
  it('the order card says when it was revised, and opens onto each change and its reason, newest first', async () => {
    fakeApi({ 'GET company/locations': locations, 'GET orders': ok({ orders: [revised, untouched] }) });
    renderPage(<OrdersPage />, { user: me });
    const summary = await screen.findByText(`Revised ${formatDate(second.at)} (3 changes)`);
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    const [newest, oldest] = within(details)
      .getAllByRole('listitem', { hidden: true })
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(newest!.textContent).toContain(`${formatDate(second.at)}: You asked to pick it up`);
    expect(within(newest!).getByText(orderChangeMessages.added(1, 'Haze Pod — Peach'))).toBeTruthy();
    expect(within(oldest!).getByText(orderChangeMessages.quantity(MANGO, 4, 2))).toBeTruthy();
    // An order never changed says nothing of it.
    expect(screen.getByText('SS-8').closest('article')!.textContent).not.toMatch(/Revised/);
  });

  it('the invoice says when and which revision it is of', async () => {
    fakeApi({ 'GET store': ok(makeStore()), 'GET orders/SS-7': ok(revised) });
    renderPage(<InvoicePage />, { user: me, path: '/invoice?order=SS-7', route: '/invoice' });
    expect(await screen.findByText(`${formatDateTime(second.at)} — revision 2`)).toBeTruthy();
    expect(screen.getByText('Revised').tagName).toBe('DT');
  });

  it('an invoice of an order never changed says nothing of it', async () => {
    fakeApi({ 'GET store': ok(makeStore()), 'GET orders/SS-8': ok(untouched) });
    renderPage(<InvoicePage />, { user: me, path: '/invoice?order=SS-8', route: '/invoice' });
    await screen.findByRole('heading', { name: 'Invoice' });
    expect(screen.queryByText('Revised')).toBeNull();
  });
});
