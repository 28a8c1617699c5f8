import { useState } from 'react';
import { Link, Navigate, NavLink, useNavigate, useSearchParams } from 'react-router';
import type { OrderTab } from '#shared/orders/order-tracking.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useSendVerification, useSignOut } from '#web/features/accounts/api/auth-mutations.ts';
import { ORDERING_LINKS } from '#web/lib/account-links.ts';
import { useSession } from '#web/lib/session.ts';
import { AddressBook } from './address-book.tsx';
import { ChangePassword } from './change-password.tsx';
import { MyProfile } from './my-profile.tsx';
import { Slot } from '#web/components/slots.tsx';

export const ACCOUNT_SECTIONS = ['My Account', 'My Profile', 'Address', 'Change Password'] as const;
type Section = (typeof ACCOUNT_SECTIONS)[number];
/** SPEC §9: recent orders on the account page. */
const RECENT_ORDERS = 5;

export const accountHref = (p: Section) => `/account?p=${encodeURIComponent(p)}`;

/** /account?p=… (SPEC §2 Account). Signed out, or an unknown section: home. */
export function AccountPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const p = (params.get('p') ?? 'My Account') as Section;
  if (session.isPending) return <PageSpinner />;
  const user = session.data?.user;
  if (!user || !ACCOUNT_SECTIONS.includes(p)) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-4">
      <PageTitle>{`${p}`}</PageTitle>
      {!user.emailVerified && <VerifyBanner />}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[220px_minmax(0,1fr)]">
        <AccountMenu current={p} />
        <section
          aria-labelledby="account-heading"
          className="rounded-2xl bg-white p-5 ring-1 ring-gray-200 sm:p-6"
        >
          <h1 id="account-heading" className="mb-5 text-2xl font-extrabold tracking-tight">
            {p}
          </h1>
          {p === 'My Account' && <MyAccount name={user.name} businessName={user.businessName} />}
          {p === 'My Profile' && <MyProfile user={user} />}
          {p === 'Address' && <AddressBook />}
          {p === 'Change Password' && <ChangePassword />}
        </section>
      </div>
    </div>
  );
}

const MENU_ENTRY = 'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold';
const IDLE = 'hover:bg-gray-100';

/**
 * The account pages' side menu: the four sections, the wholesale ordering pages (as in the
 * header's account menu), and Logout. On a phone the entries wrap into rows rather than scroll
 * sideways, so none is out of sight.
 */
function AccountMenu({ current }: { current: Section }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <nav aria-label="Account" className="self-start rounded-2xl bg-white p-2 ring-1 ring-gray-200">
      <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
        {ACCOUNT_SECTIONS.map((s) => (
          <li key={s}>
            <NavLink
              to={accountHref(s)}
              aria-current={current === s ? 'page' : undefined}
              className={`${MENU_ENTRY} ${current === s ? 'bg-gray-900 text-white' : IDLE}`}
            >
              {s}
            </NavLink>
          </li>
        ))}
        {ORDERING_LINKS.map(([label, href], i) => (
          <li key={href} className={i === 0 ? 'md:mt-1 md:border-t md:border-gray-100 md:pt-1' : undefined}>
            <Link to={href} className={`${MENU_ENTRY} ${IDLE}`}>
              {label}
            </Link>
          </li>
        ))}
        <li className="md:mt-1 md:border-t md:border-gray-100 md:pt-1">
          <button
            type="button"
            onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) })}
            className={`${MENU_ENTRY} w-full text-left ${IDLE}`}
          >
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** SPEC §2: asks to verify an unverified email, with a Send Link button that mails a new link. */
function VerifyBanner() {
  const send = useSendVerification();
  const notify = useNotify();
  return (
    <div
      role="region"
      aria-label="Email verification"
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300"
    >
      <p className="text-sm text-amber-950">
        <strong>Please verify your email address.</strong> Verification is needed to place orders. Check your
        inbox for our link, or get a new one.
      </p>
      <button
        type="button"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: (res) => notify({ type: 'success', message: res.message }),
            onError: (err) => notify({ type: 'error', message: err.message }),
          })
        }
        className="rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700 disabled:opacity-60"
      >
        Send Link
      </button>
    </div>
  );
}

function MyAccount({ name, businessName }: { name: string; businessName: string }) {
  return (
    <div className="space-y-6">
      <p className="text-lg">
        Welcome back, <strong>{name}</strong> of {businessName}.
      </p>
      <div className="rounded-xl bg-gray-900 p-5 text-white">
        <p className="font-bold text-amber-400">Unlimited ordering for verified shops</p>
        <p className="mt-1 text-sm text-gray-200">
          Providing your Sales ID and tobacco license enables unlimited product ordering. Otherwise certain
          features may be restricted.
        </p>
      </div>
      <RecentOrders />
    </div>
  );
}

/** Up to 5 recent orders with the same tabs as the Orders page (SPEC §2 Account, §9). */
function RecentOrders() {
  const [tab, setTab] = useState<OrderTab>('Orders');
  return (
    <section aria-labelledby="recent-orders">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="recent-orders" className="text-lg font-bold">
          Recent orders
        </h2>
        <Link to="/orders" className="text-sm font-semibold text-blue-800 hover:underline">
          All orders
        </Link>
      </div>
      <Slot of="OrdersPanel" tab={tab} onTab={setTab} limit={RECENT_ORDERS} />
    </section>
  );
}
