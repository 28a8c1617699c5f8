import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { Badge, Button, Loading } from '#web/components/console/console-ui.tsx';
import { DialogShell } from '#web/components/ui/dialog-shell.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { errorMessage, useAdminMutation } from '#web/lib/console-api.ts';
import { outboxMessageQuery } from '#web/features/mail/console/queries.ts';

const dialogBox =
  'fixed left-1/2 top-1/2 max-h-[90vh] w-[94vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5';

/**
 * One mail opened (decision 014, item 18): who it went to, its state and tries, and its plain text
 * as the server gives it — every token in a link already redacted there. A sent mail can be resent
 * (a copy, queued again, audited) unless it carries a one-time link: the buyer gets a new link
 * their own way, and the server refuses such a resend too.
 */
export function MailMessage({ id, onClose }: { id: number; onClose: () => void }) {
  const notify = useNotify();
  const mail = useQuery(outboxMessageQuery(id));
  const resend = useAdminMutation(
    'POST',
    () => `outbox/${id}/resend`,
    'ResendResponseSchema',
    () => ({}),
  );
  const m = mail.data;
  const textId = useId();
  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      title={m ? m.subject : `Mail #${id}`}
      contentClassName={dialogBox}
    >
      {mail.isPending ? (
        <Loading />
      ) : mail.error ? (
        <p role="alert">{mail.error.message}</p>
      ) : m ? (
        <>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">To</dt>
            <dd className="break-all">{m.to}</dd>
            <dt className="font-semibold">Status</dt>
            <dd>
              <Badge status={m.status} />
            </dd>
            <dt className="font-semibold">Queued</dt>
            <dd>{formatDateTime(m.createdAt)}</dd>
            {m.sentAt && (
              <>
                <dt className="font-semibold">Sent</dt>
                <dd>{formatDateTime(m.sentAt)}</dd>
              </>
            )}
            <dt className="font-semibold">Tries</dt>
            <dd>{m.attempts}</dd>
            {m.lastError && (
              <>
                <dt className="font-semibold">Last error</dt>
                <dd className="text-red-800">{m.lastError}</dd>
              </>
            )}
          </dl>
          <section aria-labelledby={textId}>
            <h3 id={textId} className="mt-4 text-sm font-bold">
              Text
            </h3>
            <pre className="mt-1 max-h-80 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-3 text-sm ring-1 ring-gray-200">
              {m.text}
            </pre>
          </section>
          {m.carriesToken && (
            <p className="mt-3 text-sm text-gray-800">
              This mail carries a one-time link (shown as [redacted]), which may have expired or been used, so
              it is not resent from here. Mark the email verified on the buyer's page, or ask the buyer for a
              new link: Send Link on their account, or Lost password.
            </p>
          )}
          <FormError message={resend.error ? errorMessage(resend.error) : null} />
          {!m.carriesToken && m.status === 'sent' && (
            <div className="mt-4 flex justify-end">
              <Button
                disabled={resend.isPending}
                onClick={() =>
                  window.confirm(`Send a copy of “${m.subject}” to ${m.to} again?`) &&
                  resend.mutate(undefined, {
                    onSuccess: (r) => {
                      notify({ type: 'success', message: r.message });
                      onClose();
                    },
                  })
                }
              >
                Resend
              </Button>
            </div>
          )}
        </>
      ) : null}
    </DialogShell>
  );
}
