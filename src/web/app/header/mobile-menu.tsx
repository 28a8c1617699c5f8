import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

// The drawer (Radix dialog and accordion) loads on first open, keeping it out of the first bundle.
const MobileMenuDrawer = lazy(() => import('./mobile-menu-drawer.tsx'));

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setOpen(false), [location]);
  return (
    <>
      <button
        type="button"
        className="rounded-lg p-2 hover:bg-white/10 md:hidden"
        aria-label="Open categories menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
