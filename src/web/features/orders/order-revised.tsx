import { formatDate } from '#shared/dates.ts';
import type { OrderRevision } from '#shared/orders/order-change.schemas.ts';
import { keyed } from '#web/lib/keys.ts';

/**
 * An order staff changed before it shipped (decision 016, part 4), on the buyer's order card:
 * "Revised Nov 26, 2026 (2 changes)", opening onto each revision's reason and changes, newest first.
 */
export function OrderRevised({ revisions }: { revisions: OrderRevision[] }) {
  const latest = revisions.at(-1);
  if (!latest) return null;
  const count = revisions.reduce((n, r) => n + r.changes.length, 0);
  return (
    <details className="px-4 pt-2 text-sm">
      <summary className="cursor-pointer font-semibold text-amber-900">
        Revised {formatDate(latest.at)} ({count} change{count === 1 ? '' : 's'})
      </summary>
      <ol className="mt-1 grid gap-2">
        {[...revisions].reverse().map((r) => (
          <li key={r.version}>
            <p className="break-words text-gray-800">
              {formatDate(r.at)}: {r.reason}
            </p>
            <ul className="list-disc pl-5">
              {keyed(r.changes, (c) => c).map(({ key, item: c }) => (
                <li key={key}>{c}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </details>
  );
}
