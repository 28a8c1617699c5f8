import { Link } from 'react-router';
import { LogoMark } from '#web/components/ui/logo.tsx';
import { CartButton } from '#web/features/cart/index.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

import { AccountMenu } from './account-menu.tsx';
import { MegaMenu } from './mega-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SearchBox } from './search-box.tsx';

export function Header() {
  const store = useStoreInfo();
  const shortName = store.data?.shortName ?? 'Smokestack';
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
          <CartButton />
        </div>
      </div>
      <div className="px-3 pb-2.5 md:hidden">
        <SearchBox id="search-mobile" />
      </div>
      <MegaMenu />
    </header>
  );
}
