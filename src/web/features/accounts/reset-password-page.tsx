import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { AuthCard, FormError, SubmitButton, useSchemaCheck } from '#web/components/ui/form.tsx';
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
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const { error, setError, check } = useSchemaCheck(ResetPasswordBodySchema);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = check({ token, password, confirmPassword });
    if (!parsed) return;
    reset.mutate(parsed, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        navigate('/signin', { replace: true });
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <AuthCard title="Choose a new password">
      <PageTitle>New password</PageTitle>
      <form onSubmit={submit} noValidate className="space-y-4">
        <NewPasswordFields
          labels={['New password', 'Confirm new password']}
          password={password}
          confirmPassword={confirmPassword}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <FormError message={error} />
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
