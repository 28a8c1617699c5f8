import { useAdminMutation } from '#web/lib/console-api.ts';

/*
 * A quote's writes from its console page (decision 016, part 3). Each reloads the console's reads
 * (useAdminMutation), so the page shows the quote as it now is; a 409 says why it was refused.
 */

const quotePath = (number: string, rest: string) => `quotes/${encodeURIComponent(number)}${rest}`;

/** Opens the quote on this staff member's desk, for its company (then the desk page). */
export const useOpenQuoteOnDesk = (number: string) =>
  useAdminMutation(
    'POST',
    (_: undefined) => quotePath(number, '/desk'),
    'QuoteOpenedSchema',
    () => ({}),
  );

/** Withdraws a sent quote, with the reason (the buyer can no longer accept it). */
export const useWithdrawQuote = (number: string) =>
  useAdminMutation(
    'POST',
    (_: { reason: string }) => quotePath(number, '/withdraw'),
    'MessageResponseSchema',
  );
