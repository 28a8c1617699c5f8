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

describe('an option the rules keep from a signed-in buyer (decision 014, item 5)', () => {
  const licence = (how: string) => ({
    effect: 'licence_required' as const,
    reason: `${how} needs your verified tobacco license issued by Texas.`,
    source: 'Texas rule',
  });
  const check = (options: { variantId: string; blocks: unknown[]; pickupBlocks: unknown[] }[]) =>
    ok({
      state: 'TX',
      stateName: 'Texas',
      from: 'default_address',
      ok: false,
      options: options.map((o) => ({ name: o.variantId, needs: [], ...o })),
    });

  it('says so beside each option, before the button: pickup only, or neither (another address may take it)', async () => {
    fakeApi({
      'GET compliance/ship-check': check([
        {
          variantId: 'SS-1001-01',
          blocks: [licence('Shipping this to Texas')],
          pickupBlocks: [licence('Selling this for pickup in Texas')],
        },
        { variantId: 'SS-1001-02', blocks: [licence('Shipping this to Texas')], pickupBlocks: [] },
      ]),
    });
    renderPage(<VariantPicker product={product} />, { path: PAGE });
    expect(
      await screen.findByText(
        'Not to Texas nor for pickup: Shipping this to Texas needs your verified tobacco license issued by Texas. Another address may take it.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Pickup in store only: Shipping this to Texas needs your verified tobacco license issued by Texas.',
      ),
    ).toBeTruthy();
    // Checkout may send it to another of the buyer's addresses: the options stay choosable.
    expect((more('Mint Ice') as HTMLButtonElement).disabled).toBe(false);
    expect((more('Mango Ice') as HTMLButtonElement).disabled).toBe(false);
  });
});
