import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeskDraft } from '#shared/orders/desk.schemas.ts';
import { deskMessages } from '#shared/orders/desk.schemas.ts';
import { quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { ATLANTA, COMPANY_ID, DESK, makeDeskDraft, makeDeskLine } from './desk.fixture.ts';
import { DeskPage } from './desk-page.tsx';

const QUOTE = `POST ${DESK}/quote`;
const line = makeDeskLine('SS-1-MANGO', {
  productName: 'Nimbus Bar',
  variantName: 'Mango Ice',
  quantity: 20,
  unitPriceCents: 350,
  lineTotalCents: 7000,
  negotiated: { listUnitPriceCents: 400, reason: 'Matches the chain price' },
});
const empty = makeDeskDraft([], { version: 0 });

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

const quotePanel = () => screen.findByRole('form', { name: 'Send as quote' });

describe('sending the desk’s draft as a quote (decision 016, part 3)', () => {
  it('sends the version, location, total and the day chosen; says so with a link, and the desk empties', async () => {
    const draft = makeDeskDraft([line], { problems: [quoteMessages.negotiatedNotPlaced] });
    const { sent } = show([draft, empty], {
      [QUOTE]: ok({ message: quoteMessages.sent('Q-1001', 'Corner Shop LLC'), number: 'Q-1001' }),
    });
    const form = await quotePanel();
    // A negotiated line is not placed: only sent as a quote.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(true);
    expect(screen.getByRole('list', { name: 'Before it can be placed' }).textContent).toBe(
      quoteMessages.negotiatedNotPlaced,
    );
    const day = within(form).getByLabelText<HTMLInputElement>('Valid until');
    expect(day.value).toBe('2026-12-09');
    // $70.00 + the store's $20.00.
    expect(within(form).getByText('$90.00')).toBeTruthy();
    fireEvent.change(day, { target: { value: '2026-12-20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send as quote' }));

    const said = await screen.findByRole('status');
    expect(said.textContent).toContain(quoteMessages.sent('Q-1001', 'Corner Shop LLC'));
    expect(within(said).getByRole('link', { name: 'Open quote Q-1001' }).getAttribute('href')).toBe(
      '/admin/quotes/Q-1001',
    );
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(sent(QUOTE)[0]!.body).toEqual({
      version: 3,
      locationId: ATLANTA,
      expiresOn: '2026-12-20',
      expectedTotalCents: 9000,
    });
    // The desk is read again, and is empty; the message stays.
    expect(await screen.findByText('No lines yet: find products above, or paste lines.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Q-1001');
    expect(within(form).getByLabelText<HTMLInputElement>('Valid until').value).toBe('2026-12-09');
  });

  it('lists what keeps it from being sent, with the button disabled', async () => {
    const problem = quoteMessages.quoteLinesWithProblems(1);
    const { sent } = show([makeDeskDraft([line], { quoteProblems: [problem] })]);
    const form = await quotePanel();
    expect(within(form).getByRole('list', { name: 'Before it can be sent as a quote' }).textContent).toBe(
      problem,
    );
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Send as quote' }).disabled).toBe(
      true,
    );
    expect(sent(QUOTE)).toHaveLength(0);
  });

  it('a day the server refuses is shown on the box; a draft changed meanwhile is read again and sent at its version', async () => {
    let presses = 0;
    const changed = makeDeskDraft([{ ...line, quantity: 30, lineTotalCents: 10500 }], { version: 4 });
    const { sent } = show([makeDeskDraft([line]), changed], {
      [QUOTE]: () =>
        [
          refused(400, quoteMessages.expiresTooLate, 'expiresOn'),
          refused(409, deskMessages.draftChanged),
          ok({ message: quoteMessages.sent('Q-1002', 'Corner Shop LLC'), number: 'Q-1002' }),
        ][presses++]!,
    });
    const form = await quotePanel();
    const day = within(form).getByLabelText('Valid until');
    fireEvent.change(day, { target: { value: '2027-06-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send as quote' }));
    expect(await within(form).findByText(quoteMessages.expiresTooLate)).toBeTruthy();
    expect(day.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(day, { target: { value: '2026-12-10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send as quote' }));
    expect(await within(form).findByText(deskMessages.draftChanged)).toBeTruthy();
    // The draft as it is now: $105.00 + $20.00.
    expect(await within(form).findByText('$125.00')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send as quote' }));
    expect(await screen.findByRole('link', { name: 'Open quote Q-1002' })).toBeTruthy();
    expect(sent(QUOTE).map((c) => c.body)).toEqual([
      { version: 3, locationId: ATLANTA, expiresOn: '2027-06-01', expectedTotalCents: 9000 },
      { version: 3, locationId: ATLANTA, expiresOn: '2026-12-10', expectedTotalCents: 9000 },
      { version: 4, locationId: ATLANTA, expiresOn: '2026-12-10', expectedTotalCents: 12500 },
    ]);
  });

  it('a draft opened from a quote says which, and who asked for it and why', async () => {
    show([
      makeDeskDraft([line], {
        quote: {
          number: 'Q-1003',
          status: 'requested',
          requestedBy: 'Dana Owner',
          requestNote: 'Need 50 by Friday',
        },
      }),
    ]);
    const notice = (await screen.findByText(/Working on quote/)).closest('p')!;
    expect(notice.textContent).toBe(
      'Working on quote Q-1003 (requested) — requested by Dana Owner: Need 50 by Friday',
    );
    expect(within(notice).getByRole('link', { name: 'Q-1003' }).getAttribute('href')).toBe(
      '/admin/quotes/Q-1003',
    );
  });

  it('the notice leaves out what the quote does not have', async () => {
    show([
      makeDeskDraft([line], {
        quote: { number: 'Q-1004', status: 'sent', requestedBy: null, requestNote: '' },
      }),
    ]);
    const notice = (await screen.findByText(/Working on quote/)).closest('p')!;
    expect(notice.textContent).toBe('Working on quote Q-1004 (sent)');
  });
});
