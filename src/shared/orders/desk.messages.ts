import { formatCents } from '#shared/money.ts';

/** The most lines a draft holds (a quick order's paste holds 500). */
export const DESK_LINES_MAX = 500;

/** The order desk's messages (decision 016, part 2), apart from the zod schemas. */
export const deskMessages = {
  companyNotFound: 'Company not found',
  companyDisabled: 'This company is disabled: it cannot order until an administrator enables it.',
  noLocation: 'Choose the location the order is for.',
  locationNotFound: "That location is not one of this company's.",
  noLines: 'Add at least one line.',
  unknownSku: 'No product option has this SKU.',
  tooManyLines: `A desk order holds at most ${DESK_LINES_MAX} lines.`,
  quantityRange: 'Quantity must be a whole number from 0 to 10000.',
  feeReasonRequired: 'Say why the delivery fee is changed.',
  feeOnlyForDelivery: 'Only a delivery has a fee to change.',
  feeAmount: 'Enter the fee as an amount like 25.00.',
  feeTooHigh: 'The fee is at most $10,000.00.',
  draftChanged:
    'This order was changed in another tab or by another step. It is shown as it is now: check it, then place it again.',
  pricesChanged: (total: number) =>
    `Prices, rules or stock changed while you worked: the total is now ${formatCents(total)}. Check the lines, then place it again.`,
  linesWithProblems: (count: number) =>
    count === 1 ? '1 line cannot be ordered as it is.' : `${count} lines cannot be ordered as they are.`,
  placed: (number: string, company: string) => `Order ${number} placed for ${company}.`,
  /** A key already used for another of this staff member's orders: the page makes a new one. */
  keyUsed: 'That press was already used for an order. Check the orders, then place this one again.',
  overCap: (capCents: number) =>
    `This location's Sales ID and tobacco license are not both verified: its orders are limited to ${formatCents(capCents)} until staff verify them.`,
  notEnoughStock: (lines: string[]) =>
    `Not enough stock now for: ${lines.join('; ')}. Change those lines, then place the order again.`,
  keptChanging:
    'Prices, rules or stock kept changing while the order was placed. Check the lines, then place it again.',
  pasteTooLong: 'That is more text than a paste holds: paste fewer lines at a time.',
  versionMissing: 'Reload the page: this form is out of date.',
  searchTooLong: 'Search with at most 100 characters.',
  discarded: 'Draft discarded.',
  saved: 'Saved.',
  pasted: (added: number, notAdded: number) =>
    notAdded === 0
      ? `${added === 1 ? '1 line' : `${added} lines`} added.`
      : `${added === 1 ? '1 line' : `${added} lines`} added; ${notAdded === 1 ? '1 line was' : `${notAdded} lines were`} not.`,
  /** A line's problem, shown beside it. */
  lineGone: 'No longer sold: remove this line.',
  lineShort: (stock: number) => (stock === 0 ? 'Out of stock.' : `Only ${stock} in stock.`),
  lineBlocked: (reason: string) => `Cannot go to this location: ${reason}`,
  lineNoExcise: 'Its excise cannot be worked out for this state.',
} as const;
