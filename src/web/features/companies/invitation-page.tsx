import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROLE_LABELS } from '#shared/companies/companies.messages.ts';
import { AcceptInvitationBodySchema, companyMessages } from '#shared/companies/companies.schemas.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/accounts/accounts.rules.ts';
import { formatDate } from '#shared/dates.ts';
import { AuthCard, Field, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useSession } from '#web/lib/session.ts';
import { useAcceptInvitation, useInvitationPreview } from './api/invitation.ts';

/**
 * /invitation?token=… — the page an invitation mail links to (decision 015, step 3): who invites
 * to what, then the new member's name and password; accepting signs them in and goes home. A link
 * used, withdrawn or expired says so, and what to do.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  if (token === '') return <Refused message={companyMessages.invitationInvalid} />;
  if (preview.isPending) return <PageSpinner />;
  if (preview.isError) return <Refused message={preview.error.message} />;
  return <AcceptForm token={token} invitation={preview.data} />;
}

function Refused({ message }: { message: string }) {
  return (
    <AuthCard title="Invitation">
      <PageTitle>Invitation</PageTitle>
      <FormError message={message} />
      <p className="mt-6 text-center text-sm">
        <Link to="/signin" className="font-semibold text-blue-800 hover:underline">
          Sign in
        </Link>{' '}
        or{' '}
        <Link to="/" className="font-semibold text-blue-800 hover:underline">
          go to the store
        </Link>
      </p>
    </AuthCard>
  );
}

function AcceptForm({
  token,
  invitation,
}: {
  token: string;
  invitation: { businessName: string; email: string; role: keyof typeof ROLE_LABELS; expiresAt: string };
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const signedIn = useSession().data?.user;
  const accept = useAcceptInvitation(token);
  const form = useZodForm(AcceptInvitationBodySchema, {
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  // The body as typed: the schema's output drops the confirmation, which the server checks again.
  const submit = form.handleSubmit(() =>
    accept.mutate(form.getValues(), {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        navigate('/', { replace: true });
      },
      onError: form.serverError,
    }),
  );

  return (
    <AuthCard title={`Join ${invitation.businessName}`}>
      <PageTitle>Accept the invitation</PageTitle>
      <p className="text-sm text-gray-800">
        You are invited to order for <strong>{invitation.businessName}</strong> as{' '}
        <strong>{ROLE_LABELS[invitation.role].toLowerCase()}</strong>. Your login will be{' '}
        <strong className="break-all">{invitation.email}</strong>. The invitation is valid until{' '}
        {formatDate(invitation.expiresAt)}.
      </p>
      {signedIn && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300">
          You are signed in as {signedIn.email}. Accepting signs you in as {invitation.email} instead.
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        <Field label="Your name" autoComplete="name" required {...form.field('name')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
          {...form.field('password')}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <FormError message={form.formError} />
        <SubmitButton pending={accept.isPending}>Accept and sign in</SubmitButton>
      </form>
    </AuthCard>
  );
}
