import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { cartMessages } from '#shared/cart/cart.messages.ts';
import type { ProductDetail } from '#shared/catalogue/catalogue.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { setCartDrawerOpen, useAddToCart } from '#web/features/cart/index.ts';
import { useSession } from '#web/lib/session.ts';

/**
 * SPEC §2/§5: a quantity selector per variant and ADD TO CART. Counts never go below 0 nor above
 * the stock. Adding needs a signed-in buyer and puts every option with a count above 0 in the cart.
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
  const add = useAddToCart();
  const addToCart = () => {
    if (!signedIn) return notify({ type: 'warning', message: cartMessages.pleaseLogin });
    // SPEC §5: only options with a count above 0 are added; the server says when none is chosen
    // and when a count is above what is left in stock.
    const items = Object.entries(counts)
      .filter(([, quantity]) => quantity > 0)
      .map(([variantId, quantity]) => ({ variantId, quantity }));
    if (!items.length) return notify({ type: 'info', message: cartMessages.nothingToAdd });
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
        {product.variants.map((v) => {
          const count = counts[v.id] ?? 0;
          return (
            <li key={v.id} className={`flex items-center gap-3 p-2.5 ${v.inStock ? '' : 'bg-gray-50'}`}>
              <img
                src={v.image.url}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className={`size-12 shrink-0 rounded object-cover ${v.inStock ? '' : 'opacity-60 grayscale'}`}
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{v.name}</p>
                <p className={`text-xs ${v.inStock ? 'text-gray-700' : 'font-semibold text-red-700'}`}>
                  {v.inStock ? `${v.stock} in stock` : 'Out of stock'}
                </p>
              </div>
              <div
                className="flex items-center rounded-lg ring-1 ring-gray-300"
                role="group"
                aria-label={`Quantity of ${v.name}`}
              >
                <button
                  type="button"
                  onClick={() => set(v.id, v.stock, count - 1)}
                  disabled={count <= 0}
                  aria-label={`Fewer ${v.name}`}
                  className="flex size-9 items-center justify-center rounded-l-lg hover:bg-gray-100 disabled:text-gray-300"
                >
                  <Minus className="size-4" aria-hidden />
                </button>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={v.stock}
                  value={count}
                  disabled={!v.inStock}
                  onChange={(e) => set(v.id, v.stock, Number(e.target.value))}
                  aria-label={`${v.name} quantity`}
                  className="h-9 w-12 border-x border-gray-300 text-center text-sm [appearance:textfield] disabled:bg-gray-50 [&::-webkit-inner-spin-button]:appearance-none"
                />
                <button
                  type="button"
                  onClick={() => set(v.id, v.stock, count + 1)}
                  disabled={count >= v.stock}
                  aria-label={`More ${v.name}`}
                  className="flex size-9 items-center justify-center rounded-r-lg hover:bg-gray-100 disabled:text-gray-300"
                >
                  <Plus className="size-4" aria-hidden />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={addToCart}
        disabled={!product.inStock || add.isPending}
        className="mt-4 w-full rounded-lg bg-amber-400 px-4 py-3 text-base font-extrabold text-gray-900 hover:bg-amber-300 disabled:cursor-not-allowed disabled:bg-gray-200 disabled:text-gray-600"
      >
        ADD TO CART{chosen > 0 ? ` (${chosen})` : ''}
      </button>
    </section>
  );
}
