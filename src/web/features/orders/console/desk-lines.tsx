import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { formatCents } from '#shared/money.ts';
import { type DeskLine, DeskLineBodySchema, deskMessages } from '#shared/orders/desk.schemas.ts';
import { Button, DataTable, Panel } from '#web/components/console/console-ui.tsx';
import { errorMessage } from '#web/lib/console-api.ts';
import { useSetDeskLine, useShowDraft } from './desk-api.ts';
import { casePackText } from './desk-format.ts';
import { DeskPriceForm, DeskUnitPrice } from './desk-price.tsx';

const HEAD = ['Item', 'SKU', 'Unit price', 'Quantity', 'Line total', 'Excise', 'Stock'];

/** The draft's lines as the company's buyers would see them in their cart, each with its problem. */
export function DeskLines({ companyId, lines }: { companyId: string; lines: DeskLine[] }) {
  return (
    <Panel title={`Lines (${lines.length})`}>
      {lines.length === 0 ? (
        <p className="text-sm text-gray-800">No lines yet: find products above, or paste lines.</p>
      ) : (
        <DataTable caption="Lines of the order" head={HEAD}>
          {lines.map((l) => (
            <LineRow key={l.variantId} companyId={companyId} line={l} />
          ))}
        </DataTable>
      )}
    </Panel>
  );
}

/** A line, and under it its negotiate form while open (focus goes back to the control that opened it). */
function LineRow({ companyId, line: l }: { companyId: string; line: DeskLine }) {
  const label = optionLabel(l.productName, l.variantName);
  const [negotiating, setNegotiating] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const close = () => {
    setNegotiating(false);
    toggle.current?.focus();
  };
  return (
    <>
      <tr className={l.problem ? 'bg-red-50/60' : undefined}>
        <td className="px-3 py-2">
          <span className="font-semibold">{label}</span>
          {l.sellingUnit && <span className="block text-xs text-gray-700">{l.sellingUnit}</span>}
          {l.problem && (
            <span className="mt-1 flex items-start gap-1 rounded-md bg-red-100 px-2 py-1 text-left text-xs font-medium text-red-900 ring-1 ring-red-200">
              <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
              {l.problem}
            </span>
          )}
        </td>
        <td className="px-3 py-2 font-mono text-xs">{l.variantId}</td>
        <td className="px-3 py-2">
          <DeskUnitPrice
            line={l}
            label={label}
            open={negotiating}
            formId={formId}
            onToggle={() => (negotiating ? close() : setNegotiating(true))}
            toggleRef={toggle}
          />
        </td>
        <td className="px-3 py-2">
          <LineQuantity companyId={companyId} line={l} label={label} />
        </td>
        <td className="px-3 py-2">{formatCents(l.lineTotalCents)}</td>
        <td className="px-3 py-2">{formatCents(l.exciseCents)}</td>
        <td className="px-3 py-2">{l.stock}</td>
      </tr>
      {negotiating && (
        <tr>
          <td colSpan={HEAD.length} className="bg-gray-50 px-3 py-3">
            <DeskPriceForm companyId={companyId} line={l} label={label} id={formId} onClose={close} />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * The line's quantity, sent when the box is left or Enter is pressed (not at each keystroke), and
 * Remove (quantity 0). The case pack is written under it.
 */
function LineQuantity({ companyId, line, label }: { companyId: string; line: DeskLine; label: string }) {
  const [typed, setTyped] = useState(String(line.quantity));
  const [shown, setShown] = useState(line.quantity);
  const [problem, setProblem] = useState<string | null>(null);
  const set = useSetDeskLine(companyId);
  const show = useShowDraft(companyId);
  // The draft moved on (a paste, an Add from the search, another tab): the box follows it.
  if (line.quantity !== shown) {
    setShown(line.quantity);
    setTyped(String(line.quantity));
  }
  const send = (quantity: number) =>
    set.mutate(
      { sku: line.variantId, quantity },
      { onSuccess: show, onError: (err) => setProblem(errorMessage(err)) },
    );
  const commit = (e?: FormEvent) => {
    e?.preventDefault();
    const quantity = /^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN;
    if (quantity === line.quantity) return;
    if (!DeskLineBodySchema.safeParse({ sku: line.variantId, quantity }).success) {
      setProblem(deskMessages.quantityRange);
      return;
    }
    setProblem(null);
    send(quantity);
  };
  const problemId = useId();
  // A line no longer sold can only be removed (its "SKU" is the option's old id).
  const gone = line.variantId.startsWith('#');
  return (
    <form onSubmit={commit} className="inline-block text-left">
      <span className="flex items-center justify-end gap-2">
        <input
          aria-label={`Quantity of ${label}`}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={() => commit()}
          disabled={gone}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="w-20 rounded-lg border border-gray-400 px-2 py-2 aria-[invalid=true]:border-red-700"
        />
        {/* Pressing Remove must not first leave the box (which would send its quantity and disable Remove). */}
        <Button
          tone="danger"
          aria-label={`Remove ${label}`}
          disabled={set.isPending}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => send(0)}
        >
          Remove
        </Button>
      </span>
      <span className="mt-1 block text-xs text-gray-700">{casePackText(line.quantityRule)}</span>
      {problem && (
        <span id={problemId} role="alert" className="mt-1 block text-xs font-medium text-red-700">
          {problem}
        </span>
      )}
    </form>
  );
}
