import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/orders/orders.schemas.ts';
import { fakeApi, makeOrder, makeStore, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { OrdersPage } from './orders-page.tsx';

const order = (shippingType: Order['shippingType']): Order => {
  const pickup = shippingType === 'Pickup';
  const base = makeOrder();
  return makeOrder({
    shippingType,
    shippingCents: pickup ? 0 : 2000,
    exciseCents: pickup ? 0 : 150,
    totalCents: pickup ? 3000 : 5150,
    items: base.items.map((i) => ({ ...i, exciseCents: pickup ? 0 : 150 })),
  });
};

const store = makeStore({
  paymentNote: 'We call you within a business day to arrange payment.',
  pickupAddress: '1 Dock Rd, Dallas, TX',
  carrier: 'Lone Star Freight',
});

function api(placed: Order) {
  return fakeApi({
    'GET store': ok(store),
    [`GET orders/${placed.orderNumber}`]: ok(placed),
    'GET orders': ok({ orders: [placed] }),
  });
}

describe('the confirmation after Check out (decision 014, item 7)', () => {
  it('a pickup: the number, payment as the store arranges it, where to collect, the summary and the links', async () => {
    api(order('Pickup'));
    renderPage(<OrdersPage />, { path: '/orders?placed=SS-1042', route: '/orders' });
    const heading = await screen.findByRole('heading', { name: 'Thank you — order SS-1042 is placed' });
    const section = heading.closest('section')!;
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const next = within(section).getByRole('list', { name: 'What happens next' }).textContent;
    expect(next).toContain('Payment. We call you within a business day to arrange payment.');
    expect(next).toContain('Collect your order at 1 Dock Rd, Dallas, TX');
    expect(next).not.toMatch(/ship|deliver/i);
    expect(within(section).getByText('SS-1003-10').parentElement!.textContent).toBe('SKU SS-1003-10');
    expect(within(section).getByText('Mango Ice · 2 × $15.00 per box of 10')).toBeTruthy();
    expect(within(section).getByText('Pickup in store')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'View invoice' }).getAttribute('href')).toBe(
      '/invoice?order=SS-1042',
    );
    expect(within(section).getByRole('link', { name: 'Track package' }).getAttribute('href')).toBe(
      '/track?order=SS-1042',
    );
    // The orders list is below it; "All your orders" leaves the confirmation for the list.
    expect(await screen.findByRole('tab', { name: 'Orders' })).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'All your orders' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /is placed/ })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your Orders', level: 1 }));
  });

  it('a delivery: the carrier, the address and the excise', async () => {
    api(order('Shiptoaddress'));
    renderPage(<OrdersPage />, { path: '/orders?placed=SS-1042', route: '/orders' });
    const section = (await screen.findByRole('heading', { name: /SS-1042 is placed/ })).closest('section')!;
    expect(section.textContent).toContain('We ship it by Lone Star Freight to 12 Elm St, Austin, TX 78701');
    expect(within(section).getByText('State excise (TX)')).toBeTruthy();
    expect(within(section).getByText('$51.50')).toBeTruthy();
  });

  it("an order that is not the buyer's shows no confirmation, only the list", async () => {
    fakeApi({
      'GET store': ok(store),
      'GET orders/SS-9999': refused(404, 'Order not found'),
      'GET orders': ok({ orders: [] }),
    });
    renderPage(<OrdersPage />, { path: '/orders?placed=SS-9999', route: '/orders' });
    expect(await screen.findByText('You havent placed any orders yet')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /is placed/ })).toBeNull();
  });
});
