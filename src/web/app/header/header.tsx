import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';
import { LogoMark } from '../../components/ui/logo.tsx';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { useStoreInfo } from '../../features/store/api/get-store-info.ts';
import { useNotify } from '../notifications.tsx';

import { AccountMenu } from './account-menu.tsx';
import { MegaMenu } from './mega-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SearchBox } from './search-box.tsx';

export function Header() {
  const notify = useNotify();
  const store = useStoreInfo();
  const shortName = store.data?.shortName ?? 'Smokestack';
  const signedIn = Boolean(useSession().data?.user);
  // The cart arrives with the cart and checkout issue; until then it is always empty.
  const cartCount = 0;
  return (
    <header className="bg-gray-900 text-white shadow-md">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2.5 sm:gap-4 sm:px-4">
        <MobileMenu />
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded" aria-label={`${shortName} home`}>
          <LogoMark className="size-9" />
          <span className="hidden text-lg font-extrabold tracking-tight sm2:inline">{shortName}</span>
        </Link>
        <div className="hidden flex-1 md:block">
          <SearchBox id="search-desktop" />
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <AccountMenu />
          <button
            type="button"
            onClick={() =>
              signedIn
                ? notify({ type: 'info', message: messages.cartNotReady })
                : notify({ type: 'warning', message: messages.pleaseLoginRegister })
            }
            className="relative rounded-lg p-2 hover:bg-white/10"
            aria-label={`Cart, ${cartCount} items`}
          >
            <ShoppingCart className="size-6" aria-hidden />
            <span className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-amber-400 px-1 text-xs font-bold text-gray-900">
              {cartCount}
            </span>
          </button>
        </div>
      </div>
      <div className="px-3 pb-2.5 md:hidden">
        <SearchBox id="search-mobile" />
      </div>
      <MegaMenu />
    </header>
  );
}
