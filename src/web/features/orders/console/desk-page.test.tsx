import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quickOrderMessages } from '#shared/cart/quick-order.ts';
import { type DeskDraft, deskMessages } from '#shared/orders/desk.schemas.ts';
import { fakeApi, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { COMPANY_ID, DESK, makeDeskDraft, makeDeskLine, makeDeskOption } from './desk.fixture.ts';
import { DeskPage } from './desk-page.tsx';

const mango = makeDeskLine('SS-1-MANGO', {
  productName: 'Nimbus Bar',
  variantName: 'Mango Ice',
  quantity: 20,
  unitPriceCents: 400,
  lineTotalCents: 8000,
  exciseCents: 150,
  priceSource: 'group',
  tiers: [
    { minQuantity: 10, unitPriceCents: 400 },
    { minQuantity: 50, unitPriceCents: 380 },
  ],
  quantityRule: { minQuantity: 10, increment: 10, maxQuantity: null },
});
const mint = makeDeskLine('SS-2-MINT', {
  productName: 'Cloudtide Max',
  variantName: 'Mint Ice',
  quantity: 5,
  stock: 3,
  unitPriceCents: 1524,
  lineTotalCents: 7620,
  problem: deskMessages.lineShort(3),
});

/**
 * The desk for a sales rep, its draft kept as the server would: `answer(next)` is a write's answer
 * that becomes the draft every later read (the reload after each write) answers.
 */
function show(
  draft: DeskDraft,
  routes: (answer: (next: DeskDraft) => ReturnType<typeof ok>) => Parameters<typeof fakeApi>[0] = () => ({}),
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

describe('the order desk (decision 016, part 2)', () => {
  it('shows each line as the buyer would (price, tiers, problem) with the totals, and no Place while a problem stands', async () => {
    show(makeDeskDraft([mango, mint], { problems: [deskMessages.linesWithProblems(1)] }));
    expect(await screen.findByRole('heading', { name: 'Order desk — Corner Shop LLC' })).toBeTruthy();
    expect(screen.getByText('Prices: Chains')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Company page' }).getAttribute('href')).toBe(
      `/admin/companies/${COMPANY_ID}`,
    );
    const table = screen.getByRole('table', { name: 'Lines of the order' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('Nimbus Bar — Mango Ice');
    expect(first!.textContent).toContain('$4.00');
    expect(first!.textContent).toContain('10+ $4.00 · 50+ $3.80');
    expect(first!.textContent).toContain('Sold in cases of 10');
    expect(first!.textContent).toContain('$80.00');
    expect(first!.textContent).toContain('$1.50');
    expect(first!.textContent).not.toContain('in stock');
    expect(within(second!).getByText(deskMessages.lineShort(3))).toBeTruthy();
    expect(within(table).getByLabelText<HTMLInputElement>('Quantity of Cloudtide Max — Mint Ice').value).toBe(
      '5',
    );

    const total = screen.getByRole('heading', { name: 'Total' }).closest('section')!;
    const figures = [...within(total).getAllByRole('definition')].map((dd) => dd.textContent);
    // $80.00 + $76.20, the store's $20.00 for delivery, $1.50 excise.
    expect(figures).toEqual(['$156.20', '$20.00', '$1.50', '$177.70']);
    expect(within(total).getByRole('list', { name: 'Before it can be placed' }).textContent).toBe(
      deskMessages.linesWithProblems(1),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(true);
  });

  it('a disabled company is shown as a warning; an empty draft cannot be placed and has nothing to discard', async () => {
    show(
      makeDeskDraft([], {
        version: 0,
        company: { ...makeDeskDraft([]).company, disabled: true, groupName: null },
        problems: [deskMessages.companyDisabled],
      }),
    );
    expect(await screen.findByText('List prices')).toBeTruthy();
    expect(screen.getAllByText(deskMessages.companyDisabled)).toHaveLength(2);
    expect(screen.getByText('No lines yet: find products above, or paste lines.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
  });

  it('finds options by SKU or name, each priced and judged; Add adds the quantity to the draft’s line as it is now', async () => {
    const blocked = makeDeskOption('SS-9-GRAPE', {
      productName: 'Nimbus Bar',
      variantName: 'Grape',
      blocks: [{ effect: 'no_sale', reason: 'Flavored vapes are banned here.', source: 'GA law' }],
    });
    const cased = makeDeskOption('SS-1-MANGO', {
      productName: 'Nimbus Bar',
      variantName: 'Mango Ice',
      unitPriceCents: 400,
      tiers: [{ minQuantity: 50, unitPriceCents: 380 }],
      quantityRule: { minQuantity: 10, increment: 10, maxQuantity: 200 },
      inDraft: 20,
    });
    const { sent } = show(makeDeskDraft([mango]), (answer) => ({
      [`GET ${DESK}/search`]: ok({ query: 'nimbus', options: [cased, blocked] }),
      [`PUT ${DESK}/lines`]: () => answer(makeDeskDraft([{ ...mango, quantity: 40, lineTotalCents: 16000 }])),
    }));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Find by SKU or name' }), {
      target: { value: ' nimbus ' },
    });
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(sent(`GET ${DESK}/search`).map((c) => c.query.get('q'))).toEqual(['nimbus']);
    const [mangoHit, grapeHit] = within(results).getAllByRole('listitem');
    expect(mangoHit!.textContent).toContain('$4.00 (group price) · 50+ $3.80');
    expect(mangoHit!.textContent).toContain('Sold in cases of 10 · Maximum 200 per order · 40 in stock');
    expect(mangoHit!.textContent).toContain('20 in the draft');
    expect(mangoHit!.textContent).toContain('Allowed');
    expect(grapeHit!.textContent).toContain('Flavored vapes are banned here.');

    const quantity = within(mangoHit!).getByLabelText<HTMLInputElement>('Quantity of Nimbus Bar — Mango Ice');
    expect(quantity.value).toBe('10');
    fireEvent.change(quantity, { target: { value: 'two' } });
    fireEvent.click(within(mangoHit!).getByRole('button', { name: 'Add Nimbus Bar — Mango Ice' }));
    expect(await within(mangoHit!).findByText(deskMessages.quantityRange)).toBeTruthy();
    expect(sent(`PUT ${DESK}/lines`)).toHaveLength(0);
    fireEvent.change(quantity, { target: { value: '20' } });
    fireEvent.submit(quantity.closest('form')!);
    await waitFor(() => expect(sent(`PUT ${DESK}/lines`)).toHaveLength(1));
    expect(sent(`PUT ${DESK}/lines`)[0]!.body).toEqual({ sku: 'SS-1-MANGO', quantity: 20, adding: true });
    const table = screen.getByRole('table', { name: 'Lines of the order' });
    await waitFor(() =>
      expect(within(table).getByLabelText<HTMLInputElement>('Quantity of Nimbus Bar — Mango Ice').value).toBe(
        '40',
      ),
    );
  });

  it('a line’s quantity is sent when its box is left; Remove sends 0; a refusal shows beside the line', async () => {
    const { sent } = show(makeDeskDraft([mango, mint]), (answer) => ({
      [`PUT ${DESK}/lines`]: (call) =>
        (call.body as { quantity: number }).quantity === 7
          ? refused(400, deskMessages.quantityRange, 'quantity')
          : answer(makeDeskDraft([mango])),
    }));
    const box = await screen.findByLabelText<HTMLInputElement>('Quantity of Cloudtide Max — Mint Ice');
    fireEvent.change(box, { target: { value: '7' } });
    fireEvent.blur(box);
    expect(await screen.findByText(deskMessages.quantityRange)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cloudtide Max — Mint Ice' }));
    await waitFor(() => expect(screen.queryByText('Cloudtide Max — Mint Ice')).toBeNull());
    expect(sent(`PUT ${DESK}/lines`).map((c) => c.body)).toEqual([
      { sku: 'SS-2-MINT', quantity: 7 },
      { sku: 'SS-2-MINT', quantity: 0 },
    ]);
  });

  it('pasted lines are added; those not added are listed with their line numbers and why', async () => {
    const { sent } = show(makeDeskDraft([]), (answer) => ({
      [`POST ${DESK}/paste`]: () => {
        answer(makeDeskDraft([mango]));
        return ok({
          message: deskMessages.pasted(1, 1),
          draft: makeDeskDraft([mango]),
          notAdded: [{ lines: [2, 4], sku: 'NOPE-1', problem: deskMessages.unknownSku }],
        });
      },
    }));
    const box = await screen.findByLabelText('Lines to add');
    fireEvent.click(screen.getByRole('button', { name: 'Add lines' }));
    expect(await screen.findByText(quickOrderMessages.empty)).toBeTruthy();
    expect(sent(`POST ${DESK}/paste`)).toHaveLength(0);

    const text = 'SS-1-MANGO 20\nNOPE-1,3\n\nNOPE-1 1';
    fireEvent.change(box, { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Add lines' }));
    expect(await screen.findByText(deskMessages.pasted(1, 1))).toBeTruthy();
    expect(sent(`POST ${DESK}/paste`)[0]!.body).toEqual({ text });
    const notAdded = screen.getByRole('list', { name: 'Lines not added' });
    expect(within(notAdded).getByRole('listitem').textContent).toBe(
      `Lines 2, 4: NOPE-1 — ${deskMessages.unknownSku}`,
    );
    expect(await screen.findByRole('table', { name: 'Lines of the order' })).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });
});
