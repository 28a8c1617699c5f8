import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '#web/lib/session.ts';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';

/** A page for signed-in users: a spinner while the session loads, home when signed out. */
export function SignedInPage({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <PageSpinner />;
  if (!session.data?.user) return <Navigate to="/" replace />;
  return children;
}
