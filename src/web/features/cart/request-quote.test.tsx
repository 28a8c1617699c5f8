import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { quoteMessages } from '#shared/orders/quotes.messages.ts';
import { QUOTE_NOTE_MAX } from '#shared/orders/quotes.schemas.ts';
import { setCartDrawerOpen } from '#web/lib/cart/cart-drawer-state.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { fakeApi, makeCart, makeLine, ok, renderPage } from '#tests/web-kit.tsx';
import CartDrawer from './cart-drawer.tsx';

afterEach(() => act(() => setCartDrawerOpen(false)));

const cart = makeCart([makeLine('SS-1003-10', { quantity: 4, lineTotalCents: 6096 })]);

function openDrawer(user = makeProfile()) {
  const api = fakeApi({
    'GET cart': ok(cart),
    'POST quotes/request': ok({ message: quoteMessages.requested('Q-12'), number: 'Q-12' }),
  });
  renderPage(<CartDrawer />, { user, cart });
  act(() => setCartDrawerOpen(true));
  return api;
}

describe('Request a quote from the cart (decision 016, part 3)', () => {
  it('a note too long is refused under the note, and nothing is sent', async () => {
    const { sent } = openDrawer();
    fireEvent.click(await screen.findByRole('button', { name: 'Request a quote' }));
    const note = await screen.findByLabelText('Note for the store (optional)');
    fireEvent.change(note, { target: { value: 'x'.repeat(QUOTE_NOTE_MAX + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(quoteMessages.requestNoteTooLong)).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST quotes/request')).toHaveLength(0);
  });

  it('sends the cart with the note for the default location, then links to the request', async () => {
    const { sent } = openDrawer();
    fireEvent.click(await screen.findByRole('button', { name: 'Request a quote' }));
    fireEvent.change(await screen.findByLabelText('Note for the store (optional)'), {
      target: { value: 'Ten cases if the price is right' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const message = await screen.findByText(quoteMessages.requested('Q-12'));
    expect(sent('POST quotes/request')[0]!.body).toEqual({
      note: 'Ten cases if the price is right',
      locationId: null,
    });
    await waitFor(() => expect(document.activeElement?.contains(message)).toBe(true));
    expect(screen.getByRole('link', { name: 'See request Q-12' }).getAttribute('href')).toBe('/quotes/Q-12');
    // The cart stays as it was.
    expect(screen.getByRole('list', { name: 'Cart items' })).toBeTruthy();
  });

  it('a viewer, who cannot order, is not offered it', async () => {
    openDrawer(makeProfile({ company: { id: 'company-1', role: 'viewer', businessName: 'Chain Store 12' } }));
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).toBeNull();
  });
});
