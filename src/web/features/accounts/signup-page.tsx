import { Link, Navigate, useNavigate } from 'react-router';
import { accountMessages as m } from '#shared/accounts/account-messages.ts';
import { SignUpBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import {
  AuthCard,
  Field,
  FormError,
  SubmitButton,
  useFormFields,
  useSchemaCheck,
} from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useSession } from '#web/lib/session.ts';
import { useSignUp } from './api/auth-mutations.ts';
import { NewPasswordFields } from './components/new-password-fields.tsx';

const EMPTY = { businessName: '', name: '', phoneNumber: '', email: '', password: '', confirmPassword: '' };

/** /signup (SPEC §2 Sign up): the shared schema checks the form exactly as the server does. */
export function SignUpPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const signUp = useSignUp();
  const { values: form, setField, onInput } = useFormFields(EMPTY);
  const { error, setError, check } = useSchemaCheck(SignUpBodySchema);
  if (session.data?.user && !signUp.isSuccess) return <Navigate to="/" replace />;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = check(form);
    if (!parsed) return;
    signUp.mutate(form, {
      onSuccess: () => {
        notify({ type: 'success', message: m.signUpSuccessful });
        navigate('/nextpage', { replace: true });
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <AuthCard title="Create a business account">
      <PageTitle>Create an account</PageTitle>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Business name"
          autoComplete="organization"
          value={form.businessName}
          onChange={onInput('businessName')}
        />
        <Field label="Name" autoComplete="name" value={form.name} onChange={onInput('name')} />
        <Field
          label="Phone number"
          type="tel"
          autoComplete="tel"
          value={form.phoneNumber}
          onChange={onInput('phoneNumber')}
          hint="With the country code, e.g. +1 555 010 4200"
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={onInput('email')}
        />
        <NewPasswordFields
          password={form.password}
          confirmPassword={form.confirmPassword}
          onPassword={setField('password')}
          onConfirm={setField('confirmPassword')}
        />
        <FormError message={error} />
        <SubmitButton pending={signUp.isPending}>Create account</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        Already have an account?{' '}
        <Link to="/signin" className="font-semibold text-blue-800 hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
