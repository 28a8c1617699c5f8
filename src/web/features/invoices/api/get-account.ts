import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

/** Keyed by the member, so another sign-in in the same tab never shows the last one's ledger. */
export const INVOICES_PREFIX = ['invoices'] as const;

/**
 * The member's "Invoices & payments" (decision 017): the company's balance, aging, documents and
 * payments for owners and viewers; a buyer's own orders' documents. Read fresh on every visit.
 */
export function useMemberAccount() {
  const userId = useSession().data?.user?.id;
  return useQuery({
    queryKey: [...INVOICES_PREFIX, userId, 'account'],
    queryFn: ({ signal }) => apiGet(apiUrl('account/invoices'), 'MemberAccountSchema', signal),
    enabled: Boolean(userId),
  });
}

/** One order's invoices and credit notes; empty before it is invoiced, 404 when it is not ours. */
export function useOrderInvoices(orderNumber: string) {
  const userId = useSession().data?.user?.id;
  return useQuery({
    queryKey: [...INVOICES_PREFIX, userId, 'order', orderNumber],
    queryFn: ({ signal }) => apiGet(apiUrl('invoices', { order: orderNumber }), 'InvoiceListSchema', signal),
    enabled: Boolean(userId && orderNumber),
    retry: false,
  });
}
