import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { ApiError, apiPost, apiUrl } from '#web/lib/api-client.ts';
import { useStaffMay, useStaffMe } from '#web/lib/console-api.ts';
import { adminMessages, STAFF_ROLE_LABELS } from '#shared/staff/staff.messages.ts';
import { Loading } from '#web/components/console/console-ui.tsx';
import { SlotsProvider } from '#web/components/slots.tsx';
import { ConsoleNav, firstPage, pagePermission } from './console-nav.tsx';
import { consoleSlots } from './console-slots.tsx';
import { ChooseOwnPassword, TwoFactorSetup, TwoFactorSignIn } from './two-factor.tsx';

/**
 * The staff console: its own code-split part of the SPA. The server checks staff on every
 * /api/v1/admin route; this layout only decides what to show — sign in, the second factor, the
 * console — from /admin/me.
 */
export function AdminLayout() {
  const me = useStaffMe();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On a phone the menu is a sideways strip: keep the current page's entry in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (nav && current && nav.scrollWidth > nav.clientWidth)
      nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname, me.data?.secondFactor]);
  if (me.isPending) return <Loading />;
  if (me.error) {
    const status = me.error instanceof ApiError ? me.error.status : 0;
    if (status === 401) return <Navigate to="/signin" replace />;
    return (
      <main id="main" className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Staff console</h1>
        <p className="mt-3 text-gray-800">{me.error.message}</p>
        <Link to="/" className="mt-6 inline-block font-semibold underline">
          Back to the store
        </Link>
      </main>
    );
  }
  if (me.data.passwordChangeRequired)
    return (
      <main id="main">
        <ChooseOwnPassword />
      </main>
    );
  if (!me.data.secondFactor)
    return <main id="main">{me.data.totpEnabled ? <TwoFactorSignIn /> : <TwoFactorSetup />}</main>;

  return (
    <div className="min-h-screen bg-gray-50 lg:flex print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="bg-gray-900 text-white print:hidden lg:sticky lg:top-0 lg:h-screen lg:w-60 lg:shrink-0 lg:overflow-y-auto">
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <span className="font-extrabold tracking-tight">Staff console</span>
          <SignOutButton />
        </div>
        <ConsoleNav ref={navRef} />
        <p className="hidden px-4 pb-4 text-xs text-gray-300 lg:block">
          Signed in as {me.data.email} ({STAFF_ROLE_LABELS[me.data.role]})
        </p>
      </aside>
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 px-3 py-5 focus:outline-none sm:px-6"
        aria-busy={navigation.state === 'loading'}
      >
        <SlotsProvider slots={consoleSlots}>
          <Suspense fallback={<Loading />}>
            <RolePage />
          </Suspense>
        </SlotsProvider>
      </main>
    </div>
  );
}

/**
 * The page, when the staff member's role includes it (decision 016); any other page says so. The
 * console's front door (/admin, the dashboard) is every role's (decision 018).
 */
export function RolePage() {
  const { pathname } = useLocation();
  const may = useStaffMay();
  const needed = pagePermission(pathname);
  if (!needed || may(needed)) return <Outlet />;
  const first = firstPage(may);
  return (
    <div className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">Not part of your role</h1>
      <p className="mt-3 text-gray-800">{adminMessages.roleRefused}</p>
      {first && (
        <Link to={first} className="mt-6 inline-block font-semibold underline">
          Go to your first page
        </Link>
      )}
    </div>
  );
}

function SignOutButton() {
  const qc = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => apiPost(apiUrl('auth/signout'), {}, 'MessageResponseSchema'),
    onSuccess: () => {
      qc.clear();
      window.location.assign('/');
    },
  });
  return (
    <button
      type="button"
      onClick={() => signOut.mutate()}
      className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm text-gray-100 hover:bg-gray-700"
    >
      <LogOut aria-hidden className="size-4" />
      Sign out
    </button>
  );
}
