import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { minimumPriceMessages } from '#shared/pricing/minimum-prices.messages.ts';
import type { MinimumPrice } from '#shared/pricing/minimum-prices.schemas.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { PricingPage } from './pricing-page.tsx';

const PATH = 'admin/pricing/minimum-prices';
const PUT = `PUT ${PATH}`;
const minimum = (sku: string, overrides: Partial<MinimumPrice> = {}): MinimumPrice => ({
  sku,
  productName: 'Nimbus Bar Ultra',
  variantName: 'Mango Ice',
  minPriceCents: 1250,
  listPriceCents: 1999,
  updatedAt: '2026-11-22T12:00:00.000Z',
  updatedBy: 'Sam Staff',
  ...overrides,
});
const mango = minimum('SS-1003-10');
const lush = minimum('SS-1003-01', { variantName: 'Lush Ice', minPriceCents: 1100, updatedBy: null });

/** What a screen reader hears with a field: its hint and error, by the ids the field names. */
const described = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save minimum' }));

/** The pricing page on a fake API whose list is what the last PUT answered (`put`), as the server's is. */
function page(put: Answer = ok({ minimums: [lush, mango] })) {
  let minimums: MinimumPrice[] = [mango];
  const api = fakeApi({
    'GET admin/pricing/groups': ok({ groups: [] }),
    [`GET ${PATH}`]: () => ok({ minimums }),
    [PUT]: () => {
      if (put.status === 200) minimums = (put.body as { minimums: MinimumPrice[] }).minimums;
      return put;
    },
  });
  renderPage(<PricingPage />, { user: null, path: '/admin/pricing', route: '/admin/pricing' });
  return api;
}
type Answer = ReturnType<typeof ok>;

describe("the pricing page's minimum prices", () => {
  it('lists each option with a minimum: SKU, product and option, list price, minimum, who and when', async () => {
    page();
    const table = await screen.findByRole('table', { name: 'Minimum prices' });
    const row = within(table).getByRole('row', { name: /SS-1003-10/ });
    for (const text of ['Nimbus Bar Ultra — Mango Ice', '$19.99', '$12.50', 'Sam Staff'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Remove the minimum price of SS-1003-10' })).toBeTruthy();
  });

  it('sets one by SKU, in cents, and shows the list the server answers', async () => {
    const { sent } = page();
    await screen.findByRole('table', { name: 'Minimum prices' });
    type('Option SKU', 'SS-1003-01');
    type('Minimum unit price ($)', '11');
    save();
    expect(await screen.findByText(minimumPriceMessages.set('SS-1003-01', 1100))).toBeTruthy();
    expect(sent(PUT).map((c) => c.body)).toEqual([{ sku: 'SS-1003-01', minPriceCents: 1100 }]);
    const table = screen.getByRole('table', { name: 'Minimum prices' });
    expect(within(table).getByRole('row', { name: /SS-1003-01/ })).toBeTruthy();
    expect(within(table).getByText('a former staff member')).toBeTruthy();
    expect((screen.getByLabelText('Option SKU') as HTMLInputElement).value).toBe('');
  });

  it('an empty amount removes it, as the row’s Remove does', async () => {
    const { sent } = page(ok({ minimums: [] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the minimum price of SS-1003-10' }));
    expect(await screen.findByText(minimumPriceMessages.removed('SS-1003-10'))).toBeTruthy();
    expect(await screen.findByText('No option has a minimum price yet.')).toBeTruthy();
    type('Option SKU', 'SS-1003-01');
    save();
    await waitFor(() => expect(sent(PUT)).toHaveLength(2));
    expect(sent(PUT).map((c) => c.body)).toEqual([
      { sku: 'SS-1003-10', minPriceCents: null },
      { sku: 'SS-1003-01', minPriceCents: null },
    ]);
  });

  it('a mistake in the amount is said under it, and nothing is sent', async () => {
    const { sent } = page();
    await screen.findByLabelText('Option SKU');
    type('Option SKU', 'SS-1003-01');
    type('Minimum unit price ($)', 'eleven');
    save();
    await waitFor(() => expect(described('Minimum unit price ($)')).toContain(minimumPriceMessages.amount));
    expect(screen.getByLabelText('Minimum unit price ($)').getAttribute('aria-invalid')).toBe('true');
    expect(sent(PUT)).toEqual([]);
  });

  it('the server’s refusal of the SKU goes under the SKU', async () => {
    page(refused(400, minimumPriceMessages.skuNotFound, 'sku'));
    await screen.findByLabelText('Option SKU');
    type('Option SKU', 'NO-SUCH-SKU');
    type('Minimum unit price ($)', '5');
    save();
    await waitFor(() => expect(described('Option SKU')).toContain(minimumPriceMessages.skuNotFound));
    expect(screen.getByLabelText('Option SKU').getAttribute('aria-invalid')).toBe('true');
  });

  it('Change puts the row’s SKU and minimum in the form', async () => {
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Change the minimum price of SS-1003-10' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Minimum unit price ($)') as HTMLInputElement).value).toBe('12.50'),
    );
    expect((screen.getByLabelText('Option SKU') as HTMLInputElement).value).toBe('SS-1003-10');
  });
});
