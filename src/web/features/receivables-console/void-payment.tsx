import { useEffect, useId, useRef, useState } from 'react';
import { VoidPaymentBodySchema } from '#shared/receivables/payments.schemas.ts';
import { Button, TextArea } from '#web/components/console/console-ui.tsx';
import { FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';

/**
 * Void a payment: the button opens a small confirmation asking why (the reason is kept with the
 * void); its applications come off the invoices they paid.
 */
export function VoidPayment({ number }: { number: string }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const closed = useRef(false);
  // Kept after all: the cursor goes back to the Void button it came from.
  useEffect(() => {
    if (!open && closed.current) box.current?.querySelector('button')?.focus();
  }, [open]);
  const close = () => {
    closed.current = true;
    setOpen(false);
  };
  return (
    <div ref={box}>
      {open ? (
        <VoidForm number={number} onClose={close} />
      ) : (
        <Button tone="danger" onClick={() => setOpen(true)} aria-label={`Void ${number}`}>
          Void
        </Button>
      )}
    </div>
  );
}

function VoidForm({ number, onClose }: { number: string; onClose: () => void }) {
  const notify = useNotify();
  const titleId = useId();
  const form = useZodForm(VoidPaymentBodySchema, { defaultValues: { reason: '' } });
  const send = useAdminMutation(
    'POST',
    () => `payments/${encodeURIComponent(number)}/void`,
    'MessageResponseSchema',
  );
  // Opening the confirmation puts the cursor in its reason box.
  const { setFocus } = form;
  useEffect(() => setFocus('reason'), [setFocus]);
  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: (res) => notify({ type: 'success', message: res.message }),
      onError: form.serverError,
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="min-w-56 space-y-2 text-left"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <p id={titleId} className="text-sm font-semibold">
        Void {number}?
      </p>
      <TextArea label="Why" rows={2} {...form.field('reason')} />
      <FormError message={form.formError} />
      <span className="flex flex-wrap gap-2">
        <Button type="submit" tone="danger" disabled={send.isPending}>
          Void payment
        </Button>
        <Button tone="secondary" onClick={onClose}>
          Keep it
        </Button>
      </span>
    </form>
  );
}
