import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cartMessages } from '#shared/cart/cart.messages.ts';
import type { ProductDetail } from '#shared/catalogue/catalogue.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { setCartDrawerOpen } from '#web/lib/cart/cart-drawer-state.ts';
import { useAddToCart } from '#web/lib/cart/cart-mutations.ts';
import { rememberReturn, takeReturnCounts } from '#web/lib/return-to.ts';
import { useMayOrder, useSession } from '#web/lib/session.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { useShipCheck } from '#web/features/catalogue/api/ship-check.ts';
import { countProblem, OptionRow, type OptionVerdict } from './option-row.tsx';
import { Slot } from '#web/components/slots.tsx';

/**
 * SPEC §2/§5: a quantity selector per variant and ADD TO CART. Counts never go below 0 nor above
 * the stock, and step by the option's case (from its minimum). Adding needs a signed-in buyer and puts every option with a count above 0 in the cart.
 */
export function VariantPicker({ product }: { product: ProductDetail }) {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const notify = useNotify();
  const set = (id: string, stock: number, value: number) =>
    setCounts((c) => ({
      ...c,
      [id]: Math.max(0, Math.min(stock, Number.isFinite(value) ? Math.floor(value) : 0)),
    }));
  const chosen = Object.values(counts).reduce((n, c) => n + c, 0);

  const signedIn = Boolean(useSession().data?.user);
  const mayOrder = useMayOrder();
  // A signed-in buyer's verdicts for their default address, beside each option (the delivery check
  // below reads the same answer).
  const check = useShipCheck(
    { categoryId: product.categoryId, brandId: product.brandId, subBrandId: product.id },
    null,
    signedIn,
  ).data;
  const verdictOf = (id: string): OptionVerdict | undefined => {
    const o = check?.stateName ? check.options.find((x) => x.variantId === id) : undefined;
    return o && check?.stateName
      ? { stateName: check.stateName, blocks: o.blocks, pickupBlocks: o.pickupBlocks }
      : undefined;
  };
  const location = useLocation();
  const here = location.pathname + location.search;
  // Signed out, Add to cart says the spec's 'Please Login / Register' and offers the way: the page
  // and the quantities are remembered, and come back after sign-in (or sign-up and /nextpage).
  const [askSignIn, setAskSignIn] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const back = takeReturnCounts(here);
    if (!back) return;
    const restored: Record<string, number> = {};
    for (const v of product.variants) {
      const n = Math.min(back[v.id] ?? 0, v.stock);
      if (n > 0) restored[v.id] = n;
    }
    if (!Object.keys(restored).length) return;
    setCounts(restored);
    notify({ type: 'info', message: cartMessages.quantitiesBack });
  }, [signedIn, here, product.variants, notify]);
  const add = useAddToCart();
  const addToCart = () => {
    if (!signedIn) {
      rememberReturn(here, counts);
      setAskSignIn(true);
      return notify({ type: 'warning', message: cartMessages.pleaseLogin });
    }
    // SPEC §5: only options with a count above 0 are added; the server says when none is chosen
    // and when a count is above what is left in stock.
    const items = Object.entries(counts)
      .filter(([, quantity]) => quantity > 0)
      .map(([variantId, quantity]) => ({ variantId, quantity }));
    if (!items.length) return notify({ type: 'info', message: cartMessages.nothingToAdd });
    // Case packs: the row already says why; the notice repeats the first reason.
    const wrong = product.variants.find((v) => countProblem(v, counts[v.id] ?? 0));
    if (wrong)
      return notify({
        type: 'error',
        message: `${wrong.name}: ${countProblem(wrong, counts[wrong.id] ?? 0)}`,
      });
    add.mutate(items, {
      onSuccess: () => {
        setCounts({});
        // The drawer opening with the new lines is the confirmation.
        setCartDrawerOpen(true);
      },
      onError: (err) => notify({ type: 'error', message: err.message }),
    });
  };

  return (
    <section aria-labelledby="variants-title" className="mt-6">
      <h2 id="variants-title" className="text-sm font-bold uppercase tracking-wide text-gray-700">
        Choose quantities ({product.variants.length} option{product.variants.length === 1 ? '' : 's'})
      </h2>
      <ul className="mt-2 divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200">
        {product.variants.map((v) => (
          <OptionRow
            key={v.id}
            v={v}
            count={counts[v.id] ?? 0}
            onCount={(n) => set(v.id, v.stock, n)}
            verdict={verdictOf(v.id)}
            whenOut={signedIn ? <Slot of="NotifyMe" sku={v.id} name={v.name} /> : undefined}
          />
        ))}
      </ul>
      {!mayOrder && (
        <p role="note" className="mt-4 rounded-lg bg-gray-50 p-3 text-sm text-gray-800 ring-1 ring-gray-200">
          {companyMessages.viewerReadOnly}
        </p>
      )}
      <button
        type="button"
        onClick={addToCart}
        disabled={!product.inStock || add.isPending || !mayOrder}
        className="mt-4 w-full rounded-lg bg-amber-400 px-4 py-3 text-base font-extrabold text-gray-900 hover:bg-amber-300 disabled:cursor-not-allowed disabled:bg-gray-200 disabled:text-gray-600"
      >
        ADD TO CART{chosen > 0 ? ` (${chosen})` : ''}
      </button>
      {askSignIn && !signedIn && (
        <div role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-300">
          <p className="font-semibold">{cartMessages.pleaseLogin}</p>
          <p className="mt-0.5 text-gray-800">{cartMessages.signInToOrder}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Link
              to="/signin"
              onClick={() => rememberReturn(here, counts)}
              className="rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white hover:bg-gray-700"
            >
              Sign in
            </Link>
            <Link
              to="/signup"
              onClick={() => rememberReturn(here, counts)}
              className="rounded-lg border border-gray-300 bg-white px-4 py-2 font-semibold hover:bg-gray-100"
            >
              Register
            </Link>
          </div>
        </div>
      )}
      {signedIn && (
        <div className="mt-2 flex justify-end">
          <Slot
            of="SaveToList"
            items={() =>
              Object.entries(counts)
                .filter(([, quantity]) => quantity > 0)
                .map(([variantId, quantity]) => ({ variantId, quantity }))
            }
            onNothing={() => notify({ type: 'info', message: cartMessages.nothingToAdd })}
          />
        </div>
      )}
    </section>
  );
}
