import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import {
  ORDER_CHANGE_REASON_MAX,
  OrderChangeBodySchema,
  type OrderChangePreview,
  OrderChangePreviewBodySchema,
  orderChangeMessages,
} from '#shared/orders/order-change.schemas.ts';
import type { AdminOrder } from '#shared/orders/orders-staff.schemas.ts';
import { Button, Panel, TextArea } from '#web/components/console/console-ui.tsx';
import { FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/console-api.ts';
import { useChangeOrder, usePreviewOrderChange } from './order-change-api.ts';
import { AddLine, ChangeLines, type Row, ShippingChoice, typedQuantity } from './order-change-lines.tsx';
import { ChangePreview } from './order-change-preview.tsx';
import { adminOrderQuery } from './queries.ts';

/** Why Save waits (the preview lists its own problems). */
export const SAVE_WAITS = {
  preview: 'Preview the change before saving it.',
  edited: 'The lines or shipping changed after the preview: preview again before saving.',
  problems: 'The change cannot be saved while the preview shows problems.',
} as const;

/** A preview, the inputs it was of, and whether a refused save used it up. */
interface Previewed {
  key: string;
  preview: OrderChangePreview;
  spent: boolean;
}

// Cancelled items are not part of a change: the change is the set of pending lines.
const rowsOf = (o: AdminOrder): Row[] =>
  o.items
    .filter((i) => i.status === 'pending')
    .map((i) => ({
      sku: i.variantId,
      label: optionLabel(i.productName, i.variantName),
      quantity: String(i.quantity),
      was: i.quantity,
      removed: false,
    }));
/** The lines and shipping as typed, to tell whether a preview is of them. */
const keyOf = (rows: Row[], shippingType: string) =>
  JSON.stringify([shippingType, rows.filter((r) => !r.removed).map((r) => [r.sku, r.quantity.trim()])]);

/** Why Save waits, or null when the preview shown is of the change as typed and can be saved. */
function waitOf(previewed: Previewed | null, key: string): string | null {
  if (!previewed || previewed.spent) return SAVE_WAITS.preview;
  if (previewed.key !== key) return SAVE_WAITS.edited;
  if (previewed.preview.problems.length > 0) return SAVE_WAITS.problems;
  if (previewed.preview.changes.length === 0) return orderChangeMessages.nothingChanged;
  return null;
}

/**
 * Changing a placed order before it ships (decision 016, part 4): its lines' quantities, lines
 * removed or added by SKU, pickup or delivery. The whole set of lines is previewed (the server
 * prices and judges it), then saved with a reason at the version and total the preview showed.
 */
export function OrderChange({ order, changeable }: { order: AdminOrder; changeable: boolean }) {
  const [open, setOpen] = useState(false);
  // Once open, the panel stays while the order ships under it: it says why the change was refused.
  if (open) return <ChangePanel order={order} changeable={changeable} onClose={() => setOpen(false)} />;
  if (!changeable) return null;
  return (
    <div className="mb-3">
      <Button tone="secondary" onClick={() => setOpen(true)}>
        Change order
      </Button>
    </div>
  );
}

function ChangePanel({
  order,
  changeable,
  onClose,
}: {
  order: AdminOrder;
  changeable: boolean;
  onClose: () => void;
}) {
  const [rows, setRows] = useState(() => rowsOf(order));
  const [shippingType, setShippingType] = useState(order.shippingType);
  const [version, setVersion] = useState(order.version);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const previewing = usePreviewOrderChange(order.orderNumber);
  // The order moved on (a colleague's change came first: a 409 loaded it again). The change starts
  // again from the order as it now is, as the message says; what it said stays on screen.
  if (order.version !== version) {
    setVersion(order.version);
    setRows(rowsOf(order));
    setShippingType(order.shippingType);
    setPreviewed(null);
    setRowErrors({});
  }
  const key = keyOf(rows, shippingType);
  const preview = previewed?.preview ?? null;
  const wait = changeable ? waitOf(previewed, key) : orderChangeMessages.shipped;
  // Names of lines added by SKU, once a preview has found them.
  const names = new Map(
    preview?.lines.map((l) => [l.sku.toUpperCase(), optionLabel(l.productName, l.variantName)]),
  );

  const onPreview = () => {
    setAlert(null);
    const kept = rows.filter((r) => !r.removed);
    const body = OrderChangePreviewBodySchema.safeParse({
      version: order.version,
      lines: kept.map((r) => ({ sku: r.sku, quantity: typedQuantity(r.quantity) })),
      shippingType,
    });
    if (!body.success) {
      // A line's own problem goes under its box; the set's (none left, one twice) above Preview.
      const errors: Record<string, string> = {};
      let general: string | null = null;
      for (const issue of body.error.issues) {
        const row = typeof issue.path[1] === 'number' ? kept[issue.path[1]] : undefined;
        if (row) errors[row.sku] ??= issue.message;
        else general ??= issue.message;
      }
      setRowErrors(errors);
      setAlert(general);
      return;
    }
    setRowErrors({});
    previewing.mutate(body.data, {
      onSuccess: (answer) => setPreviewed({ key, preview: answer, spent: false }),
      onError: (err) => {
        setPreviewed(null);
        setAlert(errorMessage(err));
      },
    });
  };
  const onRefused = (err: Error) => {
    setAlert(errorMessage(err));
    // Refused as stale, shipped, or priced otherwise now: only a new preview can be saved.
    if (err instanceof ApiError && err.status === 409) setPreviewed((p) => p && { ...p, spent: true });
  };

  return (
    <Panel title={`Change order ${order.orderNumber}`}>
      <p className="mb-3 text-sm text-gray-700">
        Lines that stay keep their agreed unit price; lines added take the company's price today. Preview the
        change, then save it with the reason: the buyer is emailed the revised order.
      </p>
      <div className="grid gap-4">
        <ChangeLines rows={rows} names={names} errors={rowErrors} setRows={setRows} />
        <AddLine rows={rows} setRows={setRows} />
        <ShippingChoice value={shippingType} onChange={setShippingType} />
        <div>
          <Button tone="secondary" disabled={!changeable || previewing.isPending} onClick={onPreview}>
            {previewing.isPending ? 'Previewing…' : 'Preview'}
          </Button>
        </div>
        <FormError message={alert} />
        {preview && (
          <ChangePreview
            preview={preview}
            outOfDate={wait === SAVE_WAITS.preview || wait === SAVE_WAITS.edited}
          />
        )}
        <SaveChange
          number={order.orderNumber}
          preview={preview}
          wait={wait}
          onClose={onClose}
          onRefused={onRefused}
        />
      </div>
    </Panel>
  );
}

const ReasonFormSchema = OrderChangeBodySchema.pick({ reason: true });

/**
 * The reason (the buyer reads it) and Save: sent with the preview's version, lines, shipping and
 * total, so a change that would now come out otherwise is refused (409) rather than saved unseen.
 */
function SaveChange({
  number,
  preview,
  wait,
  onClose,
  onRefused,
}: {
  number: string;
  preview: OrderChangePreview | null;
  wait: string | null;
  onClose: () => void;
  onRefused: (err: Error) => void;
}) {
  const qc = useQueryClient();
  const notify = useNotify();
  const save = useChangeOrder(number);
  const form = useZodForm(ReasonFormSchema, { defaultValues: { reason: '' } });
  const waitId = useId();
  const submit = form.handleSubmit(({ reason }) => {
    if (!preview || wait) return;
    const body = {
      version: preview.version,
      lines: preview.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
      shippingType: preview.shippingType,
      reason,
      expectedTotalCents: preview.after.totalCents,
      revision: preview.revision,
    };
    save.mutate(body, {
      onSuccess: (changed) => {
        qc.setQueryData(adminOrderQuery(number).queryKey, changed);
        notify({ type: 'success', message: orderChangeMessages.saved(number) });
        onClose();
      },
      onError: (err) =>
        err instanceof ApiError && err.field === 'reason' ? form.serverError(err) : onRefused(err),
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Save the change" className="grid gap-3">
      <TextArea
        label="Reason (the buyer sees it)"
        rows={2}
        maxLength={ORDER_CHANGE_REASON_MAX}
        {...form.field('reason')}
      />
      {wait && (
        <p id={waitId} className="text-sm font-medium text-amber-900">
          {wait}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          tone="success"
          disabled={Boolean(wait) || save.isPending}
          aria-describedby={wait ? waitId : undefined}
        >
          {save.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button tone="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
