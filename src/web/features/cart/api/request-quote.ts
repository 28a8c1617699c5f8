import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteRequestBody } from '#shared/orders/quotes.schemas.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';

/** "Request a quote" from the cart: its lines go to the store's desk with the note; the cart stays. */
export function useRequestQuote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteRequestBody) => apiPost(apiUrl('quotes/request'), body, 'QuoteSentSchema'),
    // The company's quotes list (the quotes feature's, keyed 'quotes') now has the request.
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['quotes'] }),
  });
}
