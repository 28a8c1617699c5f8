import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '#shared/orders/orders-staff.schemas.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import { fakeApi, makeOrder, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { AdminOrderDetailPage } from './order-detail-page.tsx';

const adminOrder = (o: Partial<AdminOrder> = {}): AdminOrder => ({
  ...makeOrder({ shippingType: 'Shiptoaddress' }),
  buyer: { id: 'u1', name: 'Robin Buyer', businessName: 'Chain Store 12', email: 'robin@shop.example' },
  carrier: 'Lone Star Freight',
  trackingNumber: '',
  mailedStages: [],
  internalNote: '',
  feeNote: '',
  version: 0,
  ...o,
});
const at = (...stages: string[]) => stages.map((stage, i) => ({ stage, at: `2026-11-25T1${i}:00:00.000Z` }));
const path = 'admin/orders/SS-1042';

function show(order: AdminOrder, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ [`GET ${path}`]: ok(order), ...routes });
  renderPage(<AdminOrderDetailPage />, { path: '/admin/orders/SS-1042', route: '/admin/orders/:number' });
  return api;
}

describe('order stages with care (decision 014, item 14)', () => {
  it('asks before a step that mails the buyer, and a delivery ships with its carrier and tracking number', async () => {
    const shipped = adminOrder({
      events: at('placed', 'shipped'),
      tracking: {
        carrier: 'FedEx Ground',
        number: '7489',
        url: 'https://www.fedex.com/fedextrack/?trknbr=7489',
      },
    });
    const { sent } = show(adminOrder({ events: at('placed') }), { [`POST ${path}/stage`]: ok(shipped) });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Shipped…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark SS-1042 as Shipped?' });
    expect(sent(`POST ${path}/stage`)).toHaveLength(0);
    within(dialog).getByText('Chain Store 12 gets an email saying the order is shipped.');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Carrier').value).toBe('Lone Star Freight');
    fireEvent.change(within(dialog).getByLabelText('Tracking number (optional)'), {
      target: { value: '<b>' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    await within(dialog).findByText(orderAdminMessages.trackingNumberFormat);
    expect(sent(`POST ${path}/stage`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: 'FedEx Ground' } });
    fireEvent.change(within(dialog).getByLabelText('Tracking number (optional)'), {
      target: { value: '7489' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    await screen.findByText('Marked Shipped. The buyer was emailed.');
    expect(sent(`POST ${path}/stage`)[0]!.body).toEqual({
      stage: 'shipped',
      carrier: 'FedEx Ground',
      trackingNumber: '7489',
    });
  });

  it('a stage mailed before is said to mail nobody; a pickup is asked for no carrier', async () => {
    show(
      adminOrder({ shippingType: 'Pickup', carrier: '', events: at('placed'), mailedStages: ['shipped'] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Shipped…' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(
      'Chain Store 12 was already emailed about this stage, so no email goes this time unless the carrier or tracking number changes.',
    );
    expect(within(dialog).queryByLabelText('Carrier')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('steps back one stage after asking, naming the stage it leaves; a colleague who moved first is told', async () => {
    const order = adminOrder({ events: at('placed', 'shipped', 'out_for_delivery') });
    const { sent } = show(order, {
      [`POST ${path}/stage/back`]: refused(409, orderAdminMessages.stageChanged),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Step back to Shipped…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Step SS-1042 back to Shipped?' });
    within(dialog).getByText(/The buyer is not emailed/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Step back to Shipped' }));
    await within(dialog).findByText(orderAdminMessages.stageChanged);
    expect(sent(`POST ${path}/stage/back`)[0]!.body).toEqual({ from: 'out_for_delivery' });
  });

  it('items follow the stage: Cancel before shipping, Delivered once shipped, and nothing to step back while placed', async () => {
    show(adminOrder({ events: at('placed') }));
    await screen.findByRole('button', { name: 'Cancel Nimbus Bar Ultra — Mango Ice' });
    expect(screen.queryByRole('button', { name: /delivered$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Step back/ })).toBeNull();
  });

  it('once shipped, an item is marked delivered, not cancelled', async () => {
    show(adminOrder({ events: at('placed', 'shipped') }));
    await screen.findByRole('button', { name: 'Mark Nimbus Bar Ultra — Mango Ice delivered' });
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
    screen.getByRole('button', { name: 'Step back to Order placed…' });
  });

  it('shipping again after a step back starts from the carrier and number given, and says a corrected one is mailed', async () => {
    show(
      adminOrder({
        events: at('placed'),
        mailedStages: ['shipped'],
        carrier: 'UPS Ground',
        trackingNumber: '1Z999',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as Shipped…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Tracking number (optional)').value).toBe('1Z999');
    within(dialog).getByText(/was already emailed about this stage/);
    fireEvent.change(within(dialog).getByLabelText('Tracking number (optional)'), {
      target: { value: '1Z998' },
    });
    await within(dialog).findByText('Chain Store 12 gets an email saying the order is shipped.');
  });
});

describe('an order taken at the desk, on its page (decision 016, part 2)', () => {
  it('says by whom, with its internal note and why the fee changed', async () => {
    show(
      adminOrder({
        events: at('placed'),
        placedBy: { id: 'staff-1', name: 'Sam Staff' },
        takenAtDesk: true,
        internalNote: 'Call before noon.',
        feeNote: '$15.00 instead of $20.00: own truck',
      }),
    );
    expect(await screen.findByText('Taken at the desk by Sam Staff')).toBeTruthy();
    // The order's user is the staff member: no buyer's page to link to.
    expect(screen.queryByRole('link', { name: 'Buyer details' })).toBeNull();
    const note = screen.getByRole('heading', { name: 'Internal note' }).closest('section')!;
    expect(within(note).getByText('Call before noon.')).toBeTruthy();
    expect(within(note).getByText(/Staff only/)).toBeTruthy();
    expect(screen.getByText('Delivery fee changed: $15.00 instead of $20.00: own truck')).toBeTruthy();
  });

  it('an order a buyer placed says none of it', async () => {
    show(adminOrder({ events: at('placed') }));
    expect(await screen.findByRole('heading', { name: 'Order SS-1042' })).toBeTruthy();
    expect(screen.queryByText(/Taken at the desk/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Buyer details' }).getAttribute('href')).toBe('/admin/buyers/u1');
    expect(screen.queryByRole('heading', { name: 'Internal note' })).toBeNull();
    expect(screen.queryByText(/Delivery fee changed/)).toBeNull();
  });
});
