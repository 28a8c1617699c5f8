import { useMutation } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Viewing } from '#shared/accounts/view-as.schemas.ts';
import { apiSend, apiUrl } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

/** A moment within the half hour a view lasts: "4:05 PM", in the viewer's own time zone. */
const formatTime = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { timeStyle: 'short' });

/** Whether `endsAt` has passed; turns true by itself when it does. */
function useEnded(endsAt: string | undefined): boolean {
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    setEnded(false);
    if (!endsAt) return;
    const left = new Date(endsAt).getTime() - Date.now();
    if (left <= 0) {
      setEnded(true);
      return;
    }
    // setTimeout's longest wait; a view lasts half an hour, so this only guards a bad clock.
    const timer = setTimeout(() => setEnded(true), Math.min(left, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [endsAt]);
  return ended;
}

/**
 * Staff viewing the store as a buyer (decision 016, part 5): on every storefront page, whose store
 * this is, that it is read only, until when, and the way back to the company's console page.
 * Once the view has ended (its half hour over, or stopped in another tab: the session then answers
 * no `viewing`) the banner stays, saying so, since the page may still show the member's answers.
 */
export function ViewAsBanner() {
  const current = useSession().data?.viewing ?? null;
  const [last, setLast] = useState<Viewing | null>(current);
  if (current && current !== last) setLast(current);
  const viewing = current ?? last;
  const timedOut = useEnded(viewing?.endsAt);
  const stop = useMutation({
    mutationFn: () => apiSend('DELETE', apiUrl('admin/view-as'), undefined, 'MessageResponseSchema'),
  });
  if (!viewing) return null;
  const ended = timedOut || !current;
  // A full navigation: every answer cached on this page is the member's.
  const back = () =>
    stop.mutate(undefined, {
      onSuccess: () => window.location.assign(`/admin/companies/${encodeURIComponent(viewing.companyId)}`),
    });
  return (
    <section
      aria-label="Viewing as a buyer"
      className="border-b-4 border-amber-400 bg-indigo-950 px-3 py-1.5 text-white sm:py-2"
    >
      {/* Compact on a phone: it stays at the top of every page, above the header. */}
      <div className="mx-auto flex max-w-7xl items-center gap-x-3 gap-y-1 sm:gap-x-4">
        <Eye aria-hidden className="size-5 shrink-0 text-amber-300 max-sm:hidden" />
        <p className="min-w-0 flex-1 break-words text-xs leading-tight sm:text-sm sm:leading-snug">
          <span className="font-bold">
            Viewing as {viewing.memberName} of {viewing.businessName} — read only
          </span>
          <span className="ml-1.5 whitespace-nowrap text-xs text-indigo-100 sm:ml-2">
            {ended ? `Ended at ${formatTime(viewing.endsAt)}` : `Until ${formatTime(viewing.endsAt)}`}
          </span>
        </p>
        <button
          type="button"
          onClick={back}
          disabled={stop.isPending}
          className="inline-flex min-h-9 shrink-0 items-center whitespace-nowrap rounded-lg bg-amber-300 px-3 py-1.5 text-xs font-bold text-gray-950 hover:bg-amber-200 sm:min-h-10 sm:px-3.5 sm:py-2 sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:opacity-70"
        >
          Stop viewing
        </button>
      </div>
      {stop.error && (
        <p role="alert" className="mx-auto mt-1 max-w-7xl text-sm font-semibold text-amber-200">
          {stop.error.message}
        </p>
      )}
    </section>
  );
}
