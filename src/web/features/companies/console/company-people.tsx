import { Eye } from 'lucide-react';
import { ROLE_LABELS } from '#shared/companies/companies.messages.ts';
import { InviteFormSchema } from '#shared/companies/companies.schemas.ts';
import type { CompanyDetail, StaffMember } from '#shared/companies/companies-staff.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { Badge, Button, DataTable, Panel } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { errorMessage, firstError, useAdminMutation, useStaffMay } from '#web/lib/console-api.ts';
import { onLimitBox, RoleFields } from '#web/features/companies/role-fields.tsx';

const path = (id: string, rest: string) => `companies/${encodeURIComponent(id)}/${rest}`;
const limitOf = (cents: number | null) => (cents === null ? '—' : formatCents(cents));

/**
 * The members (removed ones kept, marked), with a confirmed Remove for each current one and, for
 * staff who read companies, "View as": the storefront as that member sees it, read only (decision
 * 016, part 5).
 */
export function MembersPanel({
  company,
  members,
}: {
  company: CompanyDetail['company'];
  members: StaffMember[];
}) {
  const may = useStaffMay();
  const manages = may('companies.manage');
  // A disabled company's members cannot sign in, so there is no storefront of theirs to see.
  const views = may('companies.read') && !company.disabled;
  const notify = useNotify();
  const viewAs = useAdminMutation(
    'POST',
    () => path(company.id, 'view-as'),
    'ViewAsStartedSchema',
    (m: StaffMember) => ({ memberId: m.userId }),
  );
  // A full navigation, not a route change: every answer cached here is the staff member's, and the
  // storefront must load the member's session, cart and prices afresh.
  const view = (m: StaffMember) => viewAs.mutate(m, { onSuccess: () => window.location.assign('/') });
  const remove = useAdminMutation(
    'DELETE',
    (m: StaffMember) => path(company.id, `members/${encodeURIComponent(m.userId)}`),
    'MessageResponseSchema',
    () => undefined,
  );
  const ask = (m: StaffMember) => {
    const question = `Remove ${m.name} (${m.email}) from ${company.businessName}? Their login is disabled and signed out everywhere.`;
    if (window.confirm(question))
      remove.mutate(m, { onSuccess: (res) => notify({ type: 'success', message: res.message }) });
  };
  return (
    <Panel title="Members">
      <DataTable caption="Members" head={['Member', 'Role', 'Order limit', 'Joined', '']}>
        {members.map((m) => (
          <tr key={m.userId}>
            <td className="px-3 py-2">
              <span className="font-semibold">{m.name}</span>{' '}
              {m.removedAt && <Badge status="disabled">removed {formatDate(m.removedAt)}</Badge>}
              <span className="block break-all text-xs text-gray-700">
                {m.email} {m.emailVerified ? '' : '(email not verified)'}
              </span>
            </td>
            <td className="px-3 py-2">{ROLE_LABELS[m.role]}</td>
            <td className="px-3 py-2">{limitOf(m.orderLimitCents)}</td>
            <td className="px-3 py-2">{formatDate(m.joinedAt)}</td>
            <td className="px-3 py-2">
              {!m.removedAt && (views || manages) && (
                <div className="flex flex-wrap justify-end gap-2">
                  {views && (
                    <Button
                      tone="secondary"
                      aria-label={`View as ${m.name}`}
                      disabled={viewAs.isPending}
                      onClick={() => view(m)}
                    >
                      <Eye aria-hidden className="size-4" />
                      View as
                    </Button>
                  )}
                  {manages && (
                    <Button
                      tone="danger"
                      aria-label={`Remove ${m.name}`}
                      disabled={remove.isPending}
                      onClick={() => ask(m)}
                    >
                      Remove
                    </Button>
                  )}
                </div>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <FormError message={firstError(remove.error, viewAs.error)} />
    </Panel>
  );
}

/** Invitations (every status), each open one sent again on request; and a form to invite someone. */
export function InvitationsPanel({
  companyId,
  invitations,
}: {
  companyId: string;
  invitations: CompanyDetail['invitations'];
}) {
  const manages = useStaffMay()('companies.manage');
  const notify = useNotify();
  const resend = useAdminMutation(
    'POST',
    (id: string) => path(companyId, `invitations/${encodeURIComponent(id)}/resend`),
    'InvitationMessageSchema',
    () => undefined,
  );
  return (
    <Panel title="Invitations">
      {invitations.length === 0 ? (
        <p className="text-sm text-gray-700">No invitations yet.</p>
      ) : (
        <DataTable caption="Invitations" head={['Email', 'Role', 'Status', 'Sent', 'Expires', '']}>
          {invitations.map((i) => (
            <tr key={i.id}>
              <td className="px-3 py-2 break-all">
                {i.email}
                <span className="block text-xs text-gray-700">by {i.invitedBy}</span>
              </td>
              <td className="px-3 py-2">
                {ROLE_LABELS[i.role]}
                {i.orderLimitCents !== null && ` (limit ${formatCents(i.orderLimitCents)})`}
              </td>
              <td className="px-3 py-2">
                <Badge status={i.status} />
              </td>
              <td className="px-3 py-2">{formatDate(i.sentAt)}</td>
              <td className="px-3 py-2">{formatDate(i.expiresAt)}</td>
              <td className="px-3 py-2">
                {manages && (i.status === 'pending' || i.status === 'expired') && (
                  <Button
                    tone="secondary"
                    aria-label={`Send again to ${i.email}`}
                    disabled={resend.isPending}
                    onClick={() =>
                      resend.mutate(i.id, {
                        onSuccess: (res) => notify({ type: 'success', message: res.message }),
                      })
                    }
                  >
                    Send again
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <FormError message={resend.error ? errorMessage(resend.error) : null} />
      {manages && <InviteForm companyId={companyId} />}
    </Panel>
  );
}

function InviteForm({ companyId }: { companyId: string }) {
  const notify = useNotify();
  const invite = useAdminMutation('POST', () => path(companyId, 'members'), 'InvitationMessageSchema');
  const form = useZodForm(InviteFormSchema, { defaultValues: { email: '', role: 'buyer', orderLimit: '' } });
  const send = form.handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        form.reset({ email: '', role: body.role, orderLimit: '' });
      },
      onError: onLimitBox(form.serverError),
    }),
  );
  return (
    <form
      onSubmit={send}
      noValidate
      aria-label="Add a member"
      className="mt-4 grid grid-cols-1 gap-3 border-t border-gray-200 pt-4 sm:grid-cols-2"
    >
      <h3 className="font-semibold sm:col-span-2">Add a member</h3>
      <p className="text-xs text-gray-700 sm:col-span-2">
        They get an invitation by email: a link that works once, for 7 days.
      </p>
      <Field
        label="Email"
        type="email"
        autoComplete="off"
        className="sm:col-span-2"
        {...form.field('email')}
      />
      <RoleFields role={form.watch('role')} field={form.field} />
      <div className="sm:col-span-2">
        <FormError message={form.formError} />
        <Button type="submit" disabled={invite.isPending}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
