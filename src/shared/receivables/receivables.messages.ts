/** What receivables say (decision 017). */
export const receivablesMessages = {
  invoiceNotFound: 'No such invoice.',
  timeZoneUnknown: 'Choose a time zone such as America/Chicago.',
  settingsSaved: 'Receivables settings saved.',
  termsSaved: 'Payment terms saved.',
} as const;

/** Why an order was refused for the company's credit (decision 017): to the buyer, and to staff at the desk. */
export const creditMessages = {
  hold: (invoice: string, days: number, phone: string) =>
    `Your account is on credit hold: invoice ${invoice} is ${days} days past due. Please call us at ${phone} to settle it. Your order was not placed.`,
  limit: (limit: string, balance: string, phone: string) =>
    `This order would take your account past its credit limit of ${limit}: your open balance is ${balance}. Please call us at ${phone} to arrange payment or a higher limit. Your order was not placed.`,
  staffHold: (invoice: string, days: number) =>
    `The company is on credit hold: invoice ${invoice} is ${days} days past due. Lift the hold on its Receivables page to take this order.`,
  staffLimit: (limit: string, balance: string) =>
    `This order would take the company past its credit limit of ${limit}: its open balance is ${balance}.`,
} as const;

/** What the ledger's actions say (decision 017). */
export const ledgerMessages = {
  paymentRecorded: (number: string, amount: string) => `Payment ${number} of ${amount} recorded.`,
  paymentVoided: (number: string) => `Payment ${number} voided.`,
  paymentNotFound: 'No such payment.',
  paymentInFuture: 'A payment cannot be dated after today.',
  alreadyVoid: (number: string) => `Payment ${number} is already void.`,
  refundedCannotVoid: (number: string) =>
    `Part of payment ${number} was paid back: it cannot be voided while the refund stands.`,
  invoiceOwesLess: (invoice: string) =>
    `${invoice} owes less than that now (another payment may have just been applied): read it again.`,
  sourceHasLess: 'That payment or credit note has less left to apply than that: read it again.',
  notThisCompanysInvoice: (invoice: string) => `${invoice} is not one of this company's invoices.`,
  refundTooMuch: (source: string) => `${source} has less unused credit than that.`,
  refundRecorded: (amount: string, source: string) => `Refund of ${amount} from ${source} recorded.`,
  limitSaved: 'Credit limit saved.',
  liftUntil: 'Choose a day from today to 90 days out.',
  holdLifted: (until: string) => `Credit hold lifted until the end of ${until}.`,
} as const;

/** What recording a return says (decision 017). */
export const returnMessages = {
  recorded: (quantity: number, sku: string, order: string) =>
    `Return of ${quantity} × ${sku} on ${order} recorded; a credit note was issued.`,
  notDelivered: (sku: string) => `${sku} has no delivered units on this order to return.`,
  tooMany: (left: number) => `Only ${left} of this item can still be returned.`,
} as const;
