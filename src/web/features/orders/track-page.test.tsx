import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeOrder, ok, renderPage } from '#tests/web-kit.tsx';
import { TrackPage } from './track-page.tsx';

const shipped = (tracking: ReturnType<typeof makeOrder>['tracking']) =>
  makeOrder({
    shippingType: 'Shiptoaddress',
    events: [
      { stage: 'placed', at: '2026-11-25T15:30:00.000Z' },
      { stage: 'shipped', at: '2026-11-26T09:00:00.000Z' },
    ],
    tracking,
  });

const open = (order: ReturnType<typeof makeOrder>) => {
  fakeApi({ [`GET orders/${order.orderNumber}`]: ok(order) });
  renderPage(<TrackPage />, { path: `/track?order=${order.orderNumber}`, route: '/track' });
};

describe("the buyer's Track page names the carrier (decision 014, item 14)", () => {
  it("shows the carrier, the tracking number and a link to the carrier's page, in a new tab", async () => {
    open(
      shipped({ carrier: 'UPS Ground', number: '1Z999', url: 'https://www.ups.com/track?tracknum=1Z999' }),
    );
    const link = await screen.findByRole('link', { name: /Track with UPS Ground/ });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    screen.getByText('1Z999');
    screen.getByText('UPS Ground');
  });

  it('a carrier without a page, or without a number, is named with no link; no shipment, no section', async () => {
    open(shipped({ carrier: 'Store van', number: '', url: null }));
    await screen.findByText('Store van');
    expect(screen.queryByText('Tracking number')).toBeNull();
    expect(screen.queryByRole('link', { name: /Track with/ })).toBeNull();
  });

  it('an order not shipped has no carrier section', async () => {
    open(makeOrder());
    await screen.findByRole('heading', { name: 'Order placed' });
    expect(screen.queryByText('Carrier')).toBeNull();
  });
});
