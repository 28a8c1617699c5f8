import type { Mail } from './mailer.ts';
import { layout } from './templates.ts';

/**
 * Quotes' mail (decision 016, part 3). To each member of the company: a quote sent (or sent again,
 * revised) with its link, and a quote withdrawn. To the staff member who sent it: the buyer's
 * answer. To the staff who take orders for the company: a buyer's request from the cart.
 */
export function quoteSentMail(
  store: string,
  to: string,
  quote: {
    name: string;
    staff: string;
    business: string;
    number: string;
    total: string;
    expires: string;
    note: string;
    revised: boolean;
  },
  lines: string[],
  url: string,
): Mail {
  return layout(
    store,
    to,
    `${quote.revised ? 'Revised quote' : 'Quote'} ${quote.number} for ${quote.business} — ${store}`,
    [
      `Hello ${quote.name},`,
      `${quote.staff} of ${store} ${quote.revised ? 'revised' : 'prepared'} quote ${quote.number} for ${quote.business}: ${quote.total} in all, valid until ${quote.expires}.`,
      ...(quote.note ? [`Note: ${quote.note}`] : []),
      ...lines,
      'Open the quote to accept it (it becomes an order at these prices) or decline it.',
    ],
    { label: 'Open the quote', url },
  );
}

export function quoteWithdrawnMail(
  store: string,
  to: string,
  quote: { name: string; number: string; reason: string },
  url: string,
): Mail {
  return layout(
    store,
    to,
    `Quote ${quote.number} withdrawn — ${store}`,
    [`Hello ${quote.name},`, `Quote ${quote.number} was withdrawn: ${quote.reason}`],
    { label: 'Open the quote', url },
  );
}

export function quoteAnsweredMail(
  store: string,
  to: string,
  quote: { number: string; business: string; who: string; answer: 'accepted' | 'declined'; detail: string },
  url: string,
): Mail {
  return layout(
    store,
    to,
    `Quote ${quote.number} ${quote.answer} by ${quote.business} — ${store}`,
    [
      `${quote.who} of ${quote.business} ${quote.answer} quote ${quote.number}.`,
      ...(quote.detail ? [quote.detail] : []),
    ],
    { label: 'Open the quote', url },
  );
}

export function quoteRequestedMail(
  store: string,
  to: string,
  request: { number: string; business: string; who: string; lines: number; note: string },
  url: string,
): Mail {
  return layout(
    store,
    to,
    `Quote request ${request.number} from ${request.business} — ${store}`,
    [
      `${request.who} of ${request.business} asked for a quote on ${request.lines === 1 ? '1 line' : `${request.lines} lines`} from their cart.`,
      ...(request.note ? [`Note: ${request.note}`] : []),
    ],
    { label: 'Work on it at the desk', url },
  );
}
