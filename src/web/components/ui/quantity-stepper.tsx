import { Minus, Plus } from 'lucide-react';

/**
 * A line's quantity with fewer and more buttons (the cart drawer's lines, a saved list's items):
 * a labelled group, each button named for the line, the count read out as an output.
 */
export function QuantityStepper({
  label,
  quantity,
  canFewer,
  canMore,
  onFewer,
  onMore,
}: {
  label: string;
  quantity: number;
  canFewer: boolean;
  canMore: boolean;
  onFewer: () => void;
  onMore: () => void;
}) {
  return (
    <div
      className="flex items-center rounded-lg ring-1 ring-gray-300"
      role="group"
      aria-label={`Quantity of ${label}`}
    >
      <button
        type="button"
        onClick={onFewer}
        disabled={!canFewer}
        aria-label={`Fewer ${label}`}
        className="flex size-8 items-center justify-center rounded-l-lg hover:bg-gray-100 disabled:text-gray-300"
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <output className="min-w-10 px-1 text-center text-sm font-semibold" aria-label={`${label} quantity`}>
        {quantity}
      </output>
      <button
        type="button"
        onClick={onMore}
        disabled={!canMore}
        aria-label={`More ${label}`}
        className="flex size-8 items-center justify-center rounded-r-lg hover:bg-gray-100 disabled:text-gray-300"
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}
