import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { complianceMessages } from '#shared/compliance/compliance.messages.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import {
  type ApiCall,
  fakeApi,
  makeCart,
  makeLine,
  makeOrder,
  makeStore,
  ok,
  refused,
  renderPage,
} from '#tests/web-kit.tsx';
import { CheckoutPage } from './checkout-page.tsx';

const address = {
  id: 'a1',
  streetAddress: '12 Elm St',
  streetAddress2: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  isDefault: true,
  name: '',
};
const verified = makeProfile({ isSalesIdverified: true, isTobaccoLicenceVerified: true });
const lines = [
  makeLine('A-1', { quantity: 2, unitPriceCents: 1500, lineTotalCents: 3000 }),
  makeLine('B-1', { variantName: 'Blue Razz', quantity: 1, unitPriceCents: 999, lineTotalCents: 999 }),
];
const cart = makeCart(lines);
/** The cart as judged for a ship-to: Texas charges excise on delivery, none on pickup here. */
const judged = (call: ApiCall) =>
  ok(
    call.query.get('shipping') === 'Pickup'
      ? makeCart(lines, { shipTo: { state: 'TX', stateName: 'Texas', shipping: 'Pickup' } })
      : makeCart(
          lines.map((l) => ({ ...l, exciseCents: 150 })),
          { shipTo: { state: 'TX', stateName: 'Texas', shipping: 'Shiptoaddress' } },
        ),
  );

function api(extra: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
  return fakeApi({
    'GET store': ok(makeStore()),
    'GET account/addresses': ok({ addresses: [address] }),
    'GET cart': judged,
    ...extra,
  });
}

const total = () => screen.getByTestId('checkout-total').textContent;
/** Check out, once the totals for the chosen ship-to are in (until then it says 'Updating totals…'). */
const checkOut = async () => fireEvent.click(await screen.findByRole('button', { name: 'Check out' }));

describe('checkout', () => {
  it('Pickup is free; Delivery adds the fee and the ship-to state’s excise to the total', async () => {
    api();
    renderPage(<CheckoutPage />, { user: verified, cart });
    await screen.findByText('12 Elm St', { exact: false });
    // Pickup: $39.99 of goods, nothing else.
    await waitFor(() => expect(total()).toBe('$39.99'));
    expect(screen.getByText('Shipping (Pickup in store)')).toBeTruthy();
    // Each line of the summary names its option's SKU.
    expect(screen.getByText('B-1').parentElement!.textContent).toBe('SKU B-1');

    fireEvent.click(screen.getByRole('radio', { name: /Deliver/ }));
    // Delivery: the $20.00 fee and $3.00 of Texas excise.
    await waitFor(() => expect(total()).toBe('$62.99'));
    expect(screen.getByText('State excise (Texas)')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Deliver/ }).closest('label')?.textContent).toContain('$20.00');
  });

  it('sends what the page shows: the lines, the shipping and the total it charged', async () => {
    const { sent } = api({
      'POST orders': (call) =>
        refused(409, `Prices changed: ${(call.body as { expectedTotalCents: number }).expectedTotalCents}`),
    });
    renderPage(<CheckoutPage />, { user: verified, cart });
    fireEvent.click(await screen.findByRole('radio', { name: /Deliver/ }));
    await waitFor(() => expect(total()).toBe('$62.99'));
    await checkOut();
    await waitFor(() => expect(sent('POST orders')).toHaveLength(1));
    const body = sent('POST orders')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      shippingType: 'Shiptoaddress',
      // The location chosen: its licenses judge the order, and the address must be its own.
      locationId: 'a1',
      expectedTotalCents: 6299,
      lines: [
        { variantId: 'A-1', quantity: 2 },
        { variantId: 'B-1', quantity: 1 },
      ],
      shippingDetails: { city: 'Austin', state: 'TX', postalCode: '78701', address: '12 Elm St' },
    });
    expect(typeof body.idempotencyKey).toBe('string');
  });

  it('an unverified email: a note, and Check out says "Action not allowed" without sending', async () => {
    const { sent } = api();
    renderPage(<CheckoutPage />, { user: makeProfile({ ...verified, emailVerified: false }), cart });
    expect(await screen.findByText('Please verify your email address')).toBeTruthy();
    await checkOut();
    expect(await screen.findByText(orderMessages.actionNotAllowed)).toBeTruthy();
    expect(sent('POST orders')).toHaveLength(0);
  });

  it('a viewer of a company sees why they cannot order, and Check out sends nothing', async () => {
    const { sent } = api();
    const viewer = makeProfile({
      ...verified,
      company: { id: 'company-1', role: 'viewer', businessName: 'Chain Store 12' },
    });
    renderPage(<CheckoutPage />, { user: viewer, cart });
    expect((await screen.findAllByText(companyMessages.viewerReadOnly)).length).toBeGreaterThan(0);
    await checkOut();
    expect((await screen.findAllByText(companyMessages.viewerReadOnly)).length).toBeGreaterThan(1);
    expect(sent('POST orders')).toHaveLength(0);
  });

  it('a buyer whose documents are not verified sees the cap, and over it is refused before sending', async () => {
    const { sent } = api({ 'GET store': ok(makeStore({ unverifiedCapCents: 2000 })) });
    renderPage(<CheckoutPage />, { user: makeProfile(), cart });
    const capNote = await screen.findAllByText(orderMessages.overCap(2000));
    expect(capNote.length).toBeGreaterThan(0);
    await checkOut();
    // The cap's note, and now the refusal under it and in a notification.
    await waitFor(() =>
      expect(screen.getAllByText(orderMessages.overCap(2000)).length).toBeGreaterThan(capNote.length),
    );
    expect(sent('POST orders')).toHaveLength(0);
  });

  it('under the cap the same buyer orders; verified documents lift it', async () => {
    api({ 'GET store': ok(makeStore({ unverifiedCapCents: 50_000 })) });
    renderPage(<CheckoutPage />, { user: makeProfile(), cart });
    expect(await screen.findByText(orderMessages.overCap(50_000))).toBeTruthy();
    api();
    renderPage(<CheckoutPage />, { user: verified, cart });
    await screen.findAllByText('12 Elm St', { exact: false });
    expect(screen.queryAllByText(orderMessages.overCap(50_000))).toHaveLength(1);
  });

  it("the documents standing for the chosen location decide the cap: a shop's own verified ones lift it", async () => {
    const doc = (kind: 'sales_id' | 'tobacco_license', status: 'verified' | 'pending') => ({
      kind,
      status,
      expiresOn: null,
      originalName: 'x.pdf',
      contentType: 'application/pdf',
      size: 1,
      md5Hash: 'x',
      timeCreated: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
      note: null,
    });
    const locations = (own: 'verified' | 'pending') => ({
      locations: [
        {
          ...address,
          documents: { salesId: doc('sales_id', own), tobaccoLicense: doc('tobacco_license', own) },
        },
      ],
      companyDocuments: { salesId: null, tobaccoLicense: null },
      locationLimit: 5,
    });
    // The company has none verified (the profile says so), but this shop's own are.
    api({
      'GET store': ok(makeStore({ unverifiedCapCents: 2000 })),
      'GET company/locations': ok(locations('verified')),
    });
    const first = renderPage(<CheckoutPage />, { user: makeProfile(), cart });
    await screen.findAllByText('12 Elm St', { exact: false });
    await waitFor(() => expect(screen.queryAllByText(orderMessages.overCap(2000))).toHaveLength(0));
    first.unmount();
    // The shop's own pending ones stand for it, though the company's are verified.
    api({
      'GET store': ok(makeStore({ unverifiedCapCents: 2000 })),
      'GET company/locations': ok({
        ...locations('pending'),
        companyDocuments: {
          salesId: doc('sales_id', 'verified'),
          tobaccoLicense: doc('tobacco_license', 'verified'),
        },
      }),
    });
    renderPage(<CheckoutPage />, { user: verified, cart });
    expect((await screen.findAllByText(orderMessages.overCap(2000))).length).toBeGreaterThan(0);
  });

  it('the server’s refusal is shown in its own words; a server fault in the spec’s', async () => {
    api({ 'POST orders': refused(409, 'Not enough stock: Cloudtide A-1 — Mint Ice') });
    const first = renderPage(<CheckoutPage />, { user: verified, cart });
    await screen.findByText('12 Elm St', { exact: false });
    await checkOut();
    // Under the summary and in the notification.
    expect(await screen.findAllByText('Not enough stock: Cloudtide A-1 — Mint Ice')).toHaveLength(2);
    first.unmount();

    api({ 'POST orders': refused(500, 'internal detail') });
    const second = renderPage(<CheckoutPage />, { user: verified, cart });
    await screen.findByText('12 Elm St', { exact: false });
    await checkOut();
    expect(await screen.findAllByText(orderMessages.failed)).toHaveLength(2);
    expect(second.container.textContent).not.toContain('internal detail');
  });

  it('a placed order says so and goes to the orders page, on its confirmation', async () => {
    api({
      'POST orders': {
        status: 201,
        body: {
          message: orderMessages.placed,
          order: makeOrder({ orderNumber: 'SS-1001', subtotalCents: 3999, totalCents: 3999, items: [] }),
        },
      },
    });
    renderPage(<CheckoutPage />, { user: verified, cart, path: '/checkout', route: '/checkout' });
    await screen.findByText('12 Elm St', { exact: false });
    await checkOut();
    // The spec's /orders, opened on the order's confirmation.
    expect(await screen.findByText('Orders page?placed=SS-1001')).toBeTruthy();
    expect(screen.getByText(orderMessages.placed)).toBeTruthy();
  });

  it('a line refused for pickup is said as a pickup: never "choose Pickup", never "ship"', async () => {
    const block = {
      effect: 'licence_required' as const,
      reason: 'Selling this for pickup in Texas needs your verified tobacco license issued by Texas.',
      source: 'Texas rule',
    };
    const refused = [{ ...lines[0]!, blocks: [block] }, lines[1]!];
    api({
      'GET cart': ok(
        makeCart(refused, {
          shipTo: { state: 'TX', stateName: 'Texas', shipping: 'Pickup' },
          blockedCount: 1,
        }),
      ),
    });
    renderPage(<CheckoutPage />, { user: verified, cart: makeCart(refused) });
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(complianceMessages.blockedCount(1, 'Texas', 'Pickup'));
    expect(note.textContent).toContain('cannot be sold for pickup at our store in Texas');
    expect(note.textContent).not.toMatch(/choose Pickup|ship to/);
    await checkOut();
    const said = await screen.findAllByText(
      /cannot be sold for pickup at our store: Cloudtide A-1 — Mint Ice/,
    );
    expect(said.length).toBeGreaterThan(0);
    expect(said[0]!.textContent).not.toMatch(/choose Pickup/);
  });

  it('marks a line re-priced since the buyer saw it (decision 014, item 8)', async () => {
    localStorage.setItem(
      `smokestack.seenPrices.${verified.id}`,
      JSON.stringify({
        'A-1': { quantity: 2, unitPriceCents: 1700 },
        'B-1': { quantity: 1, unitPriceCents: 999 },
      }),
    );
    api();
    const view = renderPage(<CheckoutPage />, { user: verified, cart });
    expect(await screen.findByText('Lower price: was $17.00, now $15.00 each')).toBeTruthy();
    expect(screen.getAllByText(/^(Lower|New) price:/)).toHaveLength(1);
    // Leaving checkout counts as seen.
    view.unmount();
    expect(
      JSON.parse(localStorage.getItem(`smokestack.seenPrices.${verified.id}`)!)['A-1'].unitPriceCents,
    ).toBe(1500);
    localStorage.removeItem(`smokestack.seenPrices.${verified.id}`);
  });
});
