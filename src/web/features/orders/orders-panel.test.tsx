import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderTab } from '#shared/orders/order-tracking.ts';
import type { Order } from '#shared/orders/orders.schemas.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { OrdersPanel } from './orders-panel.tsx';

const delivered: Order = {
  orderNumber: 'SS-1001',
  datePlaced: '2026-11-20T12:00:00.000Z',
  shippingType: 'Pickup',
  shippingDetails: {
    name: 'Robin Buyer',
    businessName: 'Chain Store 12',
    address: '12 Elm St',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
  },
  comments: '',
  subtotalCents: 3000,
  shippingCents: 0,
  exciseCents: 0,
  totalCents: 3000,
  items: [
    {
      variantId: 'VX-1',
      productName: 'Cloudtide Max',
      variantName: 'Mint Ice',
      imageUrl: '/media/x.webp',
      unitPriceCents: 1500,
      quantity: 2,
      lineTotalCents: 3000,
      exciseCents: 0,
      status: 'delivered',
      categoryId: 'vapes',
      brandId: 'cloudtide',
      productId: 'cloudtide-max',
    },
  ],
  events: [{ stage: 'placed', at: '2026-11-20T12:00:00.000Z' }],
};

/** The orders API with `byTab`'s orders under each tab. */
const api = (byTab: Partial<Record<OrderTab, Order[]>>) =>
  fakeApi({ 'GET orders': (call) => ok({ orders: byTab[call.query.get('tab') as OrderTab] ?? [] }) });

function Panel({ start }: { start: OrderTab }) {
  const [tab, setTab] = useState<OrderTab>(start);
  return <OrdersPanel tab={tab} onTab={setTab} />;
}

describe('an empty orders tab', () => {
  it('with every order delivered: nothing open, and a way to the Delivered tab — not "no orders yet"', async () => {
    api({ Delivered: [delivered] });
    renderPage(<Panel start="Orders" />);
    expect(await screen.findByText(orderMessages.emptyTab.Orders)).toBeTruthy();
    expect(screen.queryByText(orderMessages.noOrdersYet)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelled' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('SS-1001')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Delivered' }).getAttribute('aria-selected')).toBe('true');
    // The order's line names its option's SKU.
    expect(screen.getByText('VX-1').parentElement!.textContent).toBe('SKU VX-1');
  });

  it('for a buyer with no orders at all, the spec’s own words', async () => {
    api({});
    renderPage(<Panel start="Orders" />);
    expect(await screen.findByText(orderMessages.noOrdersYet)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delivered|Cancelled/ })).toBeNull();
  });
});
