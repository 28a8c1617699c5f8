import { Bell, BellRing } from 'lucide-react';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useAlerts, useNotifyMe } from './api/alerts.ts';

/** "Notify me" on an out-of-stock option: one email when it is back; says so once asked. */
export function NotifyMe({ sku, name }: { sku: string; name: string }) {
  const alerts = useAlerts();
  const notifyMe = useNotifyMe();
  const notify = useNotify();
  const waiting = alerts.data?.alerts.some((a) => a.variantId === sku);
  if (waiting)
    return (
      <p className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-emerald-800">
        <BellRing className="size-3.5" aria-hidden />
        We will email you when it is back
      </p>
    );
  return (
    <button
      type="button"
      disabled={notifyMe.isPending || alerts.isPending}
      onClick={() =>
        notifyMe.mutate(sku, {
          onSuccess: (res) => notify({ type: 'success', message: res.message }),
          onError: (err) => notify({ type: 'error', message: err.message }),
        })
      }
      aria-label={`Notify me when ${name} is back in stock`}
      className="mt-1 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-blue-800 ring-1 ring-blue-200 hover:bg-blue-50 disabled:opacity-60"
    >
      <Bell className="size-3.5" aria-hidden />
      Notify me
    </button>
  );
}
