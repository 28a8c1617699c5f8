import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { cartMessages } from '#shared/cart/cart.messages.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useSession } from '#web/lib/session.ts';
import { useCart } from '#web/lib/cart/get-cart.ts';
import { setCartDrawerOpen, useCartDrawerOpen } from '#web/lib/cart/cart-drawer-state.ts';

// The drawer (Radix dialog) loads on first open, keeping it out of the first bundle.
const CartDrawer = lazy(() => import('./cart-drawer.tsx'));

/** The header's cart button: the item count, and the drawer (signed out: 'Please Login / Register'). */
export function CartButton() {
  const notify = useNotify();
  const signedIn = Boolean(useSession().data?.user);
  const count = useCart().data?.itemCount ?? 0;
  const open = useCartDrawerOpen();
  const [loaded, setLoaded] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setCartDrawerOpen(false), [location]);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          signedIn ? setCartDrawerOpen(true) : notify({ type: 'warning', message: cartMessages.pleaseLogin })
        }
        className="relative rounded-lg p-2 hover:bg-white/10"
        aria-label={`Cart, ${count} item${count === 1 ? '' : 's'}`}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <ShoppingCart className="size-6" aria-hidden />
        <span
          aria-hidden
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-amber-400 px-1 text-xs font-bold text-gray-900"
        >
          {count}
        </span>
      </button>
      {loaded && signedIn && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
    </>
  );
}
