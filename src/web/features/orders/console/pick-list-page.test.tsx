import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PickList } from '#shared/orders/orders-staff.schemas.ts';
import { fakeApi, makeAdminOrder, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { AdminOrdersPage } from './orders-page.tsx';
import { PickListPage } from './pick-list-page.tsx';

const PICK_LIST: PickList = {
  orderCount: 2,
  lines: [
    {
      sku: 'SS-1003-10',
      productName: 'Nimbus Bar Ultra',
      variantName: 'Mango Ice',
      sellingUnit: 'box of 10',
      quantity: 7,
      stock: 4,
      orders: [
        { number: 'SS-100001', business: 'Chain Store 12', quantity: 5 },
        { number: 'SS-100002', business: 'Bay Vapes', quantity: 2 },
      ],
    },
    {
      sku: 'SS-2001-1',
      productName: 'Cloudtide Max',
      variantName: 'Mint',
      sellingUnit: 'each',
      quantity: 3,
      stock: 50,
      orders: [{ number: 'SS-100002', business: 'Bay Vapes', quantity: 3 }],
    },
  ],
};

describe('the pick list', () => {
  it('adds up what to pick, flags a shortfall and links each order', async () => {
    fakeApi({ 'GET admin/orders/pick-list': ok(PICK_LIST) });
    renderPage(<PickListPage />, { path: '/admin/orders/pick-list', staff: makeStaffMe('warehouse') });
    expect(await screen.findByRole('heading', { name: 'Pick list' })).toBeTruthy();
    expect(await screen.findByText('For 2 orders waiting to ship.')).toBeTruthy();
    const [, short, plenty] = within(screen.getByRole('table', { name: 'Pick list' })).getAllByRole('row');
    expect(short!.textContent).toContain('Nimbus Bar Ultra — Mango Ice');
    expect(short!.textContent).toContain('box of 10');
    expect(within(short!).getByText('7')).toBeTruthy();
    expect(within(short!).getByText('short by 3')).toBeTruthy();
    expect(
      within(short!).getByRole('link', { name: 'SS-100001 × 5 (Chain Store 12)' }).getAttribute('href'),
    ).toBe('/admin/orders/SS-100001');
    expect(within(short!).getByRole('link', { name: 'SS-100002 × 2 (Bay Vapes)' }).getAttribute('href')).toBe(
      '/admin/orders/SS-100002',
    );
    expect(within(plenty!).getByText('3')).toBeTruthy();
    expect(plenty!.textContent).not.toContain('short by');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('asks for pickups only when told', async () => {
    const { sent } = fakeApi({ 'GET admin/orders/pick-list': ok(PICK_LIST) });
    renderPage(<PickListPage />, { path: '/admin/orders/pick-list', staff: makeStaffMe('warehouse') });
    await screen.findByText('For 2 orders waiting to ship.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Shipping' }), { target: { value: 'Pickup' } });
    await waitFor(() => expect(sent('GET admin/orders/pick-list')).toHaveLength(2));
    expect(sent('GET admin/orders/pick-list').map((c) => c.query.get('shipping'))).toEqual([null, 'Pickup']);
  });

  it('says when nothing waits to ship', async () => {
    fakeApi({ 'GET admin/orders/pick-list': ok({ orderCount: 0, lines: [] }) });
    renderPage(<PickListPage />, { path: '/admin/orders/pick-list?shipping=Shiptoaddress' });
    expect(await screen.findByText('Nothing to pick: no orders are waiting to ship.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Shipping' }) as HTMLSelectElement).value).toBe(
      'Shiptoaddress',
    );
  });

  it('shows the server’s refusal to a role that does not fulfil orders', async () => {
    fakeApi({ 'GET admin/orders/pick-list': refused(403, 'Not part of your role.') });
    renderPage(<PickListPage />, { path: '/admin/orders/pick-list', staff: makeStaffMe('sales') });
    expect((await screen.findByRole('alert')).textContent).toBe('Not part of your role.');
  });
});

describe('the orders page’s way to the pick list', () => {
  const list = { orders: [makeAdminOrder()], total: 1, page: 1, pageSize: 25 };

  it.each(['admin', 'warehouse'] as const)('is there for %s', async (role) => {
    fakeApi({ 'GET admin/orders': ok(list) });
    renderPage(<AdminOrdersPage />, { path: '/admin/orders', staff: makeStaffMe(role) });
    await screen.findByRole('link', { name: 'SS-1042' });
    expect(screen.getByRole('link', { name: 'Pick list' }).getAttribute('href')).toBe(
      '/admin/orders/pick-list',
    );
  });

  it('is not there for sales', async () => {
    fakeApi({ 'GET admin/orders': ok(list) });
    renderPage(<AdminOrdersPage />, { path: '/admin/orders', staff: makeStaffMe('sales') });
    await screen.findByRole('link', { name: 'SS-1042' });
    expect(screen.queryByRole('link', { name: 'Pick list' })).toBeNull();
  });
});

describe('the orders waiting to ship (the dashboard’s queue)', () => {
  it('opened from the dashboard, lists them with the Stage filter showing it', async () => {
    const { sent } = fakeApi({
      'GET admin/orders': ok({ orders: [makeAdminOrder()], total: 1, page: 1, pageSize: 25 }),
    });
    renderPage(<AdminOrdersPage />, { path: '/admin/orders?stage=toShip', staff: makeStaffMe('warehouse') });
    await screen.findByRole('link', { name: 'SS-1042' });
    expect(sent('GET admin/orders')[0]!.query.get('stage')).toBe('toShip');
    const stage = screen.getByRole('combobox', { name: 'Stage' }) as HTMLSelectElement;
    expect(stage.selectedOptions[0]!.textContent).toBe('Waiting to ship');
  });
});
