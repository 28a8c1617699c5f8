import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cartMessages } from '#shared/cart/cart.messages.ts';
import { forgetReturn, returnPath } from '#web/lib/return-to.ts';
import { fakeApi, makeCart, makeProduct, makeVariant, ok, renderPage } from '#tests/web-kit.tsx';
import { VariantPicker } from './variant-picker.tsx';

const PAGE = '/product?categoryId=vapes&brandId=cloudtide&subBrandId=cloudtide-max';
const product = makeProduct([
  makeVariant('SS-1001-01', { name: 'Mint Ice' }),
  makeVariant('SS-1001-02', { name: 'Mango Ice', stock: 4 }),
]);
const more = (name: string) => screen.getByRole('button', { name: `More ${name}` });

afterEach(forgetReturn);

describe('signed out, Add to cart (decision 014, item 4)', () => {
  it("says the spec's words, offers Sign in and Register, and remembers the page and the quantities", async () => {
    fakeApi({});
    renderPage(<VariantPicker product={product} />, { user: null, path: PAGE });
    fireEvent.click(more('Mint Ice'));
    fireEvent.click(more('Mint Ice'));
    fireEvent.click(more('Mango Ice'));
    fireEvent.click(screen.getByRole('button', { name: /ADD TO CART/ }));
    expect(await screen.findAllByText(cartMessages.pleaseLogin)).toHaveLength(2); // the notification and the box
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/signup');
    expect(JSON.parse(sessionStorage.getItem('smokestack.returnTo')!)).toMatchObject({
      path: PAGE,
      counts: { 'SS-1001-01': 2, 'SS-1001-02': 1 },
    });
  });

  it('back on the product signed in, the quantities come back (within stock) once', async () => {
    fakeApi({});
    const out = renderPage(<VariantPicker product={product} />, { user: null, path: PAGE });
    for (let i = 0; i < 3; i++) fireEvent.click(more('Mint Ice'));
    fireEvent.click(screen.getByRole('button', { name: /ADD TO CART/ }));
    out.unmount();
    // (Sign-in, sign-up and /nextpage follow returnPath: their own tests.)
    expect(returnPath('/')).toBe(PAGE);

    fakeApi({ 'GET cart': ok(makeCart([])) });
    const back = renderPage(<VariantPicker product={product} />, { path: PAGE });
    const quantity = (name: string) => (screen.getByLabelText(`${name} quantity`) as HTMLInputElement).value;
    await waitFor(() => expect(quantity('Mint Ice')).toBe('3'));
    expect(quantity('Mango Ice')).toBe('0');
    expect(await screen.findByText(cartMessages.quantitiesBack)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ADD TO CART (3)' })).toBeTruthy();
    back.unmount();
    // Once: a later visit starts from nothing, and a sign-in goes home again.
    renderPage(<VariantPicker product={product} />, { path: PAGE });
    await act(async () => undefined);
    expect(quantity('Mint Ice')).toBe('0');
    expect(returnPath('/')).toBe('/');
  });
});
