import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeskDraft } from '#shared/orders/desk.schemas.ts';
import { quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { fakeApi, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { COMPANY_ID, DESK, makeDeskDraft, makeDeskLine } from './desk.fixture.ts';
import { DeskPage } from './desk-page.tsx';

const mango = makeDeskLine('SS-1-MANGO', {
  productName: 'Nimbus Bar',
  variantName: 'Mango Ice',
  quantity: 20,
  unitPriceCents: 400,
  lineTotalCents: 8000,
  priceSource: 'group',
  tiers: [{ minQuantity: 50, unitPriceCents: 380 }],
  minPriceCents: 300,
});
const negotiated = {
  ...mango,
  unitPriceCents: 350,
  lineTotalCents: 7000,
  negotiated: { listUnitPriceCents: 400, reason: 'Matches the chain price' },
};
const PRICE = `PUT ${DESK}/lines/price`;

/** The desk for a sales rep; a write's answer (`answer(next)`) is what every later read answers. */
function show(
  draft: DeskDraft,
  routes: (answer: (next: DeskDraft) => ReturnType<typeof ok>) => Parameters<typeof fakeApi>[0],
) {
  let current = draft;
  const answer = (next: DeskDraft) => {
    current = next;
    return ok(next);
  };
  const api = fakeApi({ [`GET ${DESK}`]: () => ok(current), ...routes(answer) });
  renderPage(<DeskPage />, {
    path: `/admin/desk/${COMPANY_ID}`,
    route: '/admin/desk/:companyId',
    staff: makeStaffMe('sales'),
  });
  return api;
}

const lineRow = () =>
  within(screen.getByRole('table', { name: 'Lines of the order' })).getAllByRole('row')[1]!;

describe('negotiating a line’s price at the desk (decision 016, part 3)', () => {
  it('opens a form under the line, needs a reason with a price, and shows the line negotiated once saved', async () => {
    const { sent } = show(makeDeskDraft([mango]), (answer) => ({
      [PRICE]: () => answer(makeDeskDraft([negotiated])),
    }));
    const toggle = await screen.findByRole('button', { name: 'Negotiate price of Nimbus Bar — Mango Ice' });
    expect(lineRow().textContent).toContain('Lowest $3.00');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const form = screen.getByRole('form', { name: 'Negotiate the price of Nimbus Bar — Mango Ice' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const price = within(form).getByLabelText('Unit price in dollars');
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(within(form).getByText("Empty: the company's price, $4.00. Lowest: $3.00.")).toBeTruthy();

    fireEvent.change(price, { target: { value: 'cheap' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByText(quoteMessages.priceAmount)).toBeTruthy();
    fireEvent.change(price, { target: { value: '$3.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByText(quoteMessages.priceReasonRequired)).toBeTruthy();
    expect(within(form).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(sent(PRICE)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Reason'), {
      target: { value: ' Matches the chain price ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText(quoteMessages.priceSet)).toBeTruthy();
    expect(sent(PRICE)[0]!.body).toEqual({
      sku: 'SS-1-MANGO',
      unitPriceCents: 350,
      reason: 'Matches the chain price',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: /Negotiate the price/ })).toBeNull());
    // Focus goes back to the control that opened the form.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Negotiate price of Nimbus Bar — Mango Ice' }),
    );
    const row = lineRow();
    expect(row.textContent).toContain('$3.50');
    expect(row.textContent).toContain('negotiated');
    expect(row.textContent).toContain('Company price $4.00');
    expect(row.textContent).toContain('Reason: Matches the chain price');
    expect(row.textContent).toContain('$70.00');
    // A fixed price has no quantity breaks.
    expect(row.textContent).not.toContain('50+ $3.80');
  });

  it('a price below the minimum is refused on the price box; an empty price goes back to the company’s', async () => {
    const { sent } = show(makeDeskDraft([negotiated]), (answer) => ({
      [PRICE]: (call) =>
        (call.body as { unitPriceCents: number | null }).unitPriceCents === null
          ? answer(makeDeskDraft([mango]))
          : refused(400, quoteMessages.belowMinimum('SS-1-MANGO', 300), 'unitPriceCents'),
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Negotiate price of Nimbus Bar — Mango Ice' }));
    const form = screen.getByRole('form', { name: 'Negotiate the price of Nimbus Bar — Mango Ice' });
    const price = within(form).getByLabelText<HTMLInputElement>('Unit price in dollars');
    expect(price.value).toBe('3.50');
    expect(within(form).getByLabelText<HTMLInputElement>('Reason').value).toBe('Matches the chain price');

    fireEvent.change(price, { target: { value: '2.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    const refusal = await within(form).findByText(quoteMessages.belowMinimum('SS-1-MANGO', 300));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(price.getAttribute('aria-describedby')).toContain(refusal.id);
    expect(document.activeElement).toBe(price);

    fireEvent.change(price, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText(quoteMessages.priceCleared)).toBeTruthy();
    expect(sent(PRICE).map((c) => c.body)).toEqual([
      { sku: 'SS-1-MANGO', unitPriceCents: 250, reason: 'Matches the chain price' },
      { sku: 'SS-1-MANGO', unitPriceCents: null, reason: '' },
    ]);
    await waitFor(() => expect(lineRow().textContent).not.toContain('Company price'));
  });

  it('Escape or Cancel closes the form unsent, focus back on its control', async () => {
    const { sent } = show(makeDeskDraft([mango]), () => ({}));
    const toggle = await screen.findByRole('button', { name: 'Negotiate price of Nimbus Bar — Mango Ice' });
    fireEvent.click(toggle);
    const price = screen.getByLabelText('Unit price in dollars');
    fireEvent.keyDown(price, { key: 'Escape' });
    expect(screen.queryByRole('form', { name: /Negotiate the price/ })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: /Negotiate the price/ })).toBeNull();
    expect(sent(PRICE)).toHaveLength(0);
  });
});
