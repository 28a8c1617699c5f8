import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { NEW_ARRIVAL_TABS, type NewArrivalTab } from '#shared/catalogue/catalogue.constants.ts';
import { categoryHref } from '../../../components/catalogue/links.ts';
import { ProductGrid, ProductGridSkeleton } from '../../../components/catalogue/product-card.tsx';
import { useNewArrivals } from '../api/get-home.ts';

const TAB_LABEL: Record<NewArrivalTab, string> = {
  ALL: 'ALL',
  'ROLLING PAPERS': 'ROLLING PAPERS',
  KRATOM: 'KRATOM',
};

/** SPEC §2 Home: NEW ARRIVALS with tabs ALL, ROLLING PAPERS and KRATOM, and a View all link. */
export function NewArrivals() {
  const [tab, setTab] = useState<NewArrivalTab>('ALL');
  const { data, isPending, isError } = useNewArrivals(tab);
  const tabs = useRef(new Map<NewArrivalTab, HTMLButtonElement>());

  const onKey = (e: React.KeyboardEvent, i: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const nextTab = NEW_ARRIVAL_TABS[(i + delta + NEW_ARRIVAL_TABS.length) % NEW_ARRIVAL_TABS.length]!;
    setTab(nextTab);
    tabs.current.get(nextTab)?.focus();
  };

  return (
    <section aria-labelledby="new-arrivals-title">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="new-arrivals-title" className="text-xl font-extrabold tracking-tight sm:text-2xl">
          NEW ARRIVALS
        </h2>
        {data && (
          <Link
            to={categoryHref(data.viewAllCategoryId)}
            className="text-sm font-semibold text-blue-800 hover:underline"
          >
            View all
          </Link>
        )}
      </div>
      <div
        role="tablist"
        aria-label="New arrivals"
        className="mb-4 flex gap-2 overflow-x-auto scrollbar-none"
      >
        {NEW_ARRIVAL_TABS.map((t, i) => (
          <button
            key={t}
            ref={(el) => {
              if (el) tabs.current.set(t, el);
            }}
            type="button"
            role="tab"
            id={`new-tab-${i}`}
            aria-selected={tab === t}
            aria-controls="new-arrivals-panel"
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={(e) => onKey(e, i)}
            className={`whitespace-nowrap rounded-full px-4 py-2 text-sm font-bold ${tab === t ? 'bg-gray-900 text-white' : 'bg-white text-gray-900 ring-1 ring-gray-300 hover:bg-gray-100'}`}
          >
            {TAB_LABEL[t]}
          </button>
        ))}
      </div>
      <div
        id="new-arrivals-panel"
        role="tabpanel"
        aria-labelledby={`new-tab-${NEW_ARRIVAL_TABS.indexOf(tab)}`}
      >
        {isPending && <ProductGridSkeleton />}
        {isError && <p role="alert">We could not load new arrivals. Please refresh the page.</p>}
        {data &&
          (data.items.length ? (
            <ProductGrid products={data.items} />
          ) : (
            <p>No new arrivals right now. Check back soon.</p>
          ))}
      </div>
    </section>
  );
}
