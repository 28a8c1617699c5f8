import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type StaffNotifications, StaffNotificationsSchema } from '#shared/staff/notifications.schemas.ts';
import { Button, Panel } from '#web/components/console/console-ui.tsx';
import { FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { consoleRead, useAdminMutation } from '#web/lib/console-api.ts';

export const myNotificationsQuery = () => consoleRead('me/notifications', 'StaffNotificationsSchema');

const CHOICES: { name: keyof StaffNotifications; label: string; hint: string }[] = [
  {
    name: 'newOrders',
    label: 'Each new order',
    hint: 'Its number, buyer, total and lines, with a link to it.',
  },
  {
    name: 'newUploads',
    label: 'Each document a buyer uploads',
    hint: 'A Sales ID or tobacco license to verify, with a link to the queue.',
  },
];

/** The signed-in staff member's own choice of mail: new orders, new uploads (off until chosen). */
export function MyNotifications() {
  const notify = useNotify();
  const current = useQuery(myNotificationsQuery());
  const save = useAdminMutation('PUT', () => 'me/notifications', 'StaffNotificationsSchema');
  const form = useZodForm(StaffNotificationsSchema, {
    defaultValues: { newOrders: false, newUploads: false },
  });
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset(current.data);
  }, [current.data, reset]);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify({ type: 'success', message: 'Your email choices are saved.' });
    } catch (err) {
      form.serverError(err as Error);
    }
  });
  return (
    <Panel title="Email me about">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <fieldset disabled={current.isPending} className="space-y-2">
          <legend className="sr-only">Email me about</legend>
          {CHOICES.map((c) => (
            <label key={c.name} className="flex items-start gap-2">
              <input type="checkbox" className="mt-1 size-4 accent-gray-900" {...form.register(c.name)} />
              <span>
                <span className="block text-sm font-semibold text-gray-900">{c.label}</span>
                <span className="block text-xs text-gray-700">{c.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormError message={form.formError ?? (current.error ? current.error.message : null)} />
        <Button type="submit" disabled={save.isPending || current.isPending}>
          {save.isPending ? 'Saving…' : 'Save my email choices'}
        </Button>
      </form>
    </Panel>
  );
}
