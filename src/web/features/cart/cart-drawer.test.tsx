import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '#shared/cart/cart.schemas.ts';
import { NotificationsProvider } from '#web/components/ui/notifications.tsx';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { cartKey } from '#web/lib/cart/get-cart.ts';
import { fakeApi, makeCart, makeLine, ok, refused, renderPage } from '#tests/web-kit.tsx';
import CartDrawer from './cart-drawer.tsx';
import { setCartDrawerOpen } from '#web/lib/cart/cart-drawer-state.ts';

const line = makeLine;

afterEach(() => act(() => setCartDrawerOpen(false)));

describe('cart drawer', () => {
  it('gives each price as one readable phrase with what it buys: "Your price $12.00, was $15.24 per box of 10"', async () => {
    const items = [
      line('GROUP-1', { priceSource: 'group', unitPriceCents: 1200, lineTotalCents: 1200 }),
      line('SALE-1', {
        sellingUnit: 'each',
        priceSource: 'sale',
        priceCents: 1250,
        discountPriceCents: 1000,
        discountPercentage: 20,
        unitPriceCents: 1000,
        lineTotalCents: 1000,
      }),
      line('LIST-1', { sellingUnit: '', priceCents: 500, unitPriceCents: 500, lineTotalCents: 500 }),
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
      [...li.querySelectorAll('p')].map((p) => p.textContent).find((t) => / (each|per .+)$/.test(t ?? ''));
    // Each line names its option's SKU, as quick order and the invoice take it.
    expect(lines.map((li) => within(li).getByText(/^SS-|^[A-Z]+-1$/).textContent)).toEqual([
      'GROUP-1',
      'SALE-1',
      'LIST-1',
    ]);
    expect(lines.map((li) => li.textContent)).toEqual(lines.map(() => expect.stringContaining('SKU ')));
    expect(lines.map(priceOf)).toEqual([
      'Your price $12.00, was $15.24 per box of 10',
      '$10.00, was $12.50 each',
      '$5.00 each',
    ]);
  });
});

describe('cart drawer steps', () => {
  /** The drawer open on `cart`; PUT and DELETE answer a cart made from what was sent. */
  async function openDrawer(cart: Cart) {
    const api = fakeApi({
      'GET cart': ok(cart),
      'PUT cart/items/CASE-1': (call) => {
        const quantity = (call.body as { quantity: number }).quantity;
        return ok(
          makeCart(cart.items.map((l) => ({ ...l, quantity, lineTotalCents: quantity * l.unitPriceCents }))),
        );
      },
      'DELETE cart/items/CASE-1': ok(makeCart([])),
    });
    renderPage(<CartDrawer />, {
      cart,
      slots: { SaveToList: ({ label }) => <button type="button">{label ?? 'Save to list'}</button> },
    });
    act(() => setCartDrawerOpen(true));
    await screen.findByRole('list', { name: 'Cart items' });
    return api;
  }
  const field = (name: string) => screen.getByLabelText(`${name} quantity`) as HTMLInputElement;
  const quantity = (name: string) => field(name).value;
  const type = (name: string, text: string, end: 'Enter' | 'blur' = 'Enter') => {
    fireEvent.change(field(name), { target: { value: text } });
    if (end === 'Enter') fireEvent.keyDown(field(name), { key: 'Enter' });
    else fireEvent.blur(field(name));
  };
  const more = (name: string) => screen.getByRole('button', { name: `More ${name}` });
  const fewer = (name: string) => screen.getByRole('button', { name: `Fewer ${name}` });

  it('steps by whole cases from the minimum, and says what the next step sends', async () => {
    const casePack = makeLine('CASE-1', {
      productName: 'Cloudtide Max',
      quantity: 20,
      unitPriceCents: 500,
      lineTotalCents: 10_000,
      quantityRule: { minQuantity: 10, increment: 10, maxQuantity: null },
    });
    const { sent } = await openDrawer(makeCart([casePack]));
    const name = 'Cloudtide Max — Mint Ice';
    expect(quantity(name)).toBe('20');
    fireEvent.click(more(name));
    await waitFor(() => expect(quantity(name)).toBe('30'));
    expect(sent('PUT cart/items/CASE-1').map((c) => c.body)).toEqual([{ quantity: 30 }]);
    fireEvent.click(fewer(name));
    await waitFor(() => expect(quantity(name)).toBe('20'));
    fireEvent.click(fewer(name));
    await waitFor(() => expect(quantity(name)).toBe('10'));
    // At the minimum (one case) it goes no lower: removing the line is the bin's job.
    expect((fewer(name) as HTMLButtonElement).disabled).toBe(true);
    expect(sent('PUT cart/items/CASE-1').map((c) => c.body)).toEqual([
      { quantity: 30 },
      { quantity: 20 },
      { quantity: 10 },
    ]);
  });

  it('a line of 1 cannot be decreased; more stops at the stock', async () => {
    await openDrawer(
      makeCart([
        makeLine('CASE-1', {
          productName: 'Solo',
          quantity: 1,
          stock: 2,
          unitPriceCents: 700,
          lineTotalCents: 700,
        }),
      ]),
    );
    const name = 'Solo — Mint Ice';
    expect((fewer(name) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(more(name));
    await waitFor(() => expect(quantity(name)).toBe('2'));
    expect((more(name) as HTMLButtonElement).disabled).toBe(true);
    expect((fewer(name) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a refused change is said in a notification and the quantity stays', async () => {
    const cart = makeCart([makeLine('CASE-1', { productName: 'Solo', quantity: 3 })]);
    fakeApi({
      'GET cart': ok(cart),
      'PUT cart/items/CASE-1': refused(409, 'Only 3 of Solo — Mint Ice left'),
    });
    renderPage(<CartDrawer />, { cart });
    act(() => setCartDrawerOpen(true));
    fireEvent.click(await screen.findByRole('button', { name: 'More Solo — Mint Ice' }));
    expect(await screen.findByText('Only 3 of Solo — Mint Ice left')).toBeTruthy();
    expect(quantity('Solo — Mint Ice')).toBe('3');
  });

  it('a line whose case pack changed says why; the bin removes it', async () => {
    const { sent } = await openDrawer(
      makeCart([
        makeLine('CASE-1', {
          productName: 'Packed',
          quantity: 7,
          quantityProblem: 'Sold in cases of 10',
          quantityRule: { minQuantity: 10, increment: 10, maxQuantity: null },
        }),
      ]),
    );
    expect(screen.getByText('Sold in cases of 10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Packed — Mint Ice' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(sent('DELETE cart/items/CASE-1')).toHaveLength(1);
  });

  it('takes a typed quantity, rounded to whole cases and said so; the minimum, the stock', async () => {
    const { sent } = await openDrawer(
      makeCart([
        makeLine('CASE-1', {
          productName: 'Cloudtide Max',
          quantity: 20,
          stock: 480,
          unitPriceCents: 500,
          lineTotalCents: 10_000,
          quantityRule: { minQuantity: 20, increment: 10, maxQuantity: null },
        }),
      ]),
    );
    const name = 'Cloudtide Max — Mint Ice';
    type(name, '250');
    await waitFor(() => expect(quantity(name)).toBe('250'));
    type(name, '333', 'blur');
    await waitFor(() => expect(quantity(name)).toBe('340'));
    expect(await screen.findByText(`${name} is sold in cases of 10: the quantity is now 340.`)).toBeTruthy();
    type(name, '5');
    await waitFor(() => expect(quantity(name)).toBe('20'));
    expect(await screen.findByText(`${name}: the minimum is 20.`)).toBeTruthy();
    type(name, '9999');
    await waitFor(() => expect(quantity(name)).toBe('480'));
    expect(await screen.findByText(`${name}: at most 480 can be ordered now.`)).toBeTruthy();
    // Typed again past the stock at the stock: said, nothing sent, and the field shows 480, not 9999.
    field(name).focus();
    type(name, '9999');
    expect(quantity(name)).toBe('480');
    // Enter keeps the focus on the field (read-only while it saves, never disabled).
    expect(document.activeElement).toBe(field(name));
    expect(sent('PUT cart/items/CASE-1').map((c) => c.body)).toEqual([
      { quantity: 250 },
      { quantity: 340 },
      { quantity: 20 },
      { quantity: 480 },
    ]);
  });

  it('an empty, zero or non-number entry puts the quantity back and sends nothing', async () => {
    const { sent } = await openDrawer(makeCart([makeLine('CASE-1', { productName: 'Solo', quantity: 3 })]));
    const name = 'Solo — Mint Ice';
    for (const text of ['', '0', 'abc', '-4', '2.5', '12345678']) {
      type(name, text, text === 'abc' ? 'blur' : 'Enter');
      expect(quantity(name), text).toBe('3');
    }
    expect(sent('PUT cart/items/CASE-1')).toEqual([]);
  });
});

describe('a line re-priced since the buyer saw it (decision 014, item 8)', () => {
  const seenAt = (userId: string, lines: Record<string, { quantity: number; unitPriceCents: number }>) =>
    localStorage.setItem(`smokestack.seenPrices.${userId}`, JSON.stringify(lines));

  it('is marked was → now while the drawer is open; closing it counts as seen', async () => {
    const user = makeProfile();
    seenAt(user.id, {
      'GROUP-1': { quantity: 1, unitPriceCents: 1524 },
      'SAME-1': { quantity: 1, unitPriceCents: 500 },
      'MINE-1': { quantity: 5, unitPriceCents: 900 },
    });
    const cart = makeCart([
      makeLine('GROUP-1', {
        productName: 'Grouped',
        quantity: 1,
        unitPriceCents: 1200,
        lineTotalCents: 1200,
      }),
      makeLine('SAME-1', { productName: 'Same', quantity: 1, unitPriceCents: 500, lineTotalCents: 500 }),
      // The buyer changed this quantity (a tier lowered the price): their own doing, not marked.
      makeLine('MINE-1', { productName: 'Mine', quantity: 10, unitPriceCents: 800, lineTotalCents: 8000 }),
      makeLine('NEW-1', { productName: 'New', quantity: 1, unitPriceCents: 700, lineTotalCents: 700 }),
    ]);
    fakeApi({ 'GET cart': ok(cart) });
    renderPage(<CartDrawer />, { user, cart });
    act(() => setCartDrawerOpen(true));
    expect(await screen.findByText('Lower price: was $15.24, now $12.00 each')).toBeTruthy();
    expect(screen.getAllByText(/^(Lower|New) price:/)).toHaveLength(1);
    act(() => setCartDrawerOpen(false));
    act(() => setCartDrawerOpen(true));
    await screen.findByRole('list', { name: 'Cart items' });
    expect(screen.queryByText(/^(Lower|New) price:/)).toBeNull();
    expect(JSON.parse(localStorage.getItem(`smokestack.seenPrices.${user.id}`)!)['GROUP-1']).toEqual({
      quantity: 1,
      unitPriceCents: 1200,
    });
  });

  it('a dearer price says "New price"', async () => {
    const user = makeProfile({ id: 'u-dear' } as never);
    seenAt(user.id, { 'UP-1': { quantity: 2, unitPriceCents: 1000 } });
    const cart = makeCart([
      makeLine('UP-1', { productName: 'Up', quantity: 2, unitPriceCents: 1100, lineTotalCents: 2200 }),
    ]);
    fakeApi({ 'GET cart': ok(cart) });
    renderPage(<CartDrawer />, { user, cart });
    act(() => setCartDrawerOpen(true));
    expect(await screen.findByText('New price: was $10.00, now $11.00 each')).toBeTruthy();
  });
});
