import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { Profile } from '#shared/accounts/accounts.schemas.ts';
import { useSignOut } from '#web/features/accounts/index.ts';
import { accountLinks, TRIGGER } from './account-trigger.ts';

const ITEM = 'block px-4 py-2 text-sm outline-none data-[highlighted]:bg-gray-100';

/**
 * The signed-in account menu on Radix's dropdown (arrow keys, Escape, focus return and outside
 * clicks as the menu pattern has them). Loaded on its own: the first page's script stays small.
 */
export default function AccountDropdown({ user }: { user: Profile }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={`${TRIGGER} data-[state=open]:bg-white/10`}>
        <User className="size-5" aria-hidden />
        <span className="max-w-28 truncate">{user.name.split(' ')[0]}</span>
        <span className="sr-only">: account menu</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 w-52 rounded-xl bg-white py-1 text-gray-900 shadow-xl ring-1 ring-black/10"
        >
          {user.role === 'staff' && (
            <>
              <DropdownMenu.Item asChild>
                <Link to="/admin" className={`${ITEM} font-semibold`}>
                  Staff console
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
            </>
          )}
          {accountLinks(user).map(([label, href]) => (
            <DropdownMenu.Item key={label} asChild>
              <Link to={href} className={ITEM}>
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          <DropdownMenu.Item
            className={`${ITEM} w-full cursor-pointer text-left`}
            onSelect={() => signOut.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) })}
          >
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
