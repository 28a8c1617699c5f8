import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '#shared/orders/order-requests.schemas.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, makeOrder, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { OrderRequestsPanel } from './order-requests-panel.tsx';

const request: OrderRequest = {
  number: 'SS-2001',
  status: 'awaiting',
  createdAt: '2026-11-25T15:30:00.000Z',
  placedBy: { id: 'u2', name: 'Bo Buyer' },
  location: { id: 'l2', name: 'Atlanta shop' },
  shippingType: 'Pickup',
  shippingDetails: makeOrder().shippingDetails,
  comments: '',
  items: [
    {
      variantId: 'A-1',
      productName: 'Cloudtide A-1',
      variantName: 'Mint Ice',
      imageUrl: '',
      unitPriceCents: 1000,
      sellingUnit: '',
      quantity: 6,
      lineTotalCents: 6000,
      exciseCents: 0,
    },
  ],
  subtotalCents: 6000,
  shippingCents: 0,
  exciseCents: 0,
  totalCents: 6000,
  limitCents: 5000,
  decidedBy: null,
  decidedAt: null,
  note: null,
};
const owner = makeProfile({ id: 'u1' });
const buyer = makeProfile({
  id: 'u2',
  company: { id: 'company-1', role: 'buyer', businessName: 'Chain Store 12' },
});
const listed = ok({ requests: [request] });

describe('orders awaiting approval', () => {
  it('an owner approves; told what changed, approves it as it is now', async () => {
    const { sent } = fakeApi({
      'GET orders/requests': listed,
      'POST orders/requests/SS-2001/approve': (call) =>
        (call.body as { acceptRevision?: string }).acceptRevision === 'rev-1'
          ? ok({
              message: orderMessages.requestApproved('SS-2001'),
              order: makeOrder({ orderNumber: 'SS-2001' }),
            })
          : {
              status: 409,
              body: {
                message: orderMessages.requestChanged,
                changes: [
                  {
                    variantId: 'A-1',
                    name: 'Cloudtide A-1 — Mint Ice',
                    kind: 'price',
                    before: '$10.00',
                    now: '$12.00',
                    kept: true,
                  },
                ],
                totalCents: 7200,
                revision: 'rev-1',
              },
            },
    });
    renderPage(<OrderRequestsPanel />, { user: owner });
    const card = (await screen.findByRole('heading', { name: 'Order SS-2001 · $60.00' })).closest('li')!;
    expect(card.textContent).toContain('Bo Buyer');
    expect(card.textContent).toContain('for Atlanta shop');
    expect(within(card).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('Cloudtide A-1 — Mint Ice: $10.00 → $12.00');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve as it is now ($72.00)' }));
    await waitFor(() => expect(sent('POST orders/requests/SS-2001/approve')).toHaveLength(2));
    expect(sent('POST orders/requests/SS-2001/approve')[1]!.body).toEqual({ acceptRevision: 'rev-1' });
    expect(await screen.findByText(orderMessages.requestApproved('SS-2001'))).toBeTruthy();
  });

  it('a decline needs a note for the buyer; the buyer who placed it may only withdraw it', async () => {
    const { sent } = fakeApi({
      'GET orders/requests': listed,
      'POST orders/requests/SS-2001/decline': refused(
        409,
        orderMessages.requestDecided('approved', 'Oz Owner'),
      ),
    });
    const first = renderPage(<OrderRequestsPanel />, { user: owner });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline order SS-2001' }));
    expect(await screen.findByText(orderMessages.declineNoteRequired)).toBeTruthy();
    expect(sent('POST orders/requests/SS-2001/decline')).toHaveLength(0);
    fireEvent.input(screen.getByLabelText('Note for the buyer'), { target: { value: 'Next week' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline order SS-2001' }));
    expect(await screen.findByText(orderMessages.requestDecided('approved', 'Oz Owner'))).toBeTruthy();
    first.unmount();

    const api = fakeApi({
      'GET orders/requests': listed,
      'POST orders/requests/SS-2001/withdraw': ok({ message: 'x', request }),
    });
    renderPage(<OrderRequestsPanel />, { user: buyer });
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await waitFor(() => expect(api.sent('POST orders/requests/SS-2001/withdraw')).toHaveLength(1));
  });

  it('nothing shows without any', async () => {
    fakeApi({ 'GET orders/requests': ok({ requests: [] }) });
    const { container } = renderPage(<OrderRequestsPanel />, { user: owner });
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
