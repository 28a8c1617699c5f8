import { BellRing, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { formatDate } from '#shared/dates.ts';
import { productHref } from '#web/components/catalogue/links.ts';
import { SignedInPage } from '#web/components/layout/signed-in-page.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useAlerts, useRemoveAlert } from './api/alerts.ts';

/** /alerts: the options I asked to hear about when back in stock, each removable. */
export function AlertsPage() {
  return (
    <SignedInPage>
      <Alerts />
    </SignedInPage>
  );
}

function Alerts() {
  const alerts = useAlerts();
  const remove = useRemoveAlert();
  const notify = useNotify();
  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4">
      <PageTitle>Stock alerts</PageTitle>
      <h1 className="text-2xl font-extrabold tracking-tight">Stock alerts</h1>
      <p className="mt-1 text-sm text-gray-700">
        We email you once when one of these is back in stock, then the alert ends. Ask for one with Notify me
        on an out-of-stock option.
      </p>
      {alerts.isPending ? (
        <p className="mt-6 text-gray-700">Loading your alerts…</p>
      ) : !alerts.data?.alerts.length ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-center text-gray-700 ring-1 ring-gray-200">
          You have no stock alerts.
        </p>
      ) : (
        <ul
          className="mt-6 divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200"
          aria-label="Your alerts"
        >
          {alerts.data.alerts.map((a) => {
            const label = optionLabel(a.productName, a.variantName);
            return (
              <li key={a.variantId} className="flex items-center gap-3 px-4 py-3">
                <BellRing className="size-5 shrink-0 text-gray-600" aria-hidden />
                <div className="min-w-0 flex-1">
                  {a.product ? (
                    <Link to={productHref(a.product)} className="font-semibold text-blue-800 hover:underline">
                      {label}
                    </Link>
                  ) : (
                    <span className="font-semibold">{label}</span>
                  )}
                  <p className="text-xs text-gray-600">Asked {formatDate(a.createdAt)}</p>
                </div>
                <button
                  type="button"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(a.variantId, {
                      onSuccess: (res) => notify({ type: 'success', message: res.message }),
                      onError: (err) => notify({ type: 'error', message: err.message }),
                    })
                  }
                  aria-label={`Remove the alert for ${label}`}
                  className="rounded-lg p-2 text-red-800 hover:bg-red-50"
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
