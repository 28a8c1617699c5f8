import { useQuery } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { centsToAmount } from '#shared/money.ts';
import { StoreSettingsFormSchema } from '#shared/store/settings-staff.schemas.ts';
import type { StoreInfo } from '#shared/store/store.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, TextAreaField, useZodForm } from '#web/components/ui/form.tsx';
import { useAdminMutation } from '#web/lib/console-api.ts';
import { Button, Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { storeSettingsQuery } from '#web/features/store/console/queries.ts';

export function SettingsPage() {
  const settings = useQuery(storeSettingsQuery());
  if (settings.isPending) return <Loading />;
  if (settings.error) return <p role="alert">{settings.error.message}</p>;
  return <SettingsForm initial={settings.data} />;
}

/** Store short name, contact, social links, pickup address, delivery fee and the unverified cap. */
function SettingsForm({ initial }: { initial: StoreInfo }) {
  const notify = useNotify();
  const form = useZodForm(StoreSettingsFormSchema, {
    defaultValues: {
      shortName: initial.shortName,
      contact: initial.contact,
      social: initial.social,
      pickupAddress: initial.pickupAddress,
      paymentNote: initial.paymentNote,
      deliveryFeeCents: centsToAmount(initial.deliveryFeeCents),
      unverifiedCapCents: centsToAmount(initial.unverifiedCapCents),
    },
  });
  const social = useFieldArray({ control: form.control, name: 'social' });
  const save = useAdminMutation('PUT', () => 'settings', 'StoreInfoSchema');
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify({ type: 'success', message: 'Settings saved: the store shows them now.' }),
      onError: form.serverError,
    }),
  );

  return (
    <>
      <PageTitle>Settings</PageTitle>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Store settings">
        <Panel title="Store">
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Short name" {...form.field('shortName')} />
            <Field
              label="Pickup address"
              hint="Shown at checkout for Pickup in store."
              {...form.field('pickupAddress')}
            />
            <Field label="Delivery fee ($)" inputMode="decimal" {...form.field('deliveryFeeCents')} />
            <Field
              label="Order cap without verified documents ($)"
              inputMode="decimal"
              hint="Buyers without both documents verified can order up to this subtotal."
              {...form.field('unverifiedCapCents')}
            />
            <div className="md:col-span-2">
              <TextAreaField
                label="How you arrange payment"
                rows={3}
                hint="Shown to the buyer on the page that confirms an order, under What happens next."
                {...form.field('paymentNote')}
              />
            </div>
          </div>
        </Panel>
        <Panel title="Contact (footer)">
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Phone" {...form.field('contact.phone')} />
            <Field label="Email" type="email" {...form.field('contact.email')} />
            <Field label="Address" {...form.field('contact.address')} />
            <Field label="Opening hours" {...form.field('contact.hours')} />
          </div>
        </Panel>
        <Panel title="Social links (footer)">
          <ul className="space-y-2">
            {social.fields.map((row, i) => (
              <li key={row.id} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                <Field label={`Network ${i + 1}`} {...form.field(`social.${i}.name`)} />
                <Field label={`Link ${i + 1} (https://)`} {...form.field(`social.${i}.url`)} />
                <Button tone="danger" onClick={() => social.remove(i)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {social.fields.length < 8 && (
            <Button
              tone="secondary"
              className="mt-2"
              onClick={() => social.append({ name: '', url: 'https://' })}
            >
              Add a link
            </Button>
          )}
        </Panel>
        <FormError message={form.formError} />
        <Button type="submit" disabled={save.isPending}>
          Save settings
        </Button>
      </form>
    </>
  );
}
