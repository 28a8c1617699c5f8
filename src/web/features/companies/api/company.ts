import { useQuery } from '@tanstack/react-query';
import type { InviteBody, UpdateCompanyBody, UpdateMemberBody } from '#shared/companies/companies.schemas.ts';
import { apiGet, apiPost, apiSend, apiUrl } from '#web/lib/api-client.ts';
import { useRefreshingMutation } from '#web/lib/refreshing-mutation.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { COMPANY_KEY } from '#web/lib/company-members.ts';

/** The member's company and (owners) its invitations; its members: `#web/lib/company-members.ts`. */
const INVITATIONS_KEY = [...COMPANY_KEY, 'invitations'] as const;

export const useCompany = () =>
  useQuery({
    queryKey: COMPANY_KEY,
    queryFn: ({ signal }) => apiGet(apiUrl('company'), 'CompanySchema', signal),
  });
export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: INVITATIONS_KEY,
    queryFn: ({ signal }) => apiGet(apiUrl('company/invitations'), 'InvitationListSchema', signal),
    enabled,
  });

/** Any change to the company: it, its lists and the session (its name, the caller's role) read again. */
const useCompanyChange = <T, R>(fn: (input: T) => Promise<R>, onAnswer?: (answer: R, input: T) => void) =>
  useRefreshingMutation(fn, [COMPANY_KEY, SESSION_KEY], onAnswer);

export const useUpdateCompany = () =>
  useCompanyChange((body: UpdateCompanyBody) =>
    apiSend('PATCH', apiUrl('company'), body, 'CompanyMessageSchema'),
  );
export const useUpdateMember = () =>
  useCompanyChange(({ userId, body }: { userId: string; body: UpdateMemberBody }) =>
    apiSend(
      'PATCH',
      apiUrl(`company/members/${encodeURIComponent(userId)}`),
      body,
      'CompanyMemberMessageSchema',
    ),
  );
export const useRemoveMember = () =>
  useCompanyChange((userId: string) =>
    apiSend(
      'DELETE',
      apiUrl(`company/members/${encodeURIComponent(userId)}`),
      undefined,
      'CompanyMemberMessageSchema',
    ),
  );
export const useInvite = (onSent?: (answer: { message: string }, body: InviteBody) => void) =>
  useCompanyChange(
    (body: InviteBody) => apiPost(apiUrl('company/invitations'), body, 'InvitationMessageSchema'),
    onSent,
  );
export const useResendInvitation = () =>
  useCompanyChange((id: string) =>
    apiPost(
      apiUrl(`company/invitations/${encodeURIComponent(id)}/resend`),
      undefined,
      'InvitationMessageSchema',
    ),
  );
export const useWithdrawInvitation = () =>
  useCompanyChange((id: string) =>
    apiSend(
      'DELETE',
      apiUrl(`company/invitations/${encodeURIComponent(id)}`),
      undefined,
      'MessageResponseSchema',
    ),
  );
