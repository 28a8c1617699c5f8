import { formatCents } from '#shared/money.ts';

/** How long a quote stands unless staff choose otherwise, and the longest they may choose. */
export const QUOTE_DAYS_DEFAULT = 14;
export const QUOTE_DAYS_MAX = 90;
/** The longest reason for a negotiated price, a decline or a withdrawal, and a request's note. */
export const QUOTE_REASON_MAX = 200;
export const QUOTE_NOTE_MAX = 1000;

/** Quotes' messages (decision 016, part 3), apart from the zod schemas. */
export const quoteMessages = {
  notFound: 'Quote not found',
  /** Negotiating a line's price at the desk. */
  priceAmount: 'Enter the price as an amount like 12.50.',
  priceTooHigh: 'The price is at most $100,000.00.',
  priceReasonRequired: 'Say why this price is negotiated.',
  belowMinimum: (sku: string, minCents: number) =>
    `The lowest price staff set for ${sku} is ${formatCents(minCents)} a unit.`,
  notInDraft: 'That SKU is not a line of this order.',
  priceSet: 'Price negotiated.',
  priceCleared: "Price back to the company's.",
  /** Placing a draft with negotiated prices: they are offered as a quote, which the buyer accepts. */
  negotiatedNotPlaced: 'Lines with a negotiated price go to the buyer as a quote: send it as a quote.',
  /** Sending. */
  expiresOn: 'Choose the last day the quote stands.',
  expiresPast: 'The quote must stand at least until today.',
  expiresTooLate: `A quote stands at most ${QUOTE_DAYS_MAX} days.`,
  quoteLinesWithProblems: (count: number) =>
    count === 1
      ? '1 line cannot be quoted as it is (only stock may be short on a quote).'
      : `${count} lines cannot be quoted as they are (only stock may be short on a quote).`,
  sent: (number: string, company: string) => `Quote ${number} sent to ${company}.`,
  revised: (number: string, company: string) => `Quote ${number} revised and sent again to ${company}.`,
  /** The quote a draft was opened from was declined or withdrawn since: the draft went as a new quote. */
  sentAsNew: (old: string, number: string, company: string) =>
    `Quote ${old} is no longer open: this was sent to ${company} as a new quote, ${number}.`,
  /** The quote a draft was opened from was accepted since: neither sent again nor placed. */
  quoteAccepted: (number: string) =>
    `Quote ${number} was accepted meanwhile and is an order now: discard this draft, or take what is new as another order.`,
  /** Placing a draft that revises a quote the company can still accept would make two orders of it. */
  quoteStillOpen: (number: string) =>
    `This draft revises quote ${number}, which the company can still accept: send it as the quote again, or withdraw the quote first.`,
  quoteRevisedMeanwhile: (number: string) =>
    `Quote ${number} was revised by someone else since you opened it: open it on the desk again.`,
  openedOnDesk: (number: string) => `Quote ${number} is on your desk.`,
  draftNotEmpty:
    'Your order at the desk for this company already has lines: place, send or discard it before opening this quote.',
  notOpen: 'This quote is no longer open.',
  withdrawn: (number: string) => `Quote ${number} withdrawn.`,
  withdrawReason: 'Say why the quote is withdrawn.',
  reasonTooLong: `A reason holds at most ${QUOTE_REASON_MAX} characters.`,
  /** The buyer's side. */
  expired: 'This quote has expired. Ask for a new one.',
  revisedMeanwhile: 'This quote was revised since you opened it. It is shown as it is now: check it again.',
  nothingToAccept: 'Choose at least one line to accept.',
  lineNotQuoted: 'That line is not part of this quote.',
  changedMeanwhile: (total: number) =>
    `Stock or the rules changed while you looked: accepting now comes to ${formatCents(total)}. Check the lines, then accept again.`,
  notEnoughStock: (lines: string[]) =>
    `Not enough stock now for: ${lines.join('; ')}. Accept the rest, or ask for a new quote.`,
  cannotOrderNow: (lines: string[]) =>
    `These lines cannot be ordered now: ${lines.join('; ')}. Accept the rest, or ask for a new quote.`,
  overLimit: (limitCents: number) =>
    `This quote is over your order limit of ${formatCents(limitCents)}: ask an owner of your company to accept it.`,
  overCap: (capCents: number) =>
    `Your Sales ID and tobacco license are not both verified for this location: orders are limited to ${formatCents(capCents)} until staff verify them.`,
  accepted: (quote: string, order: string) => `Quote ${quote} accepted: order ${order} placed.`,
  declined: (number: string) => `Quote ${number} declined.`,
  keptChanging:
    'Prices, rules or stock kept changing while you accepted. Check the quote, then accept it again.',
  keyUsed: 'That press was already used for an order. Check your orders, then accept again.',
  locationGone: 'The location this quote is for was removed: ask for a new quote.',
  companyDisabled: 'Your company cannot order at the moment. Please contact the store.',
  /** A line's standing when the buyer opens the quote. */
  lineGone: 'No longer sold.',
  lineShort: (stock: number) => (stock === 0 ? 'Out of stock now.' : `Only ${stock} in stock now.`),
  lineBlocked: (reason: string) => `Cannot go to this location now: ${reason}`,
  lineNoExcise: 'Its excise cannot be worked out for this state now.',
  lineCasePack: (problem: string) => problem,
  /** Requesting a quote from the cart. */
  requestEmpty: 'Your cart is empty: add what you want quoted first.',
  requested: (number: string) => `Quote request ${number} sent. The store will reply with a quote by email.`,
  requestNoteTooLong: `A note holds at most ${QUOTE_NOTE_MAX} characters.`,
} as const;
