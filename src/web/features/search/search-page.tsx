import { useNavigate, useSearchParams } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-card.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { useShipsToFilter } from '#web/lib/my-state.ts';
import { useSearchProducts } from './api/search-products.ts';

/** /search?q=&page=: the full results of the header search. */
export function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q')?.trim() ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const { mine, shipsTo, waiting } = useShipsToFilter(params);
  const { data, isPending, isError, error, isPlaceholderData } = useSearchProducts(q, {
    page,
    shipsToMine: Boolean(shipsTo),
    enabled: !waiting,
  });

  const hrefFor = (p: number, ships = Boolean(shipsTo)) =>
    `/search?${new URLSearchParams({ q, ...(p > 1 ? { page: String(p) } : {}), ...(ships ? { shipsTo: 'mine' } : {}) })}`;

  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-4">
      <PageTitle>{q ? `Search: ${q}` : 'Search'}</PageTitle>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {q ? `Search results for “${q}”` : 'Search'}
      </h1>
      {!q && (
        <p className="mt-4 text-gray-700">
          Type a product, brand, flavour or category in the search box above.
        </p>
      )}
      {q && isPending && (
        <div className="mt-6">
          <ProductGridSkeleton />
        </div>
      )}
      {isError && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-800">
          {error.message}
        </p>
      )}
      {q && data && (
        <>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-gray-700" aria-live="polite">
              {data.total} product{data.total === 1 ? '' : 's'} found
              {shipsTo ? ` that ship to ${shipsTo}` : ''}
            </p>
            {mine && (
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={Boolean(shipsTo)}
                  onChange={() => navigate(hrefFor(1, !shipsTo))}
                  className="size-4 accent-gray-900"
                />
                Ships to my state ({mine.stateName})
              </label>
            )}
          </div>
          {data.items.length === 0 ? (
            <div className="mt-6 rounded-xl bg-white p-8 text-center ring-1 ring-gray-200">
              <p className="text-lg font-semibold">No products match “{q}”.</p>
              <p className="mt-1 text-gray-700">
                Try a brand, a flavour or a category name, or check the spelling.
              </p>
            </div>
          ) : (
            <div className={`mt-6 ${isPlaceholderData ? 'opacity-60' : ''}`}>
              <ProductGrid products={data.items} eagerCount={4} />
              <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
