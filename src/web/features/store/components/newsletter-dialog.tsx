import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { NewsletterBodySchema } from '#shared/store/store.schemas.ts';
import { useNotify } from '../../../app/notifications.tsx';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter.ts';

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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-gray-900 shadow-2xl">
          <div className="flex items-start justify-between">
            <Dialog.Title className="text-lg font-bold">Join the mailing list</Dialog.Title>
            <Dialog.Close className="rounded p-1 hover:bg-gray-100" aria-label="Close">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
