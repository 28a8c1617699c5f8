import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart, CartLine } from '#shared/cart/cart.schemas.ts';
import { NotificationsProvider } from '#web/app/notifications.tsx';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { cartKey } from './api/get-cart.ts';
import CartDrawer from './cart-drawer.tsx';
import { setCartDrawerOpen } from './cart-drawer-state.ts';

function line(variantId: string, overrides: Partial<CartLine>): CartLine {
  return {
    variantId,
    variantName: 'Mint Ice',
    productName: `Cloudtide ${variantId}`,
    productId: 'cloudtide-max',
    categoryId: 'disposable-vapes',
    brandId: 'cloudtide',
    imageUrl: '/media/x.webp',
    priceCents: 1524,
    discountPriceCents: null,
    discountPercentage: null,
    unitPriceCents: 1524,
    quantity: 1,
    stock: 50,
    lineTotalCents: 1524,
    blocks: [],
    exciseCents: 0,
    priceSource: 'list',
    nextTier: null,
    quantityRule: { minQuantity: 1, increment: 1, maxQuantity: null },
    quantityProblem: null,
    ...overrides,
  };
}

afterEach(() => act(() => setCartDrawerOpen(false)));

describe('cart drawer', () => {
  it('gives each price as one readable phrase: "Your price $12.00, was $15.24 each"', async () => {
    const items = [
      line('GROUP-1', { priceSource: 'group', unitPriceCents: 1200, lineTotalCents: 1200 }),
      line('SALE-1', {
        priceSource: 'sale',
        priceCents: 1250,
        discountPriceCents: 1000,
        discountPercentage: 20,
        unitPriceCents: 1000,
        lineTotalCents: 1000,
      }),
      line('LIST-1', { priceCents: 500, unitPriceCents: 500, lineTotalCents: 500 }),
    ];
    const cart: Cart = {
      items,
      itemCount: 3,
      subtotalCents: 2700,
      shipTo: null,
      exciseCents: 0,
      blockedCount: 0,
    };
    const client = new QueryClient();
    const user = makeProfile();
    client.setQueryData(SESSION_KEY, { user });
    client.setQueryData(cartKey(user.id), cart);
    render(
      <QueryClientProvider client={client}>
        <NotificationsProvider>
          <MemoryRouter>
            <CartDrawer />
          </MemoryRouter>
        </NotificationsProvider>
      </QueryClientProvider>,
    );
    act(() => setCartDrawerOpen(true));

    const lines = within(await screen.findByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    const priceOf = (li: HTMLElement) =>
      [...li.querySelectorAll('p')].map((p) => p.textContent).find((t) => t?.endsWith(' each'));
    expect(lines.map(priceOf)).toEqual([
      'Your price $12.00, was $15.24 each',
      '$10.00, was $12.50 each',
      '$5.00 each',
    ]);
  });
});
