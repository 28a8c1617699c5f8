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
