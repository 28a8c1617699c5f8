import { useEffect, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { SignInBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { AuthCard, Field, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { returnPath } from '#web/lib/return-to.ts';
import { useSession } from '#web/lib/session.ts';
import { useSignIn } from './api/auth-mutations.ts';

export const REMEMBERED_EMAIL_KEY = 'smokestack.rememberedEmail';

function rememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

const signInDefaults = () => {
  const email = rememberedEmail();
  return { email, password: '', rememberMe: email !== '' };
};

/** /signin (SPEC §2 Sign in). */
export function SignInPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const signIn = useSignIn();
  const form = useZodForm(SignInBodySchema, {
    defaultValues: signInDefaults(),
  });
  const rememberId = useId();
  const user = session.data?.user;

  // Somebody already signed in goes home, or is asked to complete the profile.
  useEffect(() => {
    if (!user || signIn.isPending || signIn.isSuccess) return;
    if (user.isCompleted) navigate('/', { replace: true });
    else {
      notify({ type: 'info', message: accountMessages.completeYourProfile });
      navigate('/nextpage', { replace: true });
    }
  }, [user, navigate, notify, signIn.isPending, signIn.isSuccess]);

  if (session.isPending) return <PageSpinner />;

  const submit = form.handleSubmit((parsed) =>
    signIn.mutate(parsed, {
      onSuccess: (res) => {
        try {
          if (parsed.rememberMe) localStorage.setItem(REMEMBERED_EMAIL_KEY, parsed.email);
          else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
        } catch {
          // storage blocked: nothing to remember
        }
        if (res.next === '/nextpage') notify({ type: 'info', message: accountMessages.completeYourProfile });
        else notify({ type: 'success', message: res.message });
        // Back to the page that asked for a sign-in (decision 014); /nextpage sends them there after.
        navigate(res.next === '/' ? returnPath('/') : res.next, { replace: true });
      },
      onError: form.serverError,
    }),
  );

  return (
    <AuthCard title="Sign in">
      <PageTitle>Sign in</PageTitle>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <div className="flex items-center justify-between gap-3 text-sm">
          <label htmlFor={rememberId} className="flex items-center gap-2">
            <input
              id={rememberId}
              type="checkbox"
              {...form.register('rememberMe')}
              className="size-4 accent-gray-900"
            />
            Remember me
          </label>
          <Link to="/lostpassword" className="font-semibold text-blue-800 hover:underline">
            Lost your password?
          </Link>
        </div>
        <FormError message={form.formError} />
        <SubmitButton pending={signIn.isPending}>Sign in</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        New to the store?{' '}
        <Link to="/signup" className="font-semibold text-blue-800 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
