import { useState } from 'react';
import { Link } from 'react-router';
import { NEW_ARRIVAL_TABS, type NewArrivalTab } from '#shared/catalogue/catalogue.constants.ts';
import { categoryHref } from '#web/components/catalogue/links.ts';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-card.tsx';
import { TabList, tabId } from '#web/components/ui/tab-list.tsx';
import { useNewArrivals } from '#web/features/home/api/get-home.ts';

const TAB_LABEL: Record<NewArrivalTab, string> = {
  ALL: 'ALL',
  'ROLLING PAPERS': 'ROLLING PAPERS',
  KRATOM: 'KRATOM',
};

/** SPEC §2 Home: NEW ARRIVALS with tabs ALL, ROLLING PAPERS and KRATOM, and a View all link. */
export function NewArrivals() {
  const [tab, setTab] = useState<NewArrivalTab>('ALL');
  const { data, isPending, isError } = useNewArrivals(tab);

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
      <div className="mb-4">
        <TabList
          label="New arrivals"
          tabs={NEW_ARRIVAL_TABS}
          value={tab}
          onChange={setTab}
          panelId="new-arrivals-panel"
          idPrefix="new-tab"
          labelOf={(t) => TAB_LABEL[t]}
        />
      </div>
      <div id="new-arrivals-panel" role="tabpanel" aria-labelledby={tabId('new-tab', tab, NEW_ARRIVAL_TABS)}>
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
