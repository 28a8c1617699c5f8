import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, makeOrder, ok, renderPage } from '#tests/web-kit.tsx';
import { OrdersPage } from './orders-page.tsx';

const me = makeProfile({ id: 'u1' });
const shop = (id: string, name: string) => ({
  id,
  name,
  streetAddress: `${id} Main St`,
  streetAddress2: '',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  isDefault: id === 'l1',
  documents: { salesId: null, tobaccoLicense: null },
});
const locations = (n: number) =>
  ok({
    locations: [shop('l1', ''), shop('l2', 'Atlanta shop')].slice(0, n),
    companyDocuments: { salesId: null, tobaccoLicense: null },
    locationLimit: 5,
  });
const mine = makeOrder({ orderNumber: 'SS-1', placedBy: { id: 'u1', name: 'Robin Buyer' }, location: null });
const theirs = makeOrder({
  orderNumber: 'SS-2',
  placedBy: { id: 'u2', name: 'Sam Clerk' },
  location: { id: 'l2', name: 'Atlanta shop' },
});

describe('the orders page of a company (decision 015)', () => {
  it('says who placed an order and for which shop, and filters by location', async () => {
    const { sent } = fakeApi({
      'GET company/locations': locations(2),
      'GET orders': (call) => ok({ orders: call.query.get('location') === 'l2' ? [theirs] : [theirs, mine] }),
    });
    renderPage(<OrdersPage />, { user: me });
    expect(await screen.findByText('Placed by Sam Clerk · For Atlanta shop')).toBeTruthy();
    // My own order says nothing more than the spec's card.
    expect(screen.getByText('SS-1').closest('article')!.textContent).not.toMatch(/Placed by|For /);
    fireEvent.change(await screen.findByLabelText('Location'), { target: { value: 'l2' } });
    await waitFor(() => expect(sent('GET orders').some((c) => c.query.get('location') === 'l2')).toBe(true));
    await waitFor(() => expect(screen.queryByText('SS-1')).toBeNull());
  });

  it('a company of several members filters by who placed an order', async () => {
    const { sent } = fakeApi({
      'GET company/locations': locations(1),
      'GET company/members': ok({
        members: [
          {
            userId: 'u1',
            name: 'Robin Buyer',
            email: 'r@x.example',
            role: 'owner',
            orderLimitCents: null,
            joinedAt: '2026-01-01T00:00:00.000Z',
            isYou: true,
          },
          {
            userId: 'u2',
            name: 'Sam Clerk',
            email: 's@x.example',
            role: 'buyer',
            orderLimitCents: 5000,
            joinedAt: '2026-01-01T00:00:00.000Z',
            isYou: false,
          },
        ],
      }),
      'GET orders': (call) => ok({ orders: call.query.get('placedBy') === 'u2' ? [theirs] : [theirs, mine] }),
    });
    renderPage(<OrdersPage />, { user: me });
    const filter = await screen.findByLabelText('Placed by');
    expect([...(filter as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Anyone',
      'Robin Buyer (you)',
      'Sam Clerk',
    ]);
    fireEvent.change(filter, { target: { value: 'u2' } });
    await waitFor(() => expect(sent('GET orders').some((c) => c.query.get('placedBy') === 'u2')).toBe(true));
    await waitFor(() => expect(screen.queryByText('SS-1')).toBeNull());
  });

  it('an order taken at the store’s desk names the staff member and the business (decision 016)', async () => {
    const desk = makeOrder({
      orderNumber: 'SS-3',
      placedBy: { id: 'staff-1', name: 'Sam Staff' },
      takenAtDesk: true,
    });
    fakeApi({ 'GET company/locations': locations(1), 'GET orders': ok({ orders: [desk, mine] }) });
    renderPage(<OrdersPage />, { user: me });
    expect(await screen.findByText('Placed by Sam Staff for Chain Store 12')).toBeTruthy();
    expect(screen.getByText('SS-1').closest('article')!.textContent).not.toMatch(/Placed by/);
  });

  it('a one-shop business sees no filter and no extra line', async () => {
    fakeApi({ 'GET company/locations': locations(1), 'GET orders': ok({ orders: [mine] }) });
    renderPage(<OrdersPage />, { user: me });
    expect(await screen.findByText('SS-1')).toBeTruthy();
    expect(screen.queryByLabelText('Location')).toBeNull();
    expect(screen.queryByLabelText('Placed by')).toBeNull();
    expect(screen.queryByText(/Placed by/)).toBeNull();
  });
});
