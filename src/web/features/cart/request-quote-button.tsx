import { lazy, Suspense, useRef, useState } from 'react';
import { useMayOrder, useSession } from '#web/lib/session.ts';

// The form (and the schema it checks with) loads when first opened.
const RequestQuoteForm = lazy(() => import('./request-quote-form.tsx'));

/**
 * The cart's "Request a quote" (decision 016, part 3): for a company's members who may order, as
 * Check out is; it opens a small form with a note, and the cart stays as it is.
 */
export function RequestQuoteButton() {
  const company = useSession().data?.user?.company;
  const mayOrder = useMayOrder();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  if (!company || !mayOrder) return null;
  return (
    <div className="mt-2">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="w-full rounded-lg bg-white px-4 py-2.5 font-semibold text-gray-900 ring-1 ring-gray-400 hover:bg-gray-100"
      >
        Request a quote
      </button>
      {open && (
        <Suspense fallback={<p className="mt-2 text-sm text-gray-700">Loading…</p>}>
          <RequestQuoteForm
            onCancel={() => {
              setOpen(false);
              toggle.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
