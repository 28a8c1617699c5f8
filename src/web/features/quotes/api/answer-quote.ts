import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteAcceptBody } from '#shared/orders/quotes.schemas.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';
import { QUOTES_PREFIX } from './get-quotes.ts';

const path = (number: string, action: string) => apiUrl(`quotes/${encodeURIComponent(number)}/${action}`);

/**
 * Accept the chosen lines (an order at the quoted prices) or decline the quote. Whatever the
 * answer, the quote is read again: accepted, declined, or changed since (a 409 says what).
 */
export function useAnswerQuote(number: string) {
  const qc = useQueryClient();
  // Not awaited: the page's own onSuccess and onError (its message) run first.
  const settled = () => void qc.invalidateQueries({ queryKey: QUOTES_PREFIX });
  return {
    accept: useMutation({
      mutationFn: (body: QuoteAcceptBody) => apiPost(path(number, 'accept'), body, 'QuoteAcceptedSchema'),
      onSettled: settled,
    }),
    decline: useMutation({
      mutationFn: (body: { reason: string }) =>
        apiPost(path(number, 'decline'), body, 'MessageResponseSchema'),
      onSettled: settled,
    }),
  };
}
