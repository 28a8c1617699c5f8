/**
 * A buyer's wholesale ordering pages, listed both in the header's account menu and in the side
 * menu of the account pages, so the two never drift apart.
 */
export const ORDERING_LINKS = [
  ['Quick Order', '/quick-order'],
  ['Saved Lists', '/lists'],
  ['Stock Alerts', '/alerts'],
] as const;
