import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useVerifyEmail } from './api/auth-mutations.ts';

/**
 * /verify-email?token=… — the page a verification mail links to. Opening the link (a GET)
 * changes nothing by itself; the page then posts the token.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <AuthCard title="Email verification">
      <PageTitle>Email verification</PageTitle>
      <div role="status" aria-live="polite">
        {verify.isPending && <p>Checking your link…</p>}
        {verify.isSuccess && <p className="font-semibold text-green-800">{verify.data.message}</p>}
        {verify.isError && <p className="font-semibold text-red-700">{verify.error.message}</p>}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to="/account?p=My%20Account"
          className="rounded-lg bg-gray-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-gray-700"
        >
          Go to my account
        </Link>
        <Link
          to="/"
          className="rounded-lg border border-gray-300 px-4 py-2.5 text-sm font-semibold hover:bg-gray-100"
        >
          Continue shopping
        </Link>
      </div>
    </AuthCard>
  );
}
