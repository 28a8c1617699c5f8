import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { OrderRevision } from '#shared/orders/order-change.schemas.ts';
import { Panel } from '#web/components/console/console-ui.tsx';
import { keyed } from '#web/lib/keys.ts';

/** The order's history of changes (decision 016, part 4), newest first: the buyer sees it too. */
export function OrderRevisions({ revisions }: { revisions: OrderRevision[] }) {
  if (revisions.length === 0) return null;
  return (
    <div className="mt-4">
      <Panel title="Changes">
        <ol aria-label="Changes of the order, newest first" className="divide-y divide-gray-100">
          {[...revisions].reverse().map((r) => (
            <li key={r.version} className="grid gap-1 py-3 text-sm first:pt-0 last:pb-0">
              <p>
                <span className="font-semibold">{formatDateTime(r.at)}</span> · by {r.by} · revision{' '}
                {r.version}
              </p>
              <p className="break-words">
                <span className="font-semibold">Reason:</span> {r.reason}
              </p>
              <ul className="list-disc pl-5">
                {keyed(r.changes, (c) => c).map(({ key, item: c }) => (
                  <li key={key}>{c}</li>
                ))}
              </ul>
              <p>
                Total {formatCents(r.totalBeforeCents)} → {formatCents(r.totalAfterCents)}
              </p>
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}
