import { formatCents } from '#shared/money.ts';

/** Changes staff make to a placed order before it ships (decision 016, part 4). */
export const orderChangeMessages = {
  noLines: 'An order keeps at least one line: cancel it instead.',
  tooManyLines: 'An order holds at most 500 lines.',
  repeatedLine: 'Each option may appear only once in an order.',
  quantityRange: 'Quantity must be a whole number from 1 to 10000.',
  unknownSku: 'No product option has this SKU.',
  reasonRequired: 'Say why the order is changed: the buyer sees it.',
  reasonTooLong: 'Keep the reason to 300 characters or fewer.',
  versionMissing: 'Reload the page: this form is out of date.',
  nothingChanged: 'Nothing is changed yet.',
  lineGone: 'No longer sold: remove this line.',
  lineNoExcise: 'Its excise cannot be worked out for this state.',
  lineShort: (stock: number) => (stock === 0 ? 'Out of stock.' : `Only ${stock} more in stock.`),
  stale:
    'This order was changed by someone else meanwhile. It is shown as it is now: make your change again.',
  shipped: 'This order has shipped (or is cancelled): it can no longer be changed.',
  pricesChanged: (total: number) =>
    `Prices, rules or stock changed while you worked: the total would now be ${formatCents(total)}. Check the change, then save it again.`,
  notEnoughStock: (lines: string[]) =>
    `Not enough stock now for: ${lines.join('; ')}. Change those lines, then save again.`,
  previewChanged: 'Something in the order changed since the preview: preview the change again, then save it.',
  keptChanging:
    'Prices, rules or stock kept changing while the order was saved. Check the change, then save it again.',
  saved: (number: string) => `Order ${number} changed; the buyer is emailed the revised order.`,
  /** One line of what a change did, as the revision and the mail list it. */
  added: (quantity: number, name: string) => `Added ${quantity} × ${name}`,
  removed: (quantity: number, name: string) => `Removed ${quantity} × ${name}`,
  quantity: (name: string, before: number, after: number) => `${name}: ${before} → ${after}`,
  shipping: (before: string, after: string) => `Shipping: ${before} → ${after}`,
} as const;
