import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation } from '#web/lib/console-api.ts';
import { Badge, Button, DataTable, Loading, PageTitle } from '#web/components/console/console-ui.tsx';
import { TabLinks } from '#web/components/console/tab-links.tsx';
import { MailMessage } from '#web/features/mail/console/mail-message.tsx';
import { outboxQuery } from '#web/features/mail/console/queries.ts';

const STATUSES = ['', 'pending', 'sent', 'failed'] as const;

/**
 * The outbox: sent, waiting and failed mail with its tries, last error and, while it waits, when it
 * is tried next (the back-off grows to 15 minutes while the mail server is down); a failed one can be
 * retried. A mail opens (`?open=<id>`, so the audit log can link one) to show its text, tokens in
 * links redacted, and to be resent.
 */
export function MailPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const open = Number(params.get('open')) || null;
  const openTo = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('open');
    else next.set('open', String(id));
    return next;
  };
  const notify = useNotify();
  const list = useQuery(outboxQuery(status, 100));
  const retry = useAdminMutation(
    'POST',
    (id: number) => `outbox/${id}/retry`,
    'MessageResponseSchema',
    () => ({}),
  );
  return (
    <>
      <PageTitle>Mail</PageTitle>
      <TabLinks
        label="Mail status"
        current={status}
        tabs={STATUSES.map((s) => ({
          value: s,
          label: s ? s[0]!.toUpperCase() + s.slice(1) : 'All',
          to: s ? `?status=${s}` : '?',
        }))}
      />
      <FormError message={retry.error ? errorMessage(retry.error) : null} />
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <p role="alert">{list.error.message}</p>
      ) : list.data.mails.length === 0 ? (
        <p className="text-gray-800">No mail here.</p>
      ) : (
        <DataTable
          caption="Mail"
          head={['Created', 'To', 'Subject', 'Status', 'Tries', 'Last error', 'Next try', '']}
        >
          {list.data.mails.map((m) => (
            <tr key={m.id}>
              <td className="px-3 py-2">{formatDateTime(m.createdAt)}</td>
              <td className="px-3 py-2 break-all">{m.to}</td>
              <td className="px-3 py-2">
                <Link
                  to={`?${openTo(m.id)}`}
                  className="font-semibold underline"
                  aria-label={`Open the mail “${m.subject}” to ${m.to}`}
                >
                  {m.subject}
                </Link>
              </td>
              <td className="px-3 py-2">
                <Badge status={m.status} />
              </td>
              <td className="px-3 py-2">{m.attempts}</td>
              <td className="px-3 py-2 text-xs text-red-800">{m.lastError ?? ''}</td>
              <td className="px-3 py-2">{m.status === 'pending' ? formatDateTime(m.nextAttemptAt) : ''}</td>
              <td className="px-3 py-2">
                {m.status === 'failed' && (
                  <Button
                    tone="secondary"
                    disabled={retry.isPending}
                    onClick={() =>
                      retry.mutate(m.id, {
                        onSuccess: (r) => notify({ type: 'success', message: r.message }),
                      })
                    }
                  >
                    Retry
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {open !== null && <MailMessage key={open} id={open} onClose={() => setParams(openTo(null))} />}
    </>
  );
}
