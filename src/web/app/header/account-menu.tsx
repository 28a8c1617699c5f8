import { User } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSignOut } from '#web/features/accounts/index.ts';
import { useSession } from '#web/lib/session.ts';

const LINKS = [
  ['My Account', '/account?p=My%20Account'],
  ['My Profile', '/account?p=My%20Profile'],
  ['My Orders', '/orders'],
  ['Address', '/account?p=Address'],
  ['Change Password', '/account?p=Change%20Password'],
] as const;

/** SPEC §2 Header: Login when signed out; otherwise a menu of the account pages and Logout. */
export function AccountMenu() {
  const { data, isPending } = useSession();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const user = data?.user;
  if (isPending || !user) {
    return (
      <Link
        to="/signin"
        className="flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold hover:bg-white/10"
      >
        <User className="size-5" aria-hidden />
        <span>Login</span>
      </Link>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the menu; the button and links are the controls
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          rootRef.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold hover:bg-white/10"
      >
        <User className="size-5" aria-hidden />
        <span className="max-w-28 truncate">{user.name.split(' ')[0]}</span>
        <span className="sr-only">: account menu</span>
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 top-full z-50 mt-1 w-52 rounded-xl bg-white py-1 text-gray-900 shadow-xl ring-1 ring-black/10"
        >
          {user.role === 'staff' && (
            <li className="border-b border-gray-100">
              <Link to="/admin" className="block px-4 py-2 text-sm font-semibold hover:bg-gray-100">
                Staff console
              </Link>
            </li>
          )}
          {LINKS.map(([label, href]) => (
            <li key={label}>
              <Link to={href} className="block px-4 py-2 text-sm hover:bg-gray-100">
                {label}
              </Link>
            </li>
          ))}
          <li className="border-t border-gray-100">
            <button
              type="button"
              onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) })}
              className="block w-full px-4 py-2 text-left text-sm hover:bg-gray-100"
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
