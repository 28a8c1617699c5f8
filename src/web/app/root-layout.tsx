import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { useAccountEvents } from '#web/app/use-account-events.ts';
import { Footer } from './footer.tsx';
import { Header } from './header/header.tsx';
import { NicotineBanner } from './nicotine-banner.tsx';
import { ViewAsBanner } from './view-as-banner.tsx';

export function RootLayout() {
  const navigation = useNavigation();
  useAccountEvents();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="sticky top-0 z-40 print:hidden">
        <ViewAsBanner />
        <NicotineBanner />
        <Header />
      </div>
      <main
        id="main"
        tabIndex={-1}
        className="flex-1 focus:outline-none"
        aria-busy={navigation.state === 'loading'}
      >
        {navigation.state === 'loading' && (
          <div
            className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-amber-500"
            role="progressbar"
            aria-label="Loading page"
          />
        )}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <div className="print:hidden">
        <Footer />
      </div>
      <ScrollRestoration />
    </div>
  );
}
