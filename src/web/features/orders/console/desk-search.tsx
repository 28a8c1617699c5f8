import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { formatCents } from '#shared/money.ts';
import { type DeskOption, DeskLineBodySchema, deskMessages } from '#shared/orders/desk.schemas.ts';
import { Button, Loading, Panel } from '#web/components/console/console-ui.tsx';
import { Field } from '#web/components/ui/form.tsx';
import { errorMessage } from '#web/lib/console-api.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useSetDeskLine, useShowDraft } from './desk-api.ts';
import { casePackText, PRICE_SOURCE_LABELS, stockText, tiersText, verdictText } from './desk-format.ts';
import { deskSearchQuery } from './queries.ts';

/** Fewer characters than this find too much to read. */
const MIN_QUERY = 2;
const DEBOUNCE_MS = 300;

/**
 * Options found by SKU or name, each as the company's buyers would see it for the draft's location
 * and shipping: price and breaks, case pack, stock, the verdict; Add puts the typed quantity on top
 * of what the draft already holds.
 */
export function DeskSearch({ companyId }: { companyId: string }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const ready = q.length >= MIN_QUERY;
  const search = useQuery({ ...deskSearchQuery(companyId, q), enabled: ready });
  return (
    <Panel title="Add products">
      <form role="search" aria-label="Products" onSubmit={(e) => e.preventDefault()}>
        <Field
          label="Find by SKU or name"
          type="search"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          hint={`At least ${MIN_QUERY} characters.`}
        />
      </form>
      {ready &&
        (search.isPending ? (
          <Loading />
        ) : search.error ? (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {errorMessage(search.error)}
          </p>
        ) : search.data.options.length === 0 ? (
          <p className="mt-3 text-sm text-gray-800">No product option matches “{search.data.query}”.</p>
        ) : (
          <ul aria-label="Search results" className="mt-3 divide-y divide-gray-100">
            {search.data.options.map((o) => (
              <OptionRow key={o.sku} companyId={companyId} option={o} />
            ))}
          </ul>
        ))}
    </Panel>
  );
}

function OptionRow({ companyId, option: o }: { companyId: string; option: DeskOption }) {
  const label = optionLabel(o.productName, o.variantName);
  const [typed, setTyped] = useState(String(o.quantityRule.minQuantity));
  const [problem, setProblem] = useState<string | null>(null);
  const add = useSetDeskLine(companyId);
  const show = useShowDraft(companyId);
  const tiers = tiersText(o.tiers);
  const source = PRICE_SOURCE_LABELS[o.priceSource];
  const problemId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const count = /^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN;
    // Added to what the draft holds then (another tab may have changed it since this answer).
    const body = DeskLineBodySchema.safeParse({ sku: o.sku, quantity: count, adding: true });
    if (!(count >= 1) || !body.success) {
      setProblem(deskMessages.quantityRange);
      return;
    }
    setProblem(null);
    add.mutate(body.data, { onSuccess: show, onError: (err) => setProblem(errorMessage(err)) });
  };
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="min-w-0 text-sm">
        <p className="font-semibold">{label}</p>
        <p className="text-xs text-gray-700">
          <span className="font-mono">{o.sku}</span>
          {o.sellingUnit && ` · ${o.sellingUnit}`}
        </p>
        <p>
          <strong>{formatCents(o.unitPriceCents)}</strong>
          {source && <span className="text-gray-700"> ({source})</span>}
          {tiers && <span className="text-gray-700"> · {tiers}</span>}
        </p>
        <p className="text-gray-800">
          {casePackText(o.quantityRule)} · {stockText(o.stock)}
          {o.inDraft > 0 && ` · ${o.inDraft} in the draft`}
        </p>
        <p className={o.blocks.length ? 'font-medium text-red-800' : 'text-emerald-800'}>
          {verdictText(o.blocks)}
        </p>
      </div>
      <form onSubmit={submit} aria-label={`Add ${label}`} className="flex items-end gap-2">
        <Field
          label="Quantity"
          aria-label={`Quantity of ${label}`}
          inputMode="numeric"
          autoComplete="off"
          className="w-24"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        <Button type="submit" tone="secondary" disabled={add.isPending} aria-label={`Add ${label}`}>
          Add
        </Button>
      </form>
      {problem && (
        <p id={problemId} role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
    </li>
  );
}
