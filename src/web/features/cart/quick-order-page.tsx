import { useState } from 'react';
import { QUICK_ORDER_MAX_LINES } from '#shared/cart/quick-order.ts';
import {
  type QuickOrderCheck,
  QuickOrderFormSchema,
  type QuickOrderLine,
} from '#shared/cart/quick-order.schemas.ts';
import { formatCents } from '#shared/money.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { SignedInPage } from '#web/components/layout/signed-in-page.tsx';
import { FormError, TextAreaField, useZodForm } from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useAddQuickOrder, useCheckQuickOrder, useSkuExample } from '#web/lib/cart/quick-order.ts';
import { setCartDrawerOpen } from '#web/lib/cart/cart-drawer-state.ts';
import { QuickOrderLines } from '#web/components/catalogue/quick-order-lines.tsx';

const BUTTON = 'rounded-lg px-4 py-2.5 text-sm font-bold disabled:opacity-60';

/** /quick-order: lines of SKU and quantity, typed, pasted or from a CSV file; checked, then added at once. */
export function QuickOrderPage() {
  return (
    <SignedInPage>
      <QuickOrder />
    </SignedInPage>
  );
}

function QuickOrder() {
  const form = useZodForm(QuickOrderFormSchema, { defaultValues: { text: '' } });
  const check = useCheckQuickOrder();
  const add = useAddQuickOrder();
  const notify = useNotify();
  const [checked, setChecked] = useState<QuickOrderCheck | null>(null);
  const [notAdded, setNotAdded] = useState<QuickOrderLine[] | null>(null);
  const example = useSkuExample().data?.example;
  const text = form.register('text', {
    // Results are for the text they judged: an edit asks for a new check.
    onChange: () => {
      setChecked(null);
      setNotAdded(null);
    },
  });

  const onCheck = form.handleSubmit((body) =>
    check.mutate(body, {
      onSuccess: (result) => {
        setChecked(result);
        setNotAdded(null);
      },
      onError: form.serverError,
    }),
  );
  const onAdd = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (result) => {
        notify({ type: result.addedCount ? 'success' : 'error', message: result.message });
        setChecked(null);
        setNotAdded(result.notAdded);
        if (result.addedCount) form.reset({ text: linesToFix(result.notAdded, body.text) });
      },
      onError: form.serverError,
    }),
  );
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    form.setValue('text', await file.text(), { shouldValidate: false });
    setNotAdded(null);
    await onCheck();
  };

  return (
    <div className="mx-auto max-w-4xl px-3 py-6 sm:px-4">
      <PageTitle>Quick order</PageTitle>
      <h1 className="text-2xl font-extrabold tracking-tight">Quick order</h1>
      <p className="mt-1 text-sm text-gray-700">
        One item per line: its SKU, then the quantity
        {example && (
          <>
            {' '}
            (for example <code className="font-mono">{`${example.sku} ${example.quantity}`}</code>)
          </>
        )}
        . Each option's SKU is on its product page. Paste from a spreadsheet or upload a CSV file of SKU and
        quantity columns; up to {QUICK_ORDER_MAX_LINES} lines.
      </p>
      <form onSubmit={onCheck} noValidate className="mt-4 space-y-3">
        <TextAreaField
          label="Items (SKU and quantity)"
          rows={10}
          spellCheck={false}
          autoCapitalize="off"
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
          {...text}
          error={form.formState.errors.text?.message}
        />
        <label className="block text-sm font-semibold">
          Or upload a CSV file
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        <FormError message={form.formError} />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={check.isPending}
            className={`${BUTTON} bg-gray-900 text-white hover:bg-gray-700`}
          >
            {check.isPending ? 'Checking…' : 'Check items'}
          </button>
          {checked && checked.okCount > 0 && (
            <button
              type="button"
              onClick={() => void onAdd()}
              disabled={add.isPending}
              className={`${BUTTON} bg-amber-400 text-gray-900 hover:bg-amber-300`}
            >
              {add.isPending
                ? 'Adding…'
                : `Add ${checked.okCount} ready item${checked.okCount === 1 ? '' : 's'} to cart`}
            </button>
          )}
        </div>
      </form>
      {checked && <CheckSummary checked={checked} />}
      {notAdded && <AddedSummary notAdded={notAdded} />}
    </div>
  );
}

/** What the check found: how many are ready and their total, the ship-to, then each line. */
function CheckSummary({ checked }: { checked: QuickOrderCheck }) {
  return (
    <>
      <p role="status" className="mt-6 text-base font-semibold">
        {checked.message} Ready items total {formatCents(checked.totalCents)}.
        <span className="block text-sm font-normal text-gray-700">
          {checked.shipTo
            ? `Checked for delivery to ${checked.shipTo.stateName}, your default address.`
            : 'Add an address to your account to check what can ship to it; checkout checks it too.'}
        </span>
      </p>
      <QuickOrderLines title="Checked items" lines={checked.lines} />
    </>
  );
}

function AddedSummary({ notAdded }: { notAdded: QuickOrderLine[] }) {
  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={() => setCartDrawerOpen(true)}
        className={`${BUTTON} bg-white ring-1 ring-gray-300 hover:bg-gray-100`}
      >
        Open cart
      </button>
      {notAdded.length > 0 && <QuickOrderLines title="Not added" lines={notAdded} />}
    </div>
  );
}

/** After adding, the text keeps only the lines still to fix, so the buyer can correct them. */
function linesToFix(notAdded: QuickOrderLine[], text: string): string {
  const keep = new Set(notAdded.flatMap((l) => l.lines));
  return text
    .split(/\r\n|\r|\n/)
    .filter((_, i) => keep.has(i + 1))
    .join('\n');
}
