import * as Dialog from '@radix-ui/react-dialog';
import { NewsletterBodySchema } from '#shared/store/store.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { DialogShell } from '#web/components/ui/dialog-shell.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useSubscribeNewsletter } from '#web/features/store/api/subscribe-newsletter.ts';

export default function NewsletterDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const subscribe = useSubscribeNewsletter();
  const notify = useNotify();
  const form = useZodForm(NewsletterBodySchema, { defaultValues: { email: '' } });

  const submit = form.handleSubmit((body) =>
    subscribe.mutate(body, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        onOpenChange(false);
      },
      onError: form.serverError,
    }),
  );

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Join the mailing list"
      contentClassName="fixed left-1/2 top-1/2 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6"
      headerClassName="flex items-start justify-between"
    >
      <Dialog.Description className="mt-1 text-sm text-gray-700">
        New arrivals, restocks and wholesale deals. Unsubscribe any time.
      </Dialog.Description>
      <form onSubmit={submit} noValidate className="mt-4">
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <div className="mt-3">
          <FormError message={form.formError} />
        </div>
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="mt-4 w-full rounded-lg bg-gray-900 px-4 py-2.5 font-semibold text-white hover:bg-gray-700 disabled:opacity-60"
        >
          {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </form>
    </DialogShell>
  );
}
