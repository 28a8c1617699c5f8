import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type DeskDraft, deskMessages } from '#shared/orders/desk.schemas.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { ATLANTA, COMPANY_ID, DESK, makeDeskDraft, makeDeskLine, SAVANNAH } from './desk.fixture.ts';
import { DeskPage } from './desk-page.tsx';
import { DETAILS_UNSAVED } from './desk-place.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const line = makeDeskLine('SS-1-MANGO', { quantity: 2, lineTotalCents: 3048 });

/** The desk for an admin; the draft read answers `drafts` in turn, the last one from then on. */
function show(drafts: DeskDraft[], routes: Parameters<typeof fakeApi>[0] = {}) {
  let reads = 0;
  const api = fakeApi({
    [`GET ${DESK}`]: () => ok(drafts[Math.min(reads++, drafts.length - 1)]),
    ...routes,
  });
  renderPage(<DeskPage />, { path: `/admin/desk/${COMPANY_ID}`, route: '/admin/desk/:companyId' });
  return api;
}

const details = () => screen.findByRole('form', { name: 'Order details' });

describe('the order desk: details and placing (decision 016, part 2)', () => {
  it('a changed fee needs its reason (nothing is sent without); saved, it sends the version shown', async () => {
    const { sent } = show([makeDeskDraft([line])], {
      [`PUT ${DESK}`]: ok(makeDeskDraft([line], { version: 4, feeCents: 1500, feeReason: 'Own truck' })),
    });
    const form = await details();
    expect(within(form).getByText('$20.00')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLSelectElement>('Location').value).toBe(ATLANTA);
    expect(within(form).getByRole('option', { name: 'Atlanta shop — Atlanta, GA (default)' })).toBeTruthy();
    fireEvent.click(within(form).getByLabelText('Change fee'));
    fireEvent.change(within(form).getByLabelText('Fee in dollars'), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    const reason = within(form).getByLabelText('Reason for the change');
    expect(await within(form).findByText(deskMessages.feeReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent(`PUT ${DESK}`)).toHaveLength(0);
    // Place, and sending as a quote, wait for the details to be saved.
    expect(screen.getAllByText(DETAILS_UNSAVED)).toHaveLength(2);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send as quote' }).disabled).toBe(true);

    fireEvent.change(within(form).getByLabelText('Fee in dollars'), { target: { value: 'lots' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByText('Enter the fee as an amount like 25.00.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Fee in dollars'), { target: { value: '$15' } });
    fireEvent.change(reason, { target: { value: ' Own truck ' } });
    fireEvent.change(within(form).getByLabelText('Location'), { target: { value: SAVANNAH } });
    fireEvent.change(within(form).getByLabelText('Internal note', { exact: false }), {
      target: { value: 'Call before noon.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(deskMessages.saved)).toBeTruthy();
    expect(sent(`PUT ${DESK}`)[0]!.body).toEqual({
      version: 3,
      locationId: SAVANNAH,
      shippingType: 'Shiptoaddress',
      feeCents: 1500,
      feeReason: 'Own truck',
      buyerNote: '',
      internalNote: 'Call before noon.',
    });
    await waitFor(() => expect(screen.queryByText(DETAILS_UNSAVED)).toBeNull());
  });

  it('a pickup sends no fee; a draft changed in another tab is refused, reloaded and said so', async () => {
    const { sent } = show([makeDeskDraft([line]), makeDeskDraft([line], { version: 5 })], {
      [`PUT ${DESK}`]: refused(409, deskMessages.draftChanged),
    });
    const form = await details();
    fireEvent.click(within(form).getByLabelText('Pickup'));
    expect(within(form).queryByLabelText('Change fee')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Note for the buyer', { exact: false }), {
      target: { value: 'Ready Friday.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByText(deskMessages.draftChanged)).toBeTruthy();
    expect(sent(`PUT ${DESK}`)[0]!.body).toMatchObject({
      version: 3,
      shippingType: 'Pickup',
      feeCents: null,
      feeReason: '',
      buyerNote: 'Ready Friday.',
    });
    await waitFor(() => expect(sent(`GET ${DESK}`).length).toBeGreaterThan(1));
    // What was typed stays for a second look, and goes again at the version now shown.
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(sent(`PUT ${DESK}`)).toHaveLength(2));
    expect(sent(`PUT ${DESK}`)[1]!.body).toMatchObject({ version: 5, buyerNote: 'Ready Friday.' });
  });

  it('Place sends the version, location and total shown with a key; a 409 reloads the draft and says why', async () => {
    const changed = makeDeskDraft([{ ...line, unitPriceCents: 1600, lineTotalCents: 3200 }], { version: 4 });
    let presses = 0;
    const { sent } = show([makeDeskDraft([line]), changed], {
      [`POST ${DESK}/place`]: () =>
        presses++ === 0
          ? refused(409, deskMessages.pricesChanged(changed.totalCents))
          : ok({ message: deskMessages.placed('SS-1050', 'Corner Shop LLC'), number: 'SS-1050' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(deskMessages.pricesChanged(changed.totalCents))).toBeTruthy();
    const first = sent(`POST ${DESK}/place`)[0]!.body as Record<string, unknown>;
    expect(first).toMatchObject({ version: 3, locationId: ATLANTA, expectedTotalCents: 5048 });
    expect(first.idempotencyKey).toMatch(UUID);
    // The draft as it is now: $32.00 + $20.00.
    expect(await screen.findByText('$52.00', { selector: 'dd' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Landed on /admin/orders/SS-1050')).toBeTruthy();
    expect(screen.getByText(deskMessages.placed('SS-1050', 'Corner Shop LLC'))).toBeTruthy();
    const second = sent(`POST ${DESK}/place`)[1]!.body as Record<string, unknown>;
    expect(second).toMatchObject({ version: 4, expectedTotalCents: 5200 });
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('a press whose answer was lost is retried with the same key', async () => {
    let presses = 0;
    const { sent } = show([makeDeskDraft([line])], {
      [`POST ${DESK}/place`]: () =>
        presses++ === 0
          ? refused(503, 'The store is busy. Try again in a moment.')
          : ok({ message: deskMessages.placed('SS-1051', 'Corner Shop LLC'), number: 'SS-1051' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('The store is busy. Try again in a moment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Landed on /admin/orders/SS-1051')).toBeTruthy();
    const [first, second] = sent(`POST ${DESK}/place`).map(
      (c) => (c.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(second).toBe(first);
  });

  it('discards the draft only after confirming, and goes back to the desk', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { sent } = show([makeDeskDraft([line])], {
      [`DELETE ${DESK}`]: ok({ message: deskMessages.discarded }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Discard draft' }));
    expect(sent(`DELETE ${DESK}`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText('Landed on /admin/desk')).toBeTruthy();
    expect(screen.getByText(deskMessages.discarded)).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });
});
