import { useId, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ORDER_TABS, type OrderTab } from '#shared/orders/order-tracking.ts';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useLocations } from '#web/lib/locations.ts';
import { useMembers } from '#web/lib/company-members.ts';
import { useSession } from '#web/lib/session.ts';
import { OrderPlaced } from './order-placed.tsx';
import { OrdersPanel } from './orders-panel.tsx';
import { OrderRequestsPanel } from './order-requests-panel.tsx';

/** A company with more than one location filters its orders by one of them (decision 015). */
function LocationFilter({ chosen, onChoose }: { chosen?: string; onChoose: (id?: string) => void }) {
  const id = useId();
  const shops = useLocations().data?.locations ?? [];
  if (shops.length < 2) return null;
  return (
    <span className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Location
      </label>
      <select
        id={id}
        value={chosen ?? ''}
        onChange={(e) => onChoose(e.target.value || undefined)}
        className="rounded-lg border border-gray-300 bg-white px-2 py-2 text-sm"
      >
        <option value="">All locations</option>
        {shops.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name || l.streetAddress}
          </option>
        ))}
      </select>
    </span>
  );
}

/** A company of several members filters its orders by who placed them (decision 015). */
function PlacedByFilter({ chosen, onChoose }: { chosen?: string; onChoose: (id?: string) => void }) {
  const id = useId();
  const company = useSession().data?.user?.company;
  const members = useMembers(Boolean(company)).data?.members ?? [];
  if (members.length < 2) return null;
  return (
    <span className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Placed by
      </label>
      <select
        id={id}
        value={chosen ?? ''}
        onChange={(e) => onChoose(e.target.value || undefined)}
        className="rounded-lg border border-gray-300 bg-white px-2 py-2 text-sm"
      >
        <option value="">Anyone</option>
        {members.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.isYou ? `${m.name} (you)` : m.name}
          </option>
        ))}
      </select>
    </span>
  );
}

/** /orders (SPEC §2 Orders page): tab and Past Month live in the URL, so they survive a reload. */
export function OrdersPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  if (session.isPending) return <PageSpinner />;
  if (!session.data?.user) return <Navigate to="/" replace />;
  const tabParam = params.get('tab') as OrderTab | null;
  const tab = tabParam && ORDER_TABS.includes(tabParam) ? tabParam : 'Orders';
  const pastMonth = params.get('pastMonth') === '1';
  const location = params.get('location') ?? undefined;
  const placedBy = params.get('placedBy') ?? undefined;
  const placed = params.get('placed');
  const update = (next: { tab?: OrderTab; pastMonth?: boolean; location?: string; placedBy?: string }) => {
    const p = new URLSearchParams(params);
    const t = next.tab ?? tab;
    if (t === 'Orders') p.delete('tab');
    else p.set('tab', t);
    if (next.pastMonth ?? pastMonth) p.set('pastMonth', '1');
    else p.delete('pastMonth');
    const l = 'location' in next ? next.location : location;
    if (l) p.set('location', l);
    else p.delete('location');
    const who = 'placedBy' in next ? next.placedBy : placedBy;
    if (who) p.set('placedBy', who);
    else p.delete('placedBy');
    p.delete('placed');
    setParams(p, { replace: true });
  };

  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
      <PageTitle>Your Orders</PageTitle>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mb-4 text-2xl font-extrabold tracking-tight focus:outline-none"
      >
        Your Orders
      </h1>
      {placed && (
        <OrderPlaced
          number={placed}
          onDone={() => {
            update({});
            // The confirmation and its button go: the page's heading keeps the focus.
            heading.current?.focus();
          }}
        />
      )}
      <OrderRequestsPanel highlight={params.get('awaiting')} />
      <OrdersPanel
        tab={tab}
        onTab={(t) => update({ tab: t })}
        pastMonth={pastMonth}
        filters={{ location, placedBy }}
        toolbar={
          <>
            <LocationFilter chosen={location} onChoose={(l) => update({ location: l })} />
            <PlacedByFilter chosen={placedBy} onChoose={(who) => update({ placedBy: who })} />
            <button
              type="button"
              aria-pressed={pastMonth}
              onClick={() => update({ pastMonth: !pastMonth })}
              className={`rounded-lg px-3 py-2 text-sm font-semibold ring-1 ${pastMonth ? 'bg-gray-900 text-white ring-gray-900' : 'bg-white ring-gray-300 hover:bg-gray-100'}`}
            >
              Past Month
            </button>
          </>
        }
      />
    </div>
  );
}
