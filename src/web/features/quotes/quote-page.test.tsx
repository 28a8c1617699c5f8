import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteMessages } from '#shared/orders/quotes.messages.ts';
import type { Quote } from '#shared/orders/quotes.schemas.ts';
import { fakeApi, makeStore, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { makeQuote } from './quote.fixture.ts';
import { QuotePage } from './quote-page.tsx';

const MANGO = 'Nimbus Bar Ultra — Mango Ice';
const PEACH = 'Haze Pod — Peach';

/** Q-7 with Mango Ice short now (1 left), and Peach's excise now $1.20 (it was $1.00). */
function mangoShort(): Quote {
  const quote = makeQuote();
  const [mango, peach] = quote.now!.lines;
  return {
    ...quote,
    now: {
      ...quote.now!,
      lines: [
        { ...mango!, available: false, problem: quoteMessages.lineShort(1), stock: 1 },
        { ...peach!, exciseCents: 120 },
      ],
    },
  };
}

function open(quote: Quote, more: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET store': ok(makeStore()), 'GET quotes/Q-7': ok(quote), ...more });
  renderPage(<QuotePage />, { path: '/quotes/Q-7', route: '/quotes/:number' });
  return api;
}

const checkbox = (name: string) =>
  screen.getByRole('checkbox', { name: `Include ${name}` }) as HTMLInputElement;
const total = () => screen.getByTestId('accept-total').textContent;

describe('a quote, as a member of the company reads and answers it (decision 016, part 3)', () => {
  it('reads as a document: from the store, for the business, valid until, the note, prices beside the usual', async () => {
    open(makeQuote());
    expect(await screen.findByRole('heading', { name: 'Quote Q-7', level: 1 })).toBeTruthy();
    expect((await screen.findByLabelText('From')).textContent).toContain('Smokestack Wholesale');
    expect(screen.getByText('Chain Store 12')).toBeTruthy();
    expect(screen.getByText('Valid until')).toBeTruthy();
    expect(screen.getByText('Prices held for the holiday order.')).toBeTruthy();
    const [mango, peach] = within(screen.getByRole('list', { name: 'Quoted lines' })).getAllByRole(
      'listitem',
    );
    expect(mango!.textContent).toContain('4 × $12.00 per box of 10');
    expect(mango!.textContent).toContain('(your usual price $15.00)');
    expect(mango!.textContent).toContain('$48.00');
    expect(peach!.textContent).not.toContain('your usual price');
    expect(peach!.textContent).toContain('+ $1.00 excise');
    // Both lines can be ordered: both chosen, and the whole quote accepted as it stands.
    expect(checkbox(MANGO).checked).toBe(true);
    expect(checkbox(PEACH).checked).toBe(true);
    expect(total()).toBe('$87.00');
    expect(screen.getByRole('button', { name: 'Accept quote' })).toBeTruthy();
  });

  it('a short line is unchecked and says why; accepting sends only the rest, at the total it comes to now', async () => {
    const { sent } = open(mangoShort(), {
      'POST quotes/Q-7/accept': ok({
        message: quoteMessages.accepted('Q-7', 'SS-1050'),
        number: 'Q-7',
        orderNumber: 'SS-1050',
      }),
    });
    const mango = await screen.findByRole('checkbox', { name: `Include ${MANGO}` });
    expect((mango as HTMLInputElement).checked).toBe(false);
    expect((mango as HTMLInputElement).disabled).toBe(true);
    expect(mango.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(mango.getAttribute('aria-describedby')!)!.textContent).toBe(
      quoteMessages.lineShort(1),
    );
    // Peach $18.00 + today's excise $1.20 + delivery $20.00.
    expect(total()).toBe('$39.20');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the rest' }));

    await waitFor(() => expect(sent('POST quotes/Q-7/accept')).toHaveLength(1));
    const body = sent('POST quotes/Q-7/accept')[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      version: 3,
      skus: ['SS-2001-1'],
      expectedTotalCents: 3920,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const message = await screen.findByText(quoteMessages.accepted('Q-7', 'SS-1050'));
    expect(message.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.contains(message)).toBe(true));
    expect(screen.getByRole('link', { name: 'View order SS-1050' }).getAttribute('href')).toBe(
      '/orders?placed=SS-1050',
    );
  });

  it('unticking a line takes it out of the total; nothing chosen says so and sends nothing', async () => {
    const { sent } = open(makeQuote());
    fireEvent.click(await screen.findByRole('checkbox', { name: `Include ${MANGO}` }));
    expect(total()).toBe('$39.00');
    expect(screen.getByRole('button', { name: 'Accept the chosen lines' })).toBeTruthy();
    fireEvent.click(checkbox(PEACH));
    expect(total()).toBe('$20.00');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the chosen lines' }));
    expect((await screen.findByRole('alert')).textContent).toBe(quoteMessages.nothingToAccept);
    expect(sent('POST quotes/Q-7/accept')).toHaveLength(0);
  });

  it('a 409 shows the server’s message and reads the quote again', async () => {
    let reads = 0;
    const { sent } = open(makeQuote(), {
      'GET quotes/Q-7': () => ok(++reads === 1 ? makeQuote() : mangoShort()),
      'POST quotes/Q-7/accept': refused(409, quoteMessages.notEnoughStock([`${MANGO} (1 in stock)`])),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(quoteMessages.notEnoughStock([`${MANGO} (1 in stock)`]));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await waitFor(() => expect(sent('GET quotes/Q-7').length).toBeGreaterThanOrEqual(2));
    // The quote as it is now: Mango Ice short, the rest offered.
    await waitFor(() => expect(checkbox(MANGO).disabled).toBe(true));
    expect(screen.getByRole('button', { name: 'Accept the rest' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Not enough stock now');
  });

  it('declines with a reason, after asking, then shows the quote closed', async () => {
    let declined = false;
    const { sent } = open(makeQuote(), {
      'GET quotes/Q-7': () =>
        ok(
          declined
            ? makeQuote({
                status: 'declined',
                canAnswer: false,
                now: null,
                decidedAt: '2026-11-27T09:00:00.000Z',
                closedReason: 'Found it cheaper',
              })
            : makeQuote(),
        ),
      'POST quotes/Q-7/decline': () => {
        declined = true;
        return ok({ message: quoteMessages.declined('Q-7') });
      },
    });
    const toggle = await screen.findByRole('button', { name: 'Decline…' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(sent('POST quotes/Q-7/decline')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Why are you declining? (optional)'), {
      target: { value: 'Found it cheaper' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decline quote Q-7' }));
    const message = await screen.findByText(quoteMessages.declined('Q-7'));
    expect(sent('POST quotes/Q-7/decline')[0]!.body).toEqual({ reason: 'Found it cheaper' });
    await waitFor(() => expect(document.activeElement?.contains(message)).toBe(true));
    expect(await screen.findByText(/Declined on .*Reason: Found it cheaper/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accept|Decline/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('a closed quote shows its state plainly, with no buttons', async () => {
    open(
      makeQuote({
        status: 'accepted',
        canAnswer: false,
        now: null,
        orderNumber: 'SS-1050',
        decidedAt: '2026-11-27T09:00:00.000Z',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Quote Q-7' })).toBeTruthy();
    const note = screen.getByRole('note');
    expect(note.textContent).toMatch(/^Accepted on .* as order SS-1050\.$/);
    expect(within(note).getByRole('link', { name: 'SS-1050' }).getAttribute('href')).toBe(
      '/invoice?order=SS-1050',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('an expired quote says so in the spec’s words', async () => {
    open(makeQuote({ status: 'expired', canAnswer: false, now: null }));
    expect(await screen.findByText(quoteMessages.expired)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a viewer reads an open quote, and is told an owner or a buyer can accept it', async () => {
    open({ ...mangoShort(), canAnswer: false });
    expect(
      await screen.findByText('An owner or a buyer of your company can accept or decline this quote.'),
    ).toBeTruthy();
    expect(screen.getByText(quoteMessages.lineShort(1))).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('another company’s quote, or none, is not found', async () => {
    fakeApi({ 'GET store': ok(makeStore()), 'GET quotes/Q-99': refused(404, quoteMessages.notFound) });
    renderPage(<QuotePage />, { path: '/quotes/Q-99', route: '/quotes/:number' });
    expect(await screen.findByRole('heading', { name: quoteMessages.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your Quotes' }).getAttribute('href')).toBe('/quotes');
  });
});
