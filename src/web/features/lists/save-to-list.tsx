import { ListPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ListItemsBody } from '#shared/lists/lists.schemas.ts';

const SaveToListDialog = lazy(() => import('./save-to-list-dialog.tsx'));

/**
 * "Save to list": `items()` gives what to save when pressed (the product page's chosen counts,
 * the cart's lines, an order's items); null says why nothing can be saved yet.
 */
export function SaveToList({
  items,
  label = 'Save to list',
  className = 'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-gray-300 hover:bg-gray-100',
  onNothing,
}: {
  items: () => ListItemsBody['items'];
  label?: string;
  className?: string;
  /** Called instead of opening when `items()` is empty. */
  onNothing?: () => void;
}) {
  const [open, setOpen] = useState<ListItemsBody['items'] | null>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          const chosen = items();
          if (chosen.length) setOpen(chosen);
          else onNothing?.();
        }}
      >
        <ListPlus className="size-4" aria-hidden />
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveToListDialog items={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
