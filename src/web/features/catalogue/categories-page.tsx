import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ALL_CATEGORIES } from '#shared/catalogue/catalogue.constants.ts';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { categoryHref } from '#web/components/catalogue/links.ts';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-card.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { useShipsToFilter } from '#web/lib/my-state.ts';
import { useListing } from './api/get-listing.ts';
import { FilterSidebar } from './components/filter-sidebar.tsx';

function readPage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /categories: the product listing, with every filter and the page in the URL. */
export function CategoriesPage() {
  const [params] = useSearchParams();
  const categoryId = params.get('categoryId') || ALL_CATEGORIES;
  const brandId = params.get('brandId') || undefined;
  const inStock = params.get('inStock') === '1' || params.get('inStock') === 'true';
  const page = readPage(params.get('page'));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sidebarId = useId();
  // "Ships to my state" applies once we know the buyer has a state (a visitor's link is ignored).
  const { shipsTo, waiting } = useShipsToFilter(params);
  const { data, isPending, isError, error, isPlaceholderData } = useListing(
    { categoryId, brandId, inStock, shipsToMine: Boolean(shipsTo), page },
    !waiting,
  );

  if (isError && (error as { status?: number }).status === 404) return <ErrorPage kind="not-found" />;

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    return `/categories?${next}`;
  };

  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-4">
      <PageTitle>{`${data?.title ?? 'Products'}`}</PageTitle>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{data?.title ?? ' '}</h1>
          <p className="text-sm text-gray-700" aria-live="polite">
            {data
              ? `${data.total} product${data.total === 1 ? '' : 's'}${inStock ? ' in stock' : ''}${shipsTo ? ` that ship to ${shipsTo}` : ''}`
              : 'Loading products…'}
          </p>
        </div>
        <button
          type="button"
          className="flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold md:hidden"
          aria-expanded={filtersOpen}
          aria-controls={sidebarId}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          {filtersOpen ? 'Hide filters' : 'Filters'}
        </button>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[260px_minmax(0,1fr)]">
        <FilterSidebar
          id={sidebarId}
          open={filtersOpen}
          categoryId={categoryId}
          brandId={brandId}
          inStock={inStock}
          shipsToMine={Boolean(shipsTo)}
        />

        <div className="min-w-0">
          {data && data.brandsYouMayLike.length > 0 && (
            <section aria-labelledby="brands-you-may-like" className="mb-5">
              <h2
                id="brands-you-may-like"
                className="mb-2 text-sm font-bold uppercase tracking-wide text-gray-700"
              >
                Brands You may Like
              </h2>
              <ul className="flex flex-wrap gap-2">
                {data.brandsYouMayLike.map((b) => (
                  <li key={`${b.categoryId}/${b.id}`}>
                    <Link
                      to={categoryHref(b.categoryId, b.id)}
                      className="inline-block rounded-full border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-gray-900"
                    >
                      {b.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {isPending && <ProductGridSkeleton />}
          {isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
              {error.message}
            </p>
          )}
          {data && (
            <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
              {data.items.length ? (
                <ProductGrid products={data.items} eagerCount={4} />
              ) : (
                <div className="rounded-xl bg-white p-8 text-center ring-1 ring-gray-200">
                  <p className="font-semibold">No products match these filters.</p>
                  <Link
                    to={categoryHref(categoryId, brandId)}
                    className="mt-2 inline-block text-blue-800 underline"
                  >
                    Clear the filters
                  </Link>
                </div>
              )}
              <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
