import { Link, Navigate, useNavigate } from 'react-router';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { SignUpBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { AuthCard, Field, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
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
  const form = useZodForm(SignUpBodySchema, { defaultValues: EMPTY });
  if (session.data?.user && !signUp.isSuccess) return <Navigate to="/" replace />;

  // The server gets what was typed and applies the same schema itself.
  const submit = form.handleSubmit(() =>
    signUp.mutate(form.getValues(), {
      onSuccess: () => {
        notify({ type: 'success', message: accountMessages.signUpSuccessful });
        navigate('/nextpage', { replace: true });
      },
      onError: form.serverError,
    }),
  );

  return (
    <AuthCard title="Create a business account">
      <PageTitle>Create an account</PageTitle>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Business name" autoComplete="organization" {...form.field('businessName')} />
        <Field label="Name" autoComplete="name" {...form.field('name')} />
        <Field
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="With the country code, e.g. +1 555 010 4200"
          {...form.field('phoneNumber')}
        />
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <NewPasswordFields field={form.field} />
        <FormError message={form.formError} />
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
