import { useId, useState } from 'react';
import { FLAT_DELIVERY_CENTS, isUsZip } from '#shared/catalogue/zip.ts';
import { messages } from '#shared/messages.ts';
import { formatCents } from '#shared/money.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** The delivery ZIP check: validates a 5-digit US ZIP and states the flat delivery rate. */
export function DeliveryCheck() {
  const [zip, setZip] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const fee = useStoreInfo().data?.deliveryFeeCents ?? FLAT_DELIVERY_CENTS;
  const inputId = useId();
  const resultId = useId();
  return (
    <form
      className="mt-6 rounded-xl bg-white p-4 ring-1 ring-gray-200"
      onSubmit={(e) => {
        e.preventDefault();
        const value = zip.trim();
        setResult(
          isUsZip(value)
            ? {
                ok: true,
                text: `We deliver to ${value}: a flat ${formatCents(fee)} on every order, usually in 1–2 business days. Pickup in store is free.`,
              }
            : { ok: false, text: messages.invalidZip },
        );
      }}
    >
      <label htmlFor={inputId} className="text-sm font-bold">
        Check delivery
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="ZIP code"
          value={zip}
          onChange={(e) => setZip(e.target.value.replace(/\D/g, ''))}
          aria-describedby={result ? resultId : undefined}
          aria-invalid={result && !result.ok ? true : undefined}
          className="w-32 rounded-lg border border-gray-400 px-3 py-2"
        />
        <button
          type="submit"
          className="rounded-lg border border-gray-900 px-4 py-2 text-sm font-semibold hover:bg-gray-100"
        >
          Check
        </button>
      </div>
      {result && (
        <p
          id={resultId}
          role="status"
          className={`mt-2 text-sm ${result.ok ? 'text-green-800' : 'text-red-700'}`}
        >
          {result.text}
        </p>
      )}
    </form>
  );
}
