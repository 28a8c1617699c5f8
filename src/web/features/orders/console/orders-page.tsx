import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { trackingState } from '#shared/orders/order-tracking.ts';
import { ORDER_ITEM_STATUSES } from '#shared/orders/orders.schemas.ts';
import { Field } from '#web/components/ui/form.tsx';
import {
  Badge,
  DataTable,
  Pager,
  PageTitle,
  Select,
  FilterForm,
} from '#web/components/console/console-ui.tsx';
import { ListState, useUrlFilters } from '#web/components/console/list-state.tsx';
import { useStaffMay } from '#web/lib/console-api.ts';
import { adminOrdersQuery } from '#web/features/orders/console/queries.ts';

const FILTERS = ['stage', 'status', 'from', 'to', 'buyer', 'number'] as const;

/** Orders with filters (in the URL, so a filtered list can be shared or reloaded) and paging. */
export function AdminOrdersPage() {
  const { filters, page, draft, set, apply, setPage } = useUrlFilters(FILTERS);
  const list = useQuery(adminOrdersQuery({ ...filters, page }));
  const may = useStaffMay();

  const exportUrl =
    filters.from && filters.to
      ? `/api/v1/admin/orders/export.csv?from=${filters.from}&to=${filters.to}`
      : null;

  return (
    <>
      <PageTitle
        actions={
          <>
            {may('orders.fulfil') && (
              <Link
                to="/admin/orders/pick-list"
                className="inline-flex min-h-10 items-center rounded-lg bg-gray-900 px-3.5 py-2 text-sm font-semibold text-white hover:bg-gray-700"
              >
                Pick list
              </Link>
            )}
            {exportUrl ? (
              <a
                href={exportUrl}
                className="inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100"
              >
                Export CSV ({filters.from} to {filters.to})
              </a>
            ) : (
              <span className="text-sm text-gray-700">Choose From and To dates to export CSV.</span>
            )}
          </>
        }
      >
        Orders
      </PageTitle>
      <FilterForm
        label="Filter orders"
        filters={filters}
        onSubmit={apply}
        gridClassName="sm:grid-cols-3 lg:grid-cols-4"
      >
        <Select label="Stage" value={draft.stage} onChange={(e) => set('stage', e.target.value)}>
          <option value="">Any</option>
          <option value="toShip">Waiting to ship</option>
        </Select>
        <Select label="Item status" value={draft.status} onChange={(e) => set('status', e.target.value)}>
          <option value="">Any</option>
          {ORDER_ITEM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
        <Field label="From" type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
        <Field label="To" type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
        <Field
          label="Buyer"
          placeholder="Business, name or email"
          value={draft.buyer}
          onChange={(e) => set('buyer', e.target.value)}
        />
        <Field
          label="Order number"
          placeholder="SS-100001"
          value={draft.number}
          onChange={(e) => set('number', e.target.value)}
        />
      </FilterForm>
      <ListState query={list} isEmpty={(d) => d.orders.length === 0} empty="No orders match.">
        {(data) => (
          <>
            <DataTable caption="Orders" head={['Order', 'Placed', 'Buyer', 'Items', 'Stage', 'Total']}>
              {data.orders.map((o) => {
                const stage = trackingState(o.events);
                const statuses = [...new Set(o.items.map((i) => i.status))];
                return (
                  <tr key={o.orderNumber}>
                    <td className="px-3 py-2">
                      <Link to={`/admin/orders/${o.orderNumber}`} className="font-semibold underline">
                        {o.orderNumber}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{formatDateTime(o.datePlaced)}</td>
                    <td className="px-3 py-2">
                      {o.buyer.businessName}
                      <span className="block text-xs text-gray-700">{o.buyer.email}</span>
                    </td>
                    <td className="px-3 py-2">
                      {o.items.reduce((n, i) => n + i.quantity, 0)}{' '}
                      {statuses.map((s) => (
                        <Badge key={s} status={s} />
                      ))}
                    </td>
                    <td className="px-3 py-2">{stage.label}</td>
                    <td className="px-3 py-2 font-semibold">{formatCents(o.totalCents)}</td>
                  </tr>
                );
              })}
            </DataTable>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </ListState>
    </>
  );
}
