import { mayOrder } from '#shared/companies/companies.rules.ts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiUrl } from '#web/lib/api-client.ts';

export const SESSION_KEY = ['session'] as const;

/** Who is signed in; `user` is null when nobody is. */
export const useSession = () =>
  useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => apiGet(apiUrl('auth/session'), 'SessionResponseSchema', signal),
    staleTime: 60_000,
  });

/**
 * Whether the signed-in login may order and change the company's things (decision 015): owners and
 * buyers may; a viewer sees, and is told why instead. Staff and signed-out visitors: true (the
 * server and the sign-in prompts decide for them).
 */
export function useMayOrder(): boolean {
  const company = useSession().data?.user?.company;
  return !company || mayOrder(company.role);
}
