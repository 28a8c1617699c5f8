import { formatDate } from '#shared/dates.ts';
import { ROLE_LABELS } from '#shared/companies/companies.messages.ts';
import { type Invitation, InviteFormSchema } from '#shared/companies/companies.schemas.ts';
import { formatCents } from '#shared/money.ts';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useInvitations, useInvite, useResendInvitation, useWithdrawInvitation } from './api/company.ts';
import { BUTTON } from './members-section.tsx';
import { onLimitBox, RoleFields } from './role-fields.tsx';

/** Owners invite people by email, and send open invitations again or withdraw them. */
export function InvitationsSection() {
  return (
    <section aria-labelledby="invitations-heading" className="mt-8">
      <h2 id="invitations-heading" className="text-lg font-bold">
        Invitations
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        An invitation mails a link that works once, for 7 days. The person chooses their name and password and
        joins your company.
      </p>
      <InviteForm />
      <OpenInvitations />
    </section>
  );
}

function InviteForm() {
  const notify = useNotify();
  const form = useZodForm(InviteFormSchema, { defaultValues: { email: '', role: 'buyer', orderLimit: '' } });
  // Cleared when the server accepts, before the lists refresh (see useCompanyChange).
  const invite = useInvite((res, body) => {
    notify({ type: 'success', message: res.message });
    form.reset({ email: '', role: body.role, orderLimit: '' });
  });
  const send = form.handleSubmit((body) => invite.mutate(body, { onError: onLimitBox(form.serverError) }));
  return (
    <form
      onSubmit={send}
      noValidate
      aria-label="Invite someone"
      className="mt-3 grid grid-cols-1 gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-2"
    >
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
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={invite.isPending}
          className={`${BUTTON} bg-gray-900 px-4 py-2.5 text-white hover:bg-gray-700`}
        >
          Send invitation
        </button>
      </div>
    </form>
  );
}

function OpenInvitations() {
  const invitations = useInvitations(true);
  if (invitations.isPending) return <p className="mt-4 text-gray-700">Loading invitations…</p>;
  if (invitations.isError)
    return (
      <p role="alert" className="mt-4 text-red-800">
        {invitations.error.message}
      </p>
    );
  const list = invitations.data.invitations;
  if (list.length === 0) return <p className="mt-4 text-gray-700">No open invitations.</p>;
  return (
    <ul
      aria-label="Open invitations"
      className="mt-4 divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200"
    >
      {list.map((i) => (
        <InvitationRow key={i.id} invitation={i} />
      ))}
    </ul>
  );
}

function InvitationRow({ invitation: i }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const notify = useNotify();
  const handlers = {
    onSuccess: (res: { message: string }) => notify({ type: 'success', message: res.message }),
    onError: (err: Error) => notify({ type: 'error', message: err.message }),
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 px-4 py-3">
      <div className="min-w-0">
        <p className="break-all font-semibold text-gray-900">{i.email}</p>
        <p className="text-sm text-gray-700">
          {ROLE_LABELS[i.role]}
          {i.orderLimitCents !== null && `, order limit ${formatCents(i.orderLimitCents)}`} · invited by{' '}
          {i.invitedBy}
        </p>
        <p className={`text-sm ${i.status === 'expired' ? 'font-semibold text-amber-800' : 'text-gray-700'}`}>
          {i.status === 'expired'
            ? `Expired ${formatDate(i.expiresAt)}`
            : `Pending until ${formatDate(i.expiresAt)}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={resend.isPending}
          className={`${BUTTON} ring-1 ring-gray-300 hover:bg-gray-100`}
          aria-label={`Send again to ${i.email}`}
          onClick={() => resend.mutate(i.id, handlers)}
        >
          Send again
        </button>
        <button
          type="button"
          disabled={withdraw.isPending}
          className={`${BUTTON} text-red-800 ring-1 ring-red-300 hover:bg-red-50`}
          aria-label={`Withdraw the invitation of ${i.email}`}
          onClick={() => withdraw.mutate(i.id, handlers)}
        >
          Withdraw
        </button>
      </div>
    </li>
  );
}
