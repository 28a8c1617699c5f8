import { type Ref, useEffect } from 'react';
import { centsToAmount, formatCents } from '#shared/money.ts';
import type { DeskLine } from '#shared/orders/desk.schemas.ts';
import { DeskPriceFormSchema, QUOTE_REASON_MAX, quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { Button } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useSetDeskPrice, useShowDraft } from './desk-api.ts';
import { PRICE_SOURCE_LABELS, tiersText } from './desk-format.ts';

/*
 * A line's negotiated price at the desk (decision 016, part 3): a unit price other than the
 * company's, with its reason, never below the minimum staff set for the option. Such a line is
 * offered to the buyer as a quote, not placed.
 */

/** The company's own unit price for the line, negotiated or not. */
const companyPrice = (l: DeskLine) => l.negotiated?.listUnitPriceCents ?? l.unitPriceCents;

/**
 * The unit price cell: the price (negotiated: with the company's and the reason; else where it
 * comes from and its breaks), the lowest price staff set, and the control opening the form.
 */
export function DeskUnitPrice({
  line: l,
  label,
  open,
  formId,
  onToggle,
  toggleRef,
}: {
  line: DeskLine;
  label: string;
  open: boolean;
  formId: string;
  onToggle: () => void;
  toggleRef: Ref<HTMLButtonElement>;
}) {
  const source = PRICE_SOURCE_LABELS[l.priceSource];
  const tiers = tiersText(l.tiers);
  // A line no longer sold can only be removed (its "SKU" is the option's old id).
  const gone = l.variantId.startsWith('#');
  return (
    <>
      <span className={l.negotiated ? 'font-semibold' : undefined}>{formatCents(l.unitPriceCents)}</span>
      {l.negotiated ? (
        <>
          <span className="ml-1 inline-block rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
            negotiated
          </span>
          <span className="block text-xs text-gray-700">
            Company price <s>{formatCents(l.negotiated.listUnitPriceCents)}</s>
          </span>
          <span className="block text-xs break-words text-gray-700">Reason: {l.negotiated.reason}</span>
        </>
      ) : (
        <>
          {source && <span className="block text-xs text-gray-700">{source}</span>}
          {tiers && <span className="block text-xs text-gray-700">{tiers}</span>}
        </>
      )}
      {l.minPriceCents !== null && (
        <span className="block text-xs text-gray-700">Lowest {formatCents(l.minPriceCents)}</span>
      )}
      {!gone && (
        <button
          ref={toggleRef}
          type="button"
          aria-label={`Negotiate price of ${label}`}
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={onToggle}
          className="mt-1 inline-flex min-h-10 items-center text-xs font-semibold text-gray-900 underline"
        >
          Negotiate price
        </button>
      )}
    </>
  );
}

/**
 * The negotiate form, under its line: the unit price in dollars (empty: back to the company's
 * price) and the reason. Checked by the shared schema, so the page and the server say the same;
 * a refusal naming a box (below the minimum, on the price) is shown on it. Escape closes it.
 */
export function DeskPriceForm({
  companyId,
  line,
  label,
  id,
  onClose,
}: {
  companyId: string;
  line: DeskLine;
  label: string;
  id: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const show = useShowDraft(companyId);
  const save = useSetDeskPrice(companyId);
  const form = useZodForm(DeskPriceFormSchema, {
    defaultValues: {
      sku: line.variantId,
      unitPriceCents: line.negotiated ? centsToAmount(line.unitPriceCents) : '',
      reason: line.negotiated?.reason ?? '',
    },
  });
  const { setFocus } = form;
  useEffect(() => setFocus('unitPriceCents'), [setFocus]);
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (draft) => {
        show(draft);
        notify({
          type: 'success',
          message: body.unitPriceCents === null ? quoteMessages.priceCleared : quoteMessages.priceSet,
        });
        onClose();
      },
      onError: form.serverError,
    }),
  );
  const lowest = line.minPriceCents === null ? '' : ` Lowest: ${formatCents(line.minPriceCents)}.`;
  return (
    <form
      id={id}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      noValidate
      aria-label={`Negotiate the price of ${label}`}
      className="grid gap-3 text-left sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:items-start"
    >
      <Field
        label="Unit price in dollars"
        inputMode="decimal"
        autoComplete="off"
        placeholder={centsToAmount(companyPrice(line))}
        hint={`Empty: the company's price, ${formatCents(companyPrice(line))}.${lowest}`}
        {...form.field('unitPriceCents')}
      />
      <Field
        label="Reason"
        autoComplete="off"
        maxLength={QUOTE_REASON_MAX}
        hint="Required with a price. Staff only: the buyer sees the price, not the reason."
        {...form.field('reason')}
      />
      <div className="grid gap-2 sm:col-span-2">
        <FormError message={form.formError} />
        <span className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save price'}
          </Button>
          <Button tone="secondary" onClick={onClose}>
            Cancel
          </Button>
        </span>
      </div>
    </form>
  );
}
