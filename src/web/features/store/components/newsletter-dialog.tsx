import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { NewsletterBodySchema } from '#shared/store/store.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { DialogShell } from '#web/components/ui/dialog-shell.tsx';
import { useSubscribeNewsletter } from '#web/features/store/api/subscribe-newsletter.ts';

export default function NewsletterDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribeNewsletter();
  const notify = useNotify();
  const inputId = useId();
  const errorId = useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = NewsletterBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    subscribe.mutate(parsed.data, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        onOpenChange(false);
      },
      onError: (err) => setError(err.message),
    });
  };

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
        <label htmlFor={inputId} className="text-sm font-medium">
          Email
        </label>
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 w-full rounded-lg border border-gray-400 px-3 py-2.5"
        />
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
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
