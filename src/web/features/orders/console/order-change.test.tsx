import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '#shared/dates.ts';
import {
  type OrderChangePreview,
  type OrderRevision,
  orderChangeMessages,
} from '#shared/orders/order-change.schemas.ts';
import type { AdminOrder } from '#shared/orders/orders-staff.schemas.ts';
import type { StaffMe } from '#shared/staff/staff.schemas.ts';
import { fakeApi, makeAdminOrder, makeOrder, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { SAVE_WAITS } from './order-change.tsx';
import { AdminOrderDetailPage } from './order-detail-page.tsx';

const PATH = 'admin/orders/SS-1042';
const MANGO = 'Nimbus Bar Ultra — Mango Ice';
const MINT = 'Cloudtide Max — Mint Ice';

type Item = AdminOrder['items'][number];
const item = (
  variantId: string,
  name: string,
  quantity: number,
  status: Item['status'] = 'pending',
): Item => {
  const [productName = '', variantName = ''] = name.split(' — ');
  return {
    ...makeOrder().items[0]!,
    variantId,
    productName,
    variantName,
    quantity,
    lineTotalCents: 1500 * quantity,
    status,
  };
};
/** A placed delivery at version 3: two pending lines and one cancelled. */
const placed = (o: Partial<AdminOrder> = {}) =>
  makeAdminOrder({
    version: 3,
    items: [
      item('SS-1003-10', MANGO, 2),
      item('SS-2001-5', MINT, 4),
      item('SS-3001-1', 'Haze Pod — Berry', 1, 'cancelled'),
    ],
    ...o,
  });

/** The server's preview of: Mango 2 → 5 (agreed price), Mint removed, 3 Haze Pod Peach added (today's). */
const makePreview = (o: Partial<OrderChangePreview> = {}): OrderChangePreview => ({
  version: 3,
  revision: '0123456789abcdef0123456789abcdef',
  shippingType: 'Shiptoaddress',
  lines: [
    {
      sku: 'SS-1003-10',
      productName: 'Nimbus Bar Ultra',
      variantName: 'Mango Ice',
      sellingUnit: 'box of 10',
      quantity: 5,
      was: 2,
      unitPriceCents: 1500,
      agreed: true,
      lineTotalCents: 7500,
      exciseCents: 0,
      stock: 40,
      problem: null,
    },
    {
      sku: 'SS-4000-2',
      productName: 'Haze Pod',
      variantName: 'Peach',
      sellingUnit: '',
      quantity: 3,
      was: 0,
      unitPriceCents: 1299,
      agreed: false,
      lineTotalCents: 3897,
      exciseCents: 120,
      stock: 12,
      problem: null,
    },
  ],
  before: { subtotalCents: 9000, shippingCents: 2000, exciseCents: 0, totalCents: 11000 },
  after: { subtotalCents: 11397, shippingCents: 2000, exciseCents: 120, totalCents: 13517 },
  changes: [
    orderChangeMessages.quantity(MANGO, 2, 5),
    orderChangeMessages.removed(4, MINT),
    orderChangeMessages.added(3, 'Haze Pod — Peach'),
  ],
  problems: [],
  ...o,
});

/** The order page; its read answers `orders` in turn, the last one from then on. */
function show(orders: AdminOrder[], routes: Parameters<typeof fakeApi>[0] = {}, staff?: StaffMe) {
  let reads = 0;
  const api = fakeApi({
    [`GET ${PATH}`]: () => ok(orders[Math.min(reads++, orders.length - 1)]),
    ...routes,
  });
  renderPage(<AdminOrderDetailPage />, {
    path: '/admin/orders/SS-1042',
    route: '/admin/orders/:number',
    staff,
  });
  return api;
}

async function openChange() {
  fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
  return screen.getByRole('heading', { name: 'Change order SS-1042' }).closest('section')!;
}

/** Mango to 5, Mint removed, 3 of SS-4000-2 added. */
function editLines(panel: HTMLElement) {
  fireEvent.change(within(panel).getByLabelText(`Quantity of ${MANGO}`), { target: { value: '5' } });
  fireEvent.click(within(panel).getByRole('button', { name: `Remove ${MINT}` }));
  const add = within(panel).getByRole('form', { name: 'Add a line' });
  fireEvent.change(within(add).getByLabelText('SKU'), { target: { value: 'SS-4000-2' } });
  fireEvent.change(within(add).getByLabelText('Quantity'), { target: { value: '3' } });
  fireEvent.click(within(add).getByRole('button', { name: 'Add line' }));
}

const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save changes' });
const previewed = (panel: HTMLElement) => within(panel).findByRole('table', { name: 'The order as changed' });

describe('changing a placed order before it ships (decision 016, part 4)', () => {
  it('is offered to a sales rep (and to admin, as in the tests below)', async () => {
    show([placed()], {}, makeStaffMe('sales'));
    expect(await screen.findByRole('button', { name: 'Change order' })).toBeTruthy();
  });

  it('is not offered to the warehouse', async () => {
    show([placed()], {}, makeStaffMe('warehouse'));
    await screen.findByRole('heading', { name: 'Order SS-1042' });
    expect(screen.queryByRole('button', { name: 'Change order' })).toBeNull();
  });

  it('is not offered once shipped', async () => {
    const at = '2026-11-26T10:00:00.000Z';
    show([placed({ events: [...makeOrder().events, { stage: 'shipped', at }] })]);
    await screen.findByRole('heading', { name: 'Order SS-1042' });
    expect(screen.queryByRole('button', { name: 'Change order' })).toBeNull();
  });

  it('previews the whole set of lines: a removed one left out, an added SKU in, each priced as the server says', async () => {
    const problem = 'Only 2 in stock.';
    const problems = [orderChangeMessages.notEnoughStock(['Haze Pod — Peach'])];
    const answer = makePreview({ problems });
    answer.lines[1]!.problem = problem;
    const { sent } = show([placed()], { [`POST ${PATH}/change/preview`]: ok(answer) });
    const panel = await openChange();
    // Cancelled items are not part of the change.
    const lines = within(panel).getByRole('list', { name: 'Lines of the change' });
    expect(within(lines).queryByText('Haze Pod — Berry')).toBeNull();
    expect(within(panel).getByLabelText<HTMLInputElement>('Delivery').checked).toBe(true);
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText(SAVE_WAITS.preview)).toBeTruthy();

    editLines(panel);
    expect(within(panel).getByRole('button', { name: `Put back ${MINT}` })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    const table = await previewed(panel);
    expect(sent(`POST ${PATH}/change/preview`)[0]!.body).toEqual({
      version: 3,
      lines: [
        { sku: 'SS-1003-10', quantity: 5 },
        { sku: 'SS-4000-2', quantity: 3 },
      ],
      shippingType: 'Shiptoaddress',
    });
    const [, mango, added] = within(table).getAllByRole('row');
    expect(within(mango!).getByText('2 → 5')).toBeTruthy();
    expect(within(mango!).getByText('agreed')).toBeTruthy();
    expect(within(added!).getByText('new → 3')).toBeTruthy();
    expect(within(added!).getByText("today's price")).toBeTruthy();
    expect(within(added!).getByText('$12.99')).toBeTruthy();
    expect(within(added!).getByText(problem)).toBeTruthy();
    // The line added by SKU is named once the preview has found it.
    expect(within(lines).getByLabelText('Quantity of Haze Pod — Peach')).toBeTruthy();
    const totals = within(panel).getByRole('table', { name: 'Totals before and after the change' });
    expect(within(totals).getByRole('row', { name: 'Total $110.00 $135.17' })).toBeTruthy();
    const changes = within(panel).getByRole('list', { name: 'What changes' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(answer.changes);
    const blockers = within(panel).getByRole('list', { name: 'Before it can be saved' });
    expect(within(blockers).getByText(problems[0]!)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText(SAVE_WAITS.problems)).toBeTruthy();
  });

  it('checks quantities before asking; an unknown SKU is the server’s to say', async () => {
    const { sent } = show([placed()], {
      [`POST ${PATH}/change/preview`]: refused(400, orderChangeMessages.unknownSku, 'lines'),
    });
    const panel = await openChange();
    fireEvent.change(within(panel).getByLabelText(`Quantity of ${MANGO}`), { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    expect(await within(panel).findByText(orderChangeMessages.quantityRange)).toBeTruthy();
    expect(within(panel).getByLabelText(`Quantity of ${MANGO}`).getAttribute('aria-invalid')).toBe('true');
    expect(sent(`POST ${PATH}/change/preview`)).toHaveLength(0);

    fireEvent.change(within(panel).getByLabelText(`Quantity of ${MANGO}`), { target: { value: '2' } });
    const add = within(panel).getByRole('form', { name: 'Add a line' });
    fireEvent.change(within(add).getByLabelText('SKU'), { target: { value: 'ss-1003-10' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add line' }));
    expect(await within(add).findByText(orderChangeMessages.repeatedLine)).toBeTruthy();
    fireEvent.change(within(add).getByLabelText('SKU'), { target: { value: 'NOPE-1' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add line' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(orderChangeMessages.unknownSku);
    expect(saveButton().disabled).toBe(true);
  });

  it('saves only a preview of what is typed now, with a reason the shared schema asks for', async () => {
    const changed = placed({
      version: 4,
      items: [item('SS-1003-10', MANGO, 5), item('SS-4000-2', 'Haze Pod — Peach', 3)],
      revisions: [
        {
          version: 4,
          at: '2026-11-26T10:00:00.000Z',
          by: 'Sam Staff',
          reason: 'Asked by phone',
          changes: makePreview().changes,
          totalBeforeCents: 11000,
          totalAfterCents: 13517,
        },
      ],
    });
    const { sent } = show([placed(), changed], {
      [`POST ${PATH}/change/preview`]: ok(makePreview()),
      [`POST ${PATH}/change`]: ok(changed),
    });
    const panel = await openChange();
    editLines(panel);
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    await previewed(panel);
    expect(saveButton().disabled).toBe(false);
    // Edited after the preview: it must be previewed again; typed back as it was, it need not.
    fireEvent.change(within(panel).getByLabelText(`Quantity of ${MANGO}`), { target: { value: '6' } });
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText(SAVE_WAITS.edited)).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText(`Quantity of ${MANGO}`), { target: { value: '5' } });
    fireEvent.click(within(panel).getByLabelText('Pickup'));
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(within(panel).getByLabelText('Delivery'));
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    const reason = within(panel).getByLabelText('Reason (the buyer sees it)');
    expect(await within(panel).findByText(orderChangeMessages.reasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent(`POST ${PATH}/change`)).toHaveLength(0);
    fireEvent.change(reason, { target: { value: ' Asked by phone ' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(orderChangeMessages.saved('SS-1042'))).toBeTruthy();
    expect(sent(`POST ${PATH}/change`)[0]!.body).toEqual({
      version: 3,
      lines: [
        { sku: 'SS-1003-10', quantity: 5 },
        { sku: 'SS-4000-2', quantity: 3 },
      ],
      shippingType: 'Shiptoaddress',
      reason: 'Asked by phone',
      expectedTotalCents: 13517,
      revision: makePreview().revision,
    });
    // Closed, and the page shows the order as changed.
    expect(screen.queryByRole('heading', { name: 'Change order SS-1042' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change order' })).toBeTruthy();
    const history = screen.getByRole('heading', { name: 'Changes' }).closest('section')!;
    expect(within(history).getByText('Asked by phone')).toBeTruthy();
  });

  it('a change a colleague saved first: refused, the order read again, and a new preview needed', async () => {
    const theirs = placed({ version: 4, items: [item('SS-1003-10', MANGO, 7), item('SS-2001-5', MINT, 4)] });
    const { sent } = show([placed(), theirs], {
      [`POST ${PATH}/change/preview`]: (call) =>
        ok(makePreview({ version: (call.body as { version: number }).version })),
      [`POST ${PATH}/change`]: refused(409, orderChangeMessages.stale),
    });
    const panel = await openChange();
    editLines(panel);
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    await previewed(panel);
    fireEvent.change(within(panel).getByLabelText('Reason (the buyer sees it)'), {
      target: { value: 'Asked by phone' },
    });
    fireEvent.click(saveButton());
    expect(await within(panel).findByText(orderChangeMessages.stale)).toBeTruthy();
    await waitFor(() => expect(sent(`GET ${PATH}`).length).toBeGreaterThan(1));
    // The change starts again from the order as it now is; what it said stays.
    await waitFor(() =>
      expect(within(panel).getByLabelText<HTMLInputElement>(`Quantity of ${MANGO}`).value).toBe('7'),
    );
    expect(within(panel).getByText(orderChangeMessages.stale)).toBeTruthy();
    expect(within(panel).queryByRole('table', { name: 'The order as changed' })).toBeNull();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    await previewed(panel);
    expect(sent(`POST ${PATH}/change/preview`)[1]!.body).toMatchObject({ version: 4 });
    expect(saveButton().disabled).toBe(false);
  });

  it('prices changed while it was saved: the message, and Save waits for a new preview', async () => {
    const message = orderChangeMessages.pricesChanged(13900);
    show([placed()], {
      [`POST ${PATH}/change/preview`]: ok(makePreview()),
      [`POST ${PATH}/change`]: refused(409, message),
    });
    const panel = await openChange();
    editLines(panel);
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    await previewed(panel);
    fireEvent.change(within(panel).getByLabelText('Reason (the buyer sees it)'), {
      target: { value: 'Asked by phone' },
    });
    fireEvent.click(saveButton());
    expect(await within(panel).findByText(message)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText(SAVE_WAITS.preview)).toBeTruthy();
    // Cancel closes the panel.
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Change order SS-1042' })).toBeNull();
  });
});

describe("an order's changes, on its console page", () => {
  const revision = (version: number, reason: string, changes: string[], at: string): OrderRevision => ({
    version,
    at,
    by: 'Sam Staff',
    reason,
    changes,
    totalBeforeCents: 3000 * version,
    totalAfterCents: 3000 * (version + 1),
  });

  it('lists every revision, newest first: when, by whom, why, what, and the total before and after', async () => {
    const first = revision(
      1,
      'Short on stock',
      [orderChangeMessages.quantity(MANGO, 4, 2)],
      '2026-11-26T10:00:00.000Z',
    );
    const second = revision(
      2,
      'Buyer picks up',
      [orderChangeMessages.shipping('delivery', 'pickup'), orderChangeMessages.added(1, MINT)],
      '2026-11-27T09:30:00.000Z',
    );
    show([placed({ revisions: [first, second] })]);
    const history = (await screen.findByRole('heading', { name: 'Changes' })).closest('section')!;
    const [newest, oldest] = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(within(newest!).getByText('Buyer picks up')).toBeTruthy();
    expect(newest!.textContent).toContain(`${formatDateTime(second.at)} · by Sam Staff · revision 2`);
    expect(within(newest!).getByText(orderChangeMessages.added(1, MINT))).toBeTruthy();
    expect(within(newest!).getByText('Total $60.00 → $90.00')).toBeTruthy();
    expect(within(oldest!).getByText('Short on stock')).toBeTruthy();
    expect(within(oldest!).getByText(orderChangeMessages.quantity(MANGO, 4, 2))).toBeTruthy();
  });

  it('an order never changed has no such panel', async () => {
    show([placed()]);
    await screen.findByRole('heading', { name: 'Order SS-1042' });
    expect(screen.queryByRole('heading', { name: 'Changes' })).toBeNull();
  });
});
