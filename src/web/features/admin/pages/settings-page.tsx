import { type FormEvent, useState } from 'react';
import { centsToAmount, parseAmount } from '#shared/money.ts';
import type { StoreSettingsBody } from '#shared/store/settings-staff.schemas.ts';
import type { StoreInfo } from '#shared/store/store.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { Field, FormError } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation, useAdminQuery } from '#web/features/admin/api/admin-queries.ts';
import { Button, Loading, PageTitle, Panel } from '#web/features/admin/components/console-ui.tsx';

export function SettingsPage() {
  const settings = useAdminQuery('settings', 'StoreInfoSchema');
  if (settings.isPending) return <Loading />;
  if (settings.error) return <p role="alert">{settings.error.message}</p>;
  return <SettingsForm initial={settings.data} />;
}

/** Store short name, contact, social links, pickup address, delivery fee and the unverified cap. */
function SettingsForm({ initial }: { initial: StoreInfo }) {
  const notify = useNotify();
  const [s, setS] = useState(initial);
  const [fee, setFee] = useState(centsToAmount(initial.deliveryFeeCents));
  const [cap, setCap] = useState(centsToAmount(initial.unverifiedCapCents));
  const [message, setMessage] = useState<string | null>(null);
  const save = useAdminMutation('PUT', () => 'settings', 'StoreInfoSchema');
  const contact = (key: keyof StoreInfo['contact'], value: string) =>
    setS({ ...s, contact: { ...s.contact, [key]: value } });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const amount = (t: string) => parseAmount(t) ?? Number.NaN;
    const deliveryFeeCents = amount(fee);
    const unverifiedCapCents = amount(cap);
    if (Number.isNaN(deliveryFeeCents) || Number.isNaN(unverifiedCapCents))
      return setMessage('Enter the delivery fee and the cap as amounts like 20.00.');
    const body: StoreSettingsBody = {
      shortName: s.shortName,
      contact: s.contact,
      social: s.social.filter((l) => l.name.trim() || l.url.trim()),
      pickupAddress: s.pickupAddress,
      deliveryFeeCents,
      unverifiedCapCents,
    };
    save.mutate(body, {
      onSuccess: () => notify({ type: 'success', message: 'Settings saved: the store shows them now.' }),
      onError: (err) => setMessage(errorMessage(err)),
    });
  };

  return (
    <>
      <PageTitle>Settings</PageTitle>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Store settings">
        <Panel title="Store">
          <div className="grid gap-3 md:grid-cols-2">
            <Field
              label="Short name"
              value={s.shortName}
              onChange={(e) => setS({ ...s, shortName: e.target.value })}
            />
            <Field
              label="Pickup address"
              hint="Shown at checkout for Pickup in store."
              value={s.pickupAddress}
              onChange={(e) => setS({ ...s, pickupAddress: e.target.value })}
            />
            <Field
              label="Delivery fee ($)"
              inputMode="decimal"
              value={fee}
              onChange={(e) => setFee(e.target.value)}
            />
            <Field
              label="Order cap without verified documents ($)"
              inputMode="decimal"
              hint="Buyers without both documents verified can order up to this subtotal."
              value={cap}
              onChange={(e) => setCap(e.target.value)}
            />
          </div>
        </Panel>
        <Panel title="Contact (footer)">
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Phone" value={s.contact.phone} onChange={(e) => contact('phone', e.target.value)} />
            <Field
              label="Email"
              type="email"
              value={s.contact.email}
              onChange={(e) => contact('email', e.target.value)}
            />
            <Field
              label="Address"
              value={s.contact.address}
              onChange={(e) => contact('address', e.target.value)}
            />
            <Field
              label="Opening hours"
              value={s.contact.hours}
              onChange={(e) => contact('hours', e.target.value)}
            />
          </div>
        </Panel>
        <Panel title="Social links (footer)">
          <ul className="space-y-2">
            {s.social.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their place in the list is who they are
              <li key={i} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                <Field
                  label={`Network ${i + 1}`}
                  value={l.name}
                  onChange={(e) =>
                    setS({
                      ...s,
                      social: s.social.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                    })
                  }
                />
                <Field
                  label={`Link ${i + 1} (https://)`}
                  value={l.url}
                  onChange={(e) =>
                    setS({
                      ...s,
                      social: s.social.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)),
                    })
                  }
                />
                <Button
                  tone="danger"
                  onClick={() => setS({ ...s, social: s.social.filter((_, j) => j !== i) })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {s.social.length < 8 && (
            <Button
              tone="secondary"
              className="mt-2"
              onClick={() => setS({ ...s, social: [...s.social, { name: '', url: 'https://' }] })}
            >
              Add a link
            </Button>
          )}
        </Panel>
        <FormError message={message} />
        <Button type="submit" disabled={save.isPending}>
          Save settings
        </Button>
      </form>
    </>
  );
}
