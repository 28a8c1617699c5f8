import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { AuthCard, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useResetPassword } from './api/auth-mutations.ts';
import { NewPasswordFields } from './components/new-password-fields.tsx';

/** /reset-password?token=… — the page a reset mail links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const notify = useNotify();
  const reset = useResetPassword();
  // The link's token travels with the form's values; a refused token shows above the button.
  const form = useZodForm(ResetPasswordBodySchema, {
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const submit = form.handleSubmit((parsed) =>
    reset.mutate(parsed, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        navigate('/signin', { replace: true });
      },
      onError: form.serverError,
    }),
  );

  return (
    <AuthCard title="Choose a new password">
      <PageTitle>New password</PageTitle>
      <form onSubmit={submit} noValidate className="space-y-4">
        <NewPasswordFields labels={['New password', 'Confirm new password']} field={form.field} />
        <FormError message={form.formError} />
        <SubmitButton pending={reset.isPending}>Save the new password</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        Link expired?{' '}
        <Link to="/lostpassword" className="font-semibold text-blue-800 hover:underline">
          Get a new one
        </Link>
      </p>
    </AuthCard>
  );
}
