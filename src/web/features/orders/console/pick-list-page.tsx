import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { PickList } from '#shared/orders/orders-staff.schemas.ts';
import { Button, DataTable, PageTitle, Select } from '#web/components/console/console-ui.tsx';
import { ListState } from '#web/components/console/list-state.tsx';
import { pickListQuery } from '#web/features/orders/console/queries.ts';

const SHIPPING = [
  { value: '', label: 'All' },
  { value: 'Pickup', label: 'Pickups' },
  { value: 'Shiptoaddress', label: 'Deliveries' },
] as const;

type Line = PickList['lines'][number];

/**
 * The warehouse's pick list: every option to take off the shelves for the orders waiting to ship,
 * added up, with the orders each is for. Read afresh on every visit (stock moves all day); the
 * server refuses it to a role that does not fulfil orders, and the page shows its message.
 */
export function PickListPage() {
  const [params, setParams] = useSearchParams();
  const shipping = params.get('shipping') ?? '';
  const list = useQuery(pickListQuery(shipping));

  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('shipping', value);
    else next.delete('shipping');
    setParams(next);
  };

  return (
    <>
      <PageTitle
        actions={
          <Button tone="secondary" className="print:hidden" onClick={() => window.print()}>
            Print
          </Button>
        }
      >
        Pick list
      </PageTitle>
      <div className="mb-4 max-w-xs print:hidden">
        <Select label="Shipping" value={shipping} onChange={(e) => choose(e.target.value)}>
          {SHIPPING.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </div>
      <ListState
        query={list}
        isEmpty={(d) => d.lines.length === 0}
        empty="Nothing to pick: no orders are waiting to ship."
      >
        {(data) => (
          <>
            <p className="mb-3 text-gray-800">
              For {data.orderCount} {data.orderCount === 1 ? 'order' : 'orders'} waiting to ship.
            </p>
            <DataTable caption="Pick list" head={['SKU', 'Item', 'Quantity', 'On shelf', 'Orders']}>
              {data.lines.map((line) => (
                <PickLine key={line.sku} line={line} />
              ))}
            </DataTable>
          </>
        )}
      </ListState>
    </>
  );
}

function PickLine({ line }: { line: Line }) {
  const short = line.stock === null ? 0 : line.quantity - line.stock;
  return (
    <tr className={short > 0 ? 'bg-amber-50' : undefined}>
      <td className="px-3 py-2 font-mono">{line.sku}</td>
      <td className="px-3 py-2">
        {line.productName} — {line.variantName}
        <span className="block text-xs text-gray-700">{line.sellingUnit}</span>
      </td>
      <td className="px-3 py-2 text-lg font-extrabold">{line.quantity}</td>
      <td className="px-3 py-2">
        {line.stock === null ? (
          <span className="text-gray-700">No longer in the catalogue</span>
        ) : (
          <>
            {line.stock}
            {short > 0 && (
              <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
                short by {short}
              </span>
            )}
          </>
        )}
      </td>
      <td className="px-3 py-2">
        <ul>
          {line.orders.map((o) => (
            <li key={o.number}>
              <Link to={`/admin/orders/${o.number}`} className="underline">
                {o.number} × {o.quantity} ({o.business})
              </Link>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
