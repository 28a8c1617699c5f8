import { formatCents } from '#shared/money.ts';

/** The orders' messages; kept apart from the zod schemas so pages can show them without zod. */
export const orderMessages = {
  placed: 'Order Placed Successfully',
  failed: 'Error placing order. Please try again later.',
  verifyEmail: 'Please verify your email address in My account',
  actionNotAllowed: 'Action not allowed',
  emptyCart: 'Your cart is empty.',
  shippingRequired: 'Please fill in the shipping details.',
  /** Decision 015, step 4: orders over a buyer's limit wait for an owner. */
  sentForApproval: (number: string, limit: string) =>
    `Order ${number} is over your order limit of ${limit}: it was sent to your company's owners for approval.`,
  requestNotFound: 'Order request not found',
  requestDecided: (status: string, who: string) => `This order request was already ${status} by ${who}.`,
  requestChanged:
    'Prices, rules or stock changed since this order was sent for approval. Check the changes, then approve it as it is now or decline it.',
  requestNothingLeft: 'Nothing of this order can be ordered now: decline it with a note.',
  requestBuyerGone:
    'The member who placed this order is no longer one who orders for your company: decline it with a note.',
  requestLocationGone: 'The location this order was for has been removed: decline it with a note.',
  requestKeyUsed: 'The buyer placed this order again as an order of its own: decline this request.',
  requestNotEnoughStock: (names: string[]) =>
    `Not enough stock now for: ${names.join(', ')}. Try again once it is restocked, or decline it.`,
  requestApproved: (number: string) => `Order ${number} approved and placed.`,
  requestDeclined: (number: string) => `Order ${number} declined.`,
  requestWithdrawn: (number: string) => `Order ${number} withdrawn.`,
  onlyOwnersDecide: 'Only an owner of your company can approve or decline an order.',
  onlyPlacerWithdraws: 'Only the member who placed it can withdraw an order request.',
  declineNoteRequired: 'Say why, for the buyer.',
  declineNoteTooLong: 'Keep the note to 500 characters or fewer.',
  /** A filter of my orders names a location or a member that is not one of the list's. */
  chooseFromList: 'Choose from the list.',
  /** The chosen location was removed (or changed) while checkout was open. */
  locationGone: 'That address is no longer in your address book as shown: choose the address again.',
  notEnoughStock: (lines: string[]) => `Not enough stock for: ${lines.join('; ')}. Please update your cart.`,
  overCap: (capCents: number) =>
    `Until your Sales ID and tobacco license are verified, each order is limited to ${formatCents(capCents)}. Upload them in My Profile: verified documents remove the limit.`,
  orderNotFound: 'Order not found',
  /** Staff take orders for a company at the order desk, not from the storefront (decision 015). */
  staffCannotOrder: 'Orders are placed by a business account. Staff cannot order from the storefront.',
  pricesChanged:
    'Prices in your cart changed since you opened checkout. Please check the new total and place the order again.',
  cartChanged: 'Your cart changed while the order was being placed. Please check it and try again.',
  cartChangedSinceCheckout:
    'Your cart changed since you opened checkout (in another tab or on another device). Please check it and place the order again.',
  repeatedLine: 'Each option may appear only once in an order.',
  noOrdersYet: 'You havent placed any orders yet',
  /** A tab with nothing in it, for a buyer who has orders under another (the spec's message is for none at all). */
  emptyTab: {
    Orders: 'Nothing open: every order of yours has been delivered or cancelled.',
    Cancelled: 'No cancelled orders.',
    Delivered: 'Nothing delivered yet.',
  },
  emptyTabPastMonth: 'Nothing here from the past month.',
} as const;

/** The staff side of orders: filters, stages, item status, export. */
export const orderAdminMessages = {
  itemNotPending: 'This item is no longer pending.',
  stageNotNext: 'The order is already at this stage or beyond.',
  stageChanged: "This order's stage has just changed: look at it again before stepping back.",
  noStageToStepBack: 'This order has not shipped: there is no stage to step back from.',
  deliveredItemsBlockStepBack:
    'Some items of this order are marked delivered, so it has shipped: it cannot go back to Order placed.',
  itemNotShipped: 'Ship the order before marking its items delivered.',
  itemShipped: 'This order has shipped: step it back to Order placed before cancelling an item.',
  carrierRequired: 'Name the carrier.',
  trackingNumberFormat: 'A tracking number is up to 40 letters, digits, spaces and dashes.',
  pickupHasNoTracking: 'A pickup order has no carrier or tracking number.',
  trackingOnlyWhenShipping: 'A carrier and tracking number go with the Shipped stage only.',
  oneStageAtATime: 'An order moves on one stage at a time.',
  orderCancelled: 'This order is cancelled.',
  orderNotFound: 'Order not found',
  /** Staff take orders for a company at the order desk, not from the storefront (decision 015). */
  staffCannotOrder: 'Orders are placed by a business account. Staff cannot order from the storefront.',
} as const;
