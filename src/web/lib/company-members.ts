import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

/**
 * The member's company and its members (decision 015). Under `account`, so a change an owner
 * makes elsewhere (its `profile` event) refreshes the pages that show them.
 */
export const COMPANY_KEY = ['account', 'company'] as const;
export const MEMBERS_KEY = [...COMPANY_KEY, 'members'] as const;

/** The company's members (the Company page; the orders page's "Placed by" filter). */
export const useMembers = (enabled = true) =>
  useQuery({
    queryKey: MEMBERS_KEY,
    queryFn: ({ signal }) => apiGet(apiUrl('company/members'), 'CompanyMemberListSchema', signal),
    enabled,
  });
