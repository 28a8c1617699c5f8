import { Link, useNavigate } from 'react-router';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { LostPasswordBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { AuthCard, Field, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useLostPassword } from './api/auth-mutations.ts';

/** /lostpassword (SPEC §2): the same answer whether or not the email has an account. */
export function LostPasswordPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const lost = useLostPassword();
  const form = useZodForm(LostPasswordBodySchema, { defaultValues: { email: '' } });

  const submit = form.handleSubmit((parsed) =>
    lost.mutate(parsed, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        navigate('/', { replace: true });
      },
      // The server queues the mail after answering: a failure here is the request itself (the store
      // unreachable or failing), which the spec words as 'Error sending password reset email.'.
      onError: (err) =>
        notify({
          type: 'error',
          message:
            err instanceof ApiError && err.status >= 400 && err.status < 500
              ? err.message
              : accountMessages.resetSendFailed,
        }),
    }),
  );

  return (
    <AuthCard title="Lost your password?">
      <PageTitle>Lost password</PageTitle>
      <p className="-mt-3 mb-5 text-sm text-gray-700">
        Enter the email of your account and we will mail you a link to choose a new password.
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <FormError message={form.formError} />
        <SubmitButton pending={lost.isPending}>Get the link</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/signin" className="font-semibold text-blue-800 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
