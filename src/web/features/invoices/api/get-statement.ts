import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { INVOICES_PREFIX } from './get-account.ts';

export interface Period {
  from: string;
  to: string;
}

/** The company's statement for a period (owners and viewers); nothing is asked while `period` is null. */
export function useStatement(period: Period | null) {
  const userId = useSession().data?.user?.id;
  return useQuery({
    queryKey: [...INVOICES_PREFIX, userId, 'statement', period?.from, period?.to],
    queryFn: ({ signal }) =>
      apiGet(apiUrl('account/statement', { ...(period ?? {}) }), 'StatementSchema', signal),
    enabled: Boolean(userId && period),
    retry: false,
  });
}

/** The same statement as a PDF, to download. */
export const statementPdfHref = (period: Period) => apiUrl('account/statement.pdf', { ...period });
