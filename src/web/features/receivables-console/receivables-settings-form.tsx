import { useQuery } from '@tanstack/react-query';
import { receivablesMessages } from '#shared/receivables/receivables.messages.ts';
import {
  type ReceivablesSettings,
  ReceivablesSettingsSchema,
} from '#shared/receivables/receivables-settings.schemas.ts';
import { PAYMENT_TERMS, TERMS } from '#shared/receivables/terms.ts';
import { Button, Loading, Panel, Select } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { receivablesSettingsQuery } from './queries.ts';

/** Time zones a US distributor is likely in, offered as the box is typed in (any IANA name is taken). */
const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

/** The store's receivables settings (decision 017): when invoices are issued, default terms, time zone, hold. */
export function ReceivablesSettingsPanel() {
  const settings = useQuery(receivablesSettingsQuery());
  return (
    <Panel title="Receivables settings">
      {settings.isPending ? (
        <Loading />
      ) : settings.error ? (
        <p role="alert">{settings.error.message}</p>
      ) : (
        <ReceivablesSettingsForm initial={settings.data} />
      )}
    </Panel>
  );
}

export function ReceivablesSettingsForm({ initial }: { initial: ReceivablesSettings }) {
  const notify = useNotify();
  const form = useZodForm(ReceivablesSettingsSchema, { defaultValues: initial });
  const save = useAdminMutation('PUT', () => 'receivables/settings', 'ReceivablesSettingsSchema');
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(saved);
        notify({ type: 'success', message: receivablesMessages.settingsSaved });
      },
      onError: form.serverError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Receivables settings" className="space-y-3">
      <Select label="Issue the invoice when the order is" {...form.field('invoiceOn')}>
        <option value="placed">Placed</option>
        <option value="shipped">Shipped</option>
      </Select>
      <Select
        label="Default payment terms"
        hint="For companies without their own terms."
        {...form.field('defaultTerms')}
      >
        {PAYMENT_TERMS.map((t) => (
          <option key={t} value={t}>
            {TERMS[t].label}
          </option>
        ))}
      </Select>
      <Field
        label="Time zone"
        list="receivables-time-zones"
        autoComplete="off"
        hint="The store's days (invoice dates, due dates, aging) are this zone's, such as America/Chicago."
        {...form.field('timeZone')}
      />
      <datalist id="receivables-time-zones">
        {US_ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <Field
        label="Credit hold after (days past due)"
        inputMode="numeric"
        hint="A company with an invoice more than this many days past due cannot order on account."
        {...form.field('holdAfterDays')}
        {...form.register('holdAfterDays', { valueAsNumber: true })}
      />
      <FormError message={form.formError} />
      <Button type="submit" disabled={save.isPending}>
        Save receivables settings
      </Button>
    </form>
  );
}
