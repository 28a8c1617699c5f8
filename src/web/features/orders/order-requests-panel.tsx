import { useState } from 'react';
import { canManage } from '#shared/companies/companies.rules.ts';
import { formatDate } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import {
  DeclineRequestBodySchema,
  type OrderRequest,
  type RequestChanged,
} from '#shared/orders/order-requests.schemas.ts';
import { FormError, TextAreaField, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { useDecideRequest, useOrderRequests } from './api/order-requests.ts';

const BUTTON = 'rounded-lg px-3 py-2 text-sm font-semibold ring-1 disabled:opacity-60';

/**
 * The company's orders over a buyer's limit, waiting for an owner (decision 015, step 4): every
 * member sees them; an owner approves or declines each, the buyer who placed one may withdraw it.
 * Nothing shows for a company without any.
 */
export function OrderRequestsPanel({ highlight }: { highlight?: string | null }) {
  const { data } = useOrderRequests();
  const requests = data?.requests ?? [];
  if (!requests.length) return null;
  return (
    <section
      aria-labelledby="awaiting-title"
      className="mb-6 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-300"
    >
      <h2 id="awaiting-title" className="text-lg font-bold text-amber-950">
        Awaiting approval ({requests.length})
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Orders over a buyer's order limit wait for an owner of your company. Nothing is taken from stock until
        one approves.
      </p>
      <ul className="mt-3 space-y-3">
        {requests.map((r) => (
          <RequestCard key={r.number} request={r} highlighted={r.number === highlight} />
        ))}
      </ul>
    </section>
  );
}

function RequestCard({ request: r, highlighted }: { request: OrderRequest; highlighted: boolean }) {
  const me = useSession().data?.user;
  const owner = me?.company ? canManage(me.company.role) : false;
  const [declining, setDeclining] = useState(false);
  const [changed, setChanged] = useState<RequestChanged | null>(null);
  const decide = useDecideRequest(r.number);
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const failed = (err: Error) => {
    const body = err instanceof ApiError ? (err.body as Partial<RequestChanged> | undefined) : undefined;
    if (body?.changes) return setChanged(body as RequestChanged);
    setError(err.message);
  };
  const approve = (revision?: string) =>
    decide.approve.mutate(revision, {
      onSuccess: (res) => notify({ type: 'success', message: res.message }),
      onError: failed,
    });
  const busy = decide.approve.isPending || decide.decline.isPending || decide.withdraw.isPending;
  const titleId = `request-${r.number}`;
  return (
    <li
      aria-labelledby={titleId}
      className={`rounded-xl bg-white p-4 ring-1 ${highlighted ? 'ring-2 ring-amber-600' : 'ring-gray-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-bold">
          Order {r.number} · {formatCents(r.totalCents)}
        </h3>
        <p className="text-sm text-gray-700">
          {r.placedBy.name} · {formatDate(r.createdAt)}
          {r.location ? ` · for ${r.location.name}` : ''} · limit {formatCents(r.limitCents)}
        </p>
      </div>
      <ul className="mt-2 text-sm text-gray-800">
        {r.items.map((i) => (
          <li key={i.variantId}>
            {i.quantity} × {i.productName} — {i.variantName} ({formatCents(i.lineTotalCents)})
          </li>
        ))}
      </ul>
      {changed && <Changes changed={changed} onAccept={approve} busy={busy} />}
      <FormError message={error} />
      <div className="mt-3 flex flex-wrap gap-2">
        {owner && !changed && (
          <button
            type="button"
            disabled={busy}
            onClick={() => approve()}
            className={`${BUTTON} bg-gray-900 text-white ring-gray-900 hover:bg-gray-700`}
          >
            Approve
          </button>
        )}
        {owner && (
          <button
            type="button"
            disabled={busy}
            aria-expanded={declining}
            onClick={() => setDeclining((d) => !d)}
            className={`${BUTTON} bg-white ring-gray-300 hover:bg-gray-100`}
          >
            Decline…
          </button>
        )}
        {me?.id === r.placedBy.id && (
          <button
            type="button"
            disabled={busy}
            onClick={() => decide.withdraw.mutate(undefined, { onError: failed })}
            className={`${BUTTON} bg-white ring-gray-300 hover:bg-gray-100`}
          >
            Withdraw
          </button>
        )}
      </div>
      {declining && <DeclineForm number={r.number} />}
    </li>
  );
}

/** What changed since the order was sent, line by line, and approving it as it is now. */
function Changes({
  changed,
  onAccept,
  busy,
}: {
  changed: RequestChanged;
  onAccept: (revision: string) => void;
  busy: boolean;
}) {
  return (
    <div role="alert" className="mt-3 rounded-lg bg-amber-100 p-3 text-sm text-amber-950">
      <p className="font-semibold">{changed.message}</p>
      <ul className="mt-2 space-y-1">
        {changed.changes.map((c) => (
          <li key={`${c.variantId}-${c.kind}`}>
            {c.name}: {c.before} → {c.now}
            {c.kept ? '' : ' (left out)'}
          </li>
        ))}
      </ul>
      {changed.revision && (
        <button
          type="button"
          disabled={busy}
          onClick={() => onAccept(changed.revision!)}
          className={`${BUTTON} mt-3 bg-gray-900 text-white ring-gray-900 hover:bg-gray-700`}
        >
          Approve as it is now ({formatCents(changed.totalCents)})
        </button>
      )}
    </div>
  );
}

function DeclineForm({ number }: { number: string }) {
  const form = useZodForm(DeclineRequestBodySchema, { defaultValues: { note: '' } });
  const { decline } = useDecideRequest(number);
  const notify = useNotify();
  const submit = form.handleSubmit((body) =>
    decline.mutate(body, {
      onSuccess: (res) => notify({ type: 'success', message: res.message }),
      onError: form.serverError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2">
      <TextAreaField label="Note for the buyer" rows={2} {...form.field('note')} />
      <FormError message={form.formError} />
      <button
        type="submit"
        disabled={decline.isPending}
        className={`${BUTTON} bg-red-800 text-white ring-red-800 hover:bg-red-700`}
      >
        Decline order {number}
      </button>
    </form>
  );
}
