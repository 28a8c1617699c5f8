import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUICK_ORDER_MAX_LINES, quickOrderMessages } from '#shared/cart/quick-order.ts';
import {
  fakeApi,
  makeCart,
  makeLine,
  makeQuickOrderLine,
  ok,
  refused,
  renderPage,
  unknownQuickOrderLine,
} from '#tests/web-kit.tsx';
import { QuickOrderPage } from './quick-order-page.tsx';

/** A judged line of the pasted order: its line number, SKU and quantity, $10.00 each. */
const judged = (n: number, sku: string, quantity: number) =>
  makeQuickOrderLine(n, {
    sku,
    quantity,
    productName: `Product ${sku}`,
    unitPriceCents: 1000,
    lineTotalCents: 1000 * quantity,
  });
const unknown = (n: number, sku: string, quantity: number) => unknownQuickOrderLine(n, { sku, quantity });

const PASTED = 'VX-1 20\nNOPE-9 3\nVX-2\t5\n';
const items = () => screen.getByLabelText('Items (SKU and quantity)') as HTMLTextAreaElement;
const paste = (text: string) => fireEvent.change(items(), { target: { value: text } });

function api() {
  return fakeApi({
    'POST cart/quick-order/check': ok({
      lines: [judged(1, 'VX-1', 20), unknown(2, 'NOPE-9', 3), judged(3, 'VX-2', 5)],
      okCount: 2,
      problemCount: 1,
      totalCents: 25_000,
      shipTo: { state: 'TX', stateName: 'Texas' },
      message: '2 items ready, 1 needs fixing.',
    }),
    'POST cart/quick-order': ok({
      cart: makeCart([makeLine('VX-1', { quantity: 20 }), makeLine('VX-2', { quantity: 5 })]),
      addedCount: 2,
      notAdded: [unknown(2, 'NOPE-9', 3)],
      message: '2 items added to your cart; 1 was not.',
    }),
  });
}

describe('quick order', () => {
  it('checks a pasted order: what is ready, its total, the ship-to, and each line with its problem', async () => {
    const { sent } = api();
    renderPage(<QuickOrderPage />);
    paste(PASTED);
    fireEvent.click(screen.getByRole('button', { name: 'Check items' }));
    const status = await screen.findByRole('status', { name: '' });
    expect(status.textContent).toContain('2 items ready, 1 needs fixing. Ready items total $250.00.');
    expect(status.textContent).toContain('Checked for delivery to Texas, your default address.');
    expect(screen.getByText('No option has this SKU.')).toBeTruthy();
    expect(sent('POST cart/quick-order/check').map((c) => c.body)).toEqual([{ text: PASTED }]);
    expect(screen.getByRole('button', { name: 'Add 2 ready items to cart' })).toBeTruthy();
  });

  it('adds the ready lines, keeps the pasted line that needs fixing, and lists what was not added', async () => {
    const { sent } = api();
    renderPage(<QuickOrderPage />);
    paste(PASTED);
    fireEvent.click(screen.getByRole('button', { name: 'Check items' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add 2 ready items to cart' }));
    expect(await screen.findByText('2 items added to your cart; 1 was not.')).toBeTruthy();
    expect(sent('POST cart/quick-order').map((c) => c.body)).toEqual([{ text: PASTED }]);
    // The text keeps only the line to fix, as the buyer typed it.
    await waitFor(() => expect(items().value).toBe('NOPE-9 3'));
    expect(screen.getByRole('heading', { name: 'Not added' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open cart' })).toBeTruthy();
  });

  it('an edit after a check asks for a new one: the results and the Add button go', async () => {
    api();
    renderPage(<QuickOrderPage />);
    paste(PASTED);
    fireEvent.click(screen.getByRole('button', { name: 'Check items' }));
    await screen.findByRole('button', { name: 'Add 2 ready items to cart' });
    paste(`${PASTED}VX-3 1\n`);
    expect(screen.queryByRole('button', { name: /ready items? to cart/ })).toBeNull();
    expect(screen.queryByText('No option has this SKU.')).toBeNull();
  });

  it('text the rules refuse is said under the field and never sent', async () => {
    const { calls } = api();
    renderPage(<QuickOrderPage />);
    paste(Array.from({ length: QUICK_ORDER_MAX_LINES + 1 }, (_, i) => `SKU-${i} 1`).join('\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Check items' }));
    expect(await screen.findByText(quickOrderMessages.tooManyLines)).toBeTruthy();
    expect(items().getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.path.startsWith('cart/quick-order'))).toHaveLength(0);
  });

  it('the server’s refusal is shown in its words', async () => {
    fakeApi({ 'POST cart/quick-order/check': refused(429, 'Too many requests. Try again in a minute.') });
    renderPage(<QuickOrderPage />);
    paste('VX-1 2');
    fireEvent.click(screen.getByRole('button', { name: 'Check items' }));
    expect(await screen.findByText('Too many requests. Try again in a minute.')).toBeTruthy();
  });

  it("gives an example line of this catalogue's own SKUs, and none when there is nothing to show", async () => {
    fakeApi({ 'GET catalogue/sku-example': ok({ example: { sku: 'SS-1003-10', quantity: 10 } }) });
    const first = renderPage(<QuickOrderPage />);
    const example = await screen.findByText('SS-1003-10 10');
    expect(example.closest('p')!.textContent).toMatch(
      /its SKU, then the quantity \(for example SS-1003-10 10\)\./,
    );
    first.unmount();
    fakeApi({ 'GET catalogue/sku-example': ok({ example: null }) });
    renderPage(<QuickOrderPage />);
    expect(
      await screen.findByText(/its SKU, then the quantity\. Each option's SKU is on its product page\./),
    ).toBeTruthy();
    expect(screen.queryByText(/for example/)).toBeNull();
  });
});
