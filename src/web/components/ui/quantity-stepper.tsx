import { useEffect, useState } from 'react';
import { Minus, Plus } from 'lucide-react';

/**
 * A line's quantity with fewer and more buttons (the cart drawer's lines, a saved list's items):
 * a labelled group, each button named for the line, the count read out as an output — or, given
 * `onType`, a field the buyer types a quantity into (sent on Enter or on leaving the field; an
 * empty, zero or non-number entry puts the quantity back).
 */
export function QuantityStepper({
  label,
  quantity,
  canFewer,
  canMore,
  onFewer,
  onMore,
  onType,
  typeDisabled = false,
}: {
  label: string;
  quantity: number;
  canFewer: boolean;
  canMore: boolean;
  onFewer: () => void;
  onMore: () => void;
  onType?: (quantity: number) => void;
  typeDisabled?: boolean;
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
      {onType ? (
        <TypedQuantity label={label} quantity={quantity} disabled={typeDisabled} onType={onType} />
      ) : (
        <output className="min-w-10 px-1 text-center text-sm font-semibold" aria-label={`${label} quantity`}>
          {quantity}
        </output>
      )}
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

function TypedQuantity({
  label,
  quantity,
  disabled,
  onType,
}: {
  label: string;
  quantity: number;
  disabled: boolean;
  onType: (quantity: number) => void;
}) {
  const [text, setText] = useState(String(quantity));
  // A new quantity from the server (a step, a change elsewhere) replaces what the field shows.
  useEffect(() => setText(String(quantity)), [quantity]);
  const commit = () => {
    const typed = /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : 0;
    // The field shows the line's quantity again at once; the new one arrives with the cart (a
    // number rounded back to it, refused, or not fitting would otherwise stay on screen).
    setText(String(quantity));
    if (typed >= 1 && typed !== quantity) onType(typed);
  };
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      // Read-only, not disabled, while a change is saved: a disabled field would drop the focus.
      readOnly={disabled}
      aria-busy={disabled || undefined}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape') setText(String(quantity));
      }}
      aria-label={`${label} quantity`}
      className="h-8 w-12 border-x border-gray-300 text-center text-sm font-semibold focus:outline-2 focus:outline-blue-600 read-only:bg-gray-50"
    />
  );
}
