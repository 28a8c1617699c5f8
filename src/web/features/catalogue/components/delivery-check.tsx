import { useId, useState } from 'react';
import { catalogueMessages } from '#shared/catalogue/catalogue.messages.ts';
import type { ProductQuery } from '#shared/catalogue/catalogue.schemas.ts';
import { isUsZip } from '#shared/catalogue/zip.ts';
import type { ShipCheckResponse } from '#shared/compliance/compliance.schemas.ts';
import { formatCents } from '#shared/money.ts';
import { useSession } from '#web/lib/session.ts';
import { useShipCheck } from '#web/features/catalogue/api/ship-check.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

/**
 * The delivery ZIP check (SPEC's pincode box): the ZIP's state, and whether each option may ship
 * there under the state rules — if not, why, in plain words with the rule's source. A signed-in
 * buyer sees the answer for their default address before typing anything.
 */
export function DeliveryCheck({ query }: { query: ProductQuery }) {
  const [typed, setTyped] = useState('');
  const [zip, setZip] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signedIn = Boolean(useSession().data?.user);
  const fee = useStoreInfo().data?.deliveryFeeCents;
  const inputId = useId();
  const resultId = useId();
  const check = useShipCheck(query, zip, zip !== null || signedIn);
  const message = error ?? check.error?.message ?? null;
  return (
    <form
      className="mt-6 rounded-xl bg-white p-4 ring-1 ring-gray-200"
      onSubmit={(e) => {
        e.preventDefault();
        const value = typed.trim();
        if (!isUsZip(value)) return setError(catalogueMessages.invalidZip);
        setError(null);
        setZip(value);
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
          value={typed}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
          aria-describedby={resultId}
          aria-invalid={message ? true : undefined}
          className="w-32 rounded-lg border border-gray-400 px-3 py-2"
        />
        <button
          type="submit"
          className="rounded-lg border border-gray-900 px-4 py-2 text-sm font-semibold hover:bg-gray-100"
        >
          Check
        </button>
      </div>
      <div id={resultId} role="status" className="mt-2 text-sm">
        {message ? (
          <p className="text-red-700">{message}</p>
        ) : check.data?.state ? (
          <ShipVerdict check={check.data} feeCents={fee} />
        ) : null}
      </div>
    </form>
  );
}

function ShipVerdict({ check, feeCents }: { check: ShipCheckResponse; feeCents: number | undefined }) {
  const where = `${check.stateName}${check.from === 'default_address' ? ' (your default address)' : ''}`;
  const blocked = check.options.filter((o) => o.blocks.length);
  // Options blocked for the same reasons are told once.
  const reasons = new Map<string, { names: string[]; source: string }>();
  for (const o of blocked)
    for (const b of o.blocks) {
      const entry = reasons.get(b.reason) ?? { names: [], source: b.source };
      entry.names.push(o.name);
      reasons.set(b.reason, entry);
    }
  const needs = [...new Set(check.options.flatMap((o) => o.needs.map((n) => n.reason)))];
  return (
    <div className="space-y-2">
      {blocked.length < check.options.length ? (
        <p className="text-green-800">
          {blocked.length ? 'Some options ship' : 'Ships'} to {where}
          {feeCents !== undefined &&
            `: a flat ${formatCents(feeCents)} delivery, usually in 1–2 business days`}
          . Pickup in store is free.
        </p>
      ) : (
        <p className="font-semibold text-red-700">Cannot ship to {where}.</p>
      )}
      {[...reasons].map(([reason, { names, source }]) => (
        <div key={reason} className="rounded-lg bg-red-50 p-2 text-red-900">
          <p>
            {blocked.length < check.options.length && <strong>{names.join(', ')}: </strong>}
            {reason}
          </p>
          <p className="mt-1 text-xs text-red-800">Source: {source}</p>
        </div>
      ))}
      {needs.map((n) => (
        <p key={n} className="text-gray-700">
          {n.replace('your verified', 'a verified')} Sign in to see it for your account.
        </p>
      ))}
    </div>
  );
}
