import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

/** Keyed by the member, so another sign-in in the same tab never shows the last one's quotes. */
export const QUOTES_PREFIX = ['quotes'] as const;

/** My company's quotes, newest first (viewers too). */
export function useQuotes() {
  const userId = useSession().data?.user?.id;
  return useQuery({
    queryKey: [...QUOTES_PREFIX, userId, 'list'],
    queryFn: ({ signal }) => apiGet(apiUrl('quotes'), 'QuoteListSchema', signal),
    enabled: Boolean(userId),
  });
}

export const quoteKey = (userId: string | undefined, number: string) =>
  [...QUOTES_PREFIX, userId, 'one', number] as const;

/** One of my company's quotes by its number (another company's answers 404: 'Quote not found'). */
export function useQuote(number: string) {
  const userId = useSession().data?.user?.id;
  return useQuery({
    queryKey: quoteKey(userId, number),
    queryFn: ({ signal }) => apiGet(apiUrl(`quotes/${encodeURIComponent(number)}`), 'QuoteSchema', signal),
    enabled: Boolean(userId && number),
    retry: false,
  });
}
