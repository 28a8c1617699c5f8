import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { ReturnBodySchema } from '#shared/receivables/payments.schemas.ts';
import { Button, Select, TextArea } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { consoleRead, useAdminMutation } from '#web/lib/console-api.ts';

/** The return form: the shared body, its count typed in a box. */
const ReturnFormSchema = ReturnBodySchema.extend({
  quantity: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter a whole number.')
    .transform(Number)
    .pipe(ReturnBodySchema.shape.quantity),
});

/**
 * Units of a delivered item the company sent back (decision 017): recorded with why, they are
 * credited on a credit note at once. Only the order's delivered items can be chosen.
 */
export function RecordReturn({ orderNumber }: { orderNumber: string }) {
  const order = useQuery(consoleRead(`orders/${encodeURIComponent(orderNumber)}`, 'AdminOrderSchema'));
  const delivered = (order.data?.items ?? []).filter((i) => i.status === 'delivered');
  if (!delivered.length) return null;
  return <ReturnForm orderNumber={orderNumber} items={delivered} />;
}

function ReturnForm({
  orderNumber,
  items,
}: {
  orderNumber: string;
  items: { variantId: string; productName: string; variantName: string; quantity: number }[];
}) {
  const notify = useNotify();
  const blank = { sku: items[0]!.variantId, quantity: '1', reason: '' };
  const form = useZodForm(ReturnFormSchema, { defaultValues: blank });
  const send = useAdminMutation(
    'POST',
    () => `orders/${encodeURIComponent(orderNumber)}/returns`,
    'MessageResponseSchema',
  );
  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        form.reset(blank);
      },
      onError: form.serverError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Record a return" className="mt-4 space-y-3 border-t pt-3">
      <h4 className="text-sm font-semibold">Record a return</h4>
      <FormError message={form.formError} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Select label="Item" {...form.field('sku')}>
          {items.map((i) => (
            <option key={i.variantId} value={i.variantId}>
              {optionLabel(i.productName, i.variantName)} ({i.variantId}, {i.quantity} delivered)
            </option>
          ))}
        </Select>
        <Field label="Units returned" inputMode="numeric" autoComplete="off" {...form.field('quantity')} />
        <TextArea label="Why" rows={1} {...form.field('reason')} />
      </div>
      <Button type="submit" tone="secondary" disabled={send.isPending}>
        Record return
      </Button>
    </form>
  );
}
