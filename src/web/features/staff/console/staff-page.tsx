import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '#shared/dates.ts';
import { NewStaffBodySchema } from '#shared/staff/staff.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { firstError, useAdminMutation, useStaffMe } from '#web/lib/console-api.ts';
import { Badge, Button, DataTable, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { ListState } from '#web/components/console/list-state.tsx';
import { staffListQuery } from '#web/features/staff/console/queries.ts';
import { MyNotifications } from '#web/features/staff/console/my-notifications.tsx';

/** Staff accounts: add one (its one-time password shown once), reset another's lost authenticator. */
export function StaffPage() {
  const notify = useNotify();
  const me = useStaffMe();
  const list = useQuery(staffListQuery());
  const reset = useAdminMutation(
    'POST',
    (id: string) => `staff/${id}/reset-2fa`,
    'MessageResponseSchema',
    () => ({}),
  );
  return (
    <>
      <PageTitle>Staff</PageTitle>
      <div className="mb-4 max-w-xl">
        <MyNotifications />
      </div>
      <FormError message={firstError(reset.error)} />
      <ListState query={list} isEmpty={(d) => d.staff.length === 0} empty="No staff accounts.">
        {(data) => (
          <DataTable caption="Staff" head={['Name', 'Email', 'Sign-in', 'Since', '']}>
            {data.staff.map((s) => (
              <tr key={s.id}>
                <td className="px-3 py-2 font-semibold">{s.name}</td>
                <td className="px-3 py-2 break-all">{s.email}</td>
                <td className="px-3 py-2 space-x-1">
                  {s.totpEnabled ? (
                    <Badge status="verified">two-factor on</Badge>
                  ) : (
                    <Badge status="pending">no app yet</Badge>
                  )}
                  {s.passwordChangeRequired && <Badge status="pending">one-time password</Badge>}
                </td>
                <td className="px-3 py-2">{formatDateTime(s.createdAt)}</td>
                <td className="px-3 py-2">
                  {s.id !== me.data?.id && s.totpEnabled && (
                    <Button
                      tone="danger"
                      disabled={reset.isPending}
                      onClick={() => {
                        if (
                          window.confirm(
                            `Reset two-factor sign-in of ${s.name}? They are signed out and set up their app again.`,
                          )
                        )
                          reset.mutate(s.id, {
                            onSuccess: (r) => notify({ type: 'success', message: r.message }),
                          });
                      }}
                    >
                      Reset two-factor
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      <div className="mt-4">
        <AddStaff />
      </div>
    </>
  );
}

function AddStaff() {
  const form = useZodForm(NewStaffBodySchema, { defaultValues: { name: '', email: '' } });
  const add = useAdminMutation('POST', () => 'staff', 'NewStaffResponseSchema');
  const onSubmit = form.handleSubmit((body) => add.mutate(body, { onError: form.serverError }));
  return (
    <Panel title="Add a staff member">
      {add.data ? (
        <div role="status" className="space-y-2">
          <p>{add.data.message}</p>
          <p>
            One-time password:{' '}
            <code className="rounded bg-gray-100 px-2 py-1 font-mono">{add.data.password}</code>
          </p>
          <p className="text-sm text-gray-700">
            At first sign-in they choose their own password, then set up an authenticator app.
          </p>
          <Button
            tone="secondary"
            onClick={() => {
              add.reset();
              form.reset();
            }}
          >
            Add another
          </Button>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Add a staff member"
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <Field label="Full name" {...form.field('name')} />
          <Field label="Email" type="email" {...form.field('email')} />
          <Button type="submit" disabled={add.isPending}>
            Add staff
          </Button>
          <div className="sm:col-span-3">
            <FormError message={form.formError} />
          </div>
        </form>
      )}
    </Panel>
  );
}
