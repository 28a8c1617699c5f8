import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { STAFF_ROLE_LABELS } from '#shared/staff/staff.messages.ts';
import { NewStaffBodySchema, type StaffListEntry } from '#shared/staff/staff.schemas.ts';
import { STAFF_ROLES } from '#shared/staff/staff-roles.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { firstError, staffMeQuery, useAdminMutation, useStaffMe } from '#web/lib/console-api.ts';
import { Badge, Button, DataTable, PageTitle, Panel, Select } from '#web/components/console/console-ui.tsx';
import { RoleGuide } from '#web/features/staff/console/role-guide.tsx';
import { ListState } from '#web/components/console/list-state.tsx';
import { staffListQuery } from '#web/features/staff/console/queries.ts';

/**
 * Staff accounts: add one with its role (its one-time password shown once), change a role, see a
 * sales rep's companies, reset another's lost authenticator.
 */
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
      <FormError message={firstError(reset.error)} />
      <ListState query={list} isEmpty={(d) => d.staff.length === 0} empty="No staff accounts.">
        {(data) => (
          <DataTable caption="Staff" head={['Name', 'Email', 'Role', 'Sign-in', 'Since', '']}>
            {data.staff.map((s) => (
              <tr key={s.id}>
                <td className="px-3 py-2 font-semibold">{s.name}</td>
                <td className="px-3 py-2 break-all">{s.email}</td>
                <td className="px-3 py-2">
                  <RoleSelect staff={s} />
                  {s.role === 'sales' && (
                    <Link to={`/admin/companies?rep=${s.id}`} className="mt-1 block text-xs underline">
                      {s.companies === 1 ? '1 company' : `${s.companies} companies`}
                    </Link>
                  )}
                </td>
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

/** The five roles as a select's options. */
const roleOptions = STAFF_ROLES.map((r) => (
  <option key={r} value={r}>
    {STAFF_ROLE_LABELS[r]}
  </option>
));

/** A staff member's role, changed as soon as another is chosen (the server keeps one admin). */
function RoleSelect({ staff }: { staff: StaffListEntry }) {
  const notify = useNotify();
  const qc = useQueryClient();
  const change = useAdminMutation('PUT', () => `staff/${staff.id}/role`, 'MessageResponseSchema');
  return (
    <>
      <Select
        label={`Role of ${staff.name}`}
        labelClassName="sr-only"
        value={staff.role}
        disabled={change.isPending}
        onChange={(e) =>
          change.mutate(
            { role: e.target.value },
            {
              onSuccess: (r) => {
                notify({ type: 'success', message: r.message });
                // One's own role: the menu and pages follow at once (other reads reload anyway).
                void qc.invalidateQueries({ queryKey: staffMeQuery().queryKey });
              },
            },
          )
        }
      >
        {roleOptions}
      </Select>
      <FormError message={firstError(change.error)} />
    </>
  );
}

function AddStaff() {
  const form = useZodForm(NewStaffBodySchema, { defaultValues: { name: '', email: '', role: 'sales' } });
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
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
        >
          <Field label="Full name" {...form.field('name')} />
          <Field label="Email" type="email" {...form.field('email')} />
          <Select label="Role" {...form.field('role')}>
            {roleOptions}
          </Select>
          <Button type="submit" disabled={add.isPending}>
            Add staff
          </Button>
          <div className="sm:col-span-4">
            <RoleGuide />
            <FormError message={form.formError} />
          </div>
        </form>
      )}
    </Panel>
  );
}
