import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationBody } from '#shared/companies/companies.schemas.ts';
import { apiGet, apiPost, apiUrl } from '#web/lib/api-client.ts';
import { SESSION_KEY } from '#web/lib/session.ts';

const tokenUrl = (token: string) => apiUrl(`invitations/${encodeURIComponent(token)}`);

/** What an invitation link invites to; its refusal (used, expired, withdrawn) is the error. */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => apiGet(tokenUrl(token), 'InvitationPreviewSchema', signal),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Accepting signs the new member in: the session, and whatever was someone else's, read again. */
export const useAcceptInvitation = (token: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      apiPost(`${tokenUrl(token)}/accept`, body, 'ProfileMessageSchema'),
    onSuccess: async () => {
      // Prices are whoever is looking's (a customer group's): the catalogue is fetched again too.
      qc.removeQueries({
        predicate: (q) =>
          ['account', 'catalogue', 'search', 'cart', 'orders'].includes(String(q.queryKey[0])),
      });
      await qc.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
};
