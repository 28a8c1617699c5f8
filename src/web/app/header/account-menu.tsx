import { User } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '#web/lib/session.ts';
import { TRIGGER } from './account-trigger.ts';

const AccountDropdown = lazy(() => import('./account-dropdown.tsx'));

/** SPEC §2 Header: Login when signed out; otherwise a menu of the account pages and Logout. */
export function AccountMenu() {
  const { data, isPending } = useSession();
  const user = data?.user;
  if (isPending || !user) {
    return (
      <Link to="/signin" className={TRIGGER}>
        <User className="size-5" aria-hidden />
        <span>Login</span>
      </Link>
    );
  }
  // Until the menu's script is there, the same button, not yet able to open.
  const placeholder = (
    <button type="button" disabled className={TRIGGER}>
      <User className="size-5" aria-hidden />
      <span className="max-w-28 truncate">{user.name.split(' ')[0]}</span>
      <span className="sr-only">: account menu</span>
    </button>
  );
  return (
    <Suspense fallback={placeholder}>
      <AccountDropdown user={user} />
    </Suspense>
  );
}
