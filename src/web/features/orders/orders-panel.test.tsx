import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderTab } from '#shared/orders/order-tracking.ts';
import type { Order } from '#shared/orders/orders.schemas.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { fakeApi, makeOrder, ok, renderPage } from '#tests/web-kit.tsx';
import { OrdersPanel } from './orders-panel.tsx';

const delivered: Order = makeOrder({
  orderNumber: 'SS-1001',
  items: makeOrder().items.map((i) => ({ ...i, variantId: 'VX-1', status: 'delivered' as const })),
});

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
