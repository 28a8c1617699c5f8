import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  type CompanyDetail,
  CompanyGroupFormSchema,
  CompanyNoteBodySchema,
  LocationLimitFormSchema,
  SalesRepFormSchema,
} from '#shared/companies/companies-staff.schemas.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Button, Loading, Panel, Select, TextArea } from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { errorMessage, useAdminMutation, useStaffMay } from '#web/lib/console-api.ts';
import { groupChoicesQuery, salesRepChoicesQuery } from './queries.ts';

type Company = CompanyDetail['company'];
const path = (id: string, rest: string) => `companies/${encodeURIComponent(id)}/${rest}`;

function useDone() {
  const notify = useNotify();
  return (res: { message: string }) => notify({ type: 'success', message: res.message });
}

/**
 * The company's details, its sales rep, its location limit and the switch that disables it
 * (confirmed first); the changes only for a role that manages companies (decision 016).
 */
export function DetailsPanel({ company }: { company: Company }) {
  const may = useStaffMay();
  const done = useDone();
  const disable = useAdminMutation('POST', () => path(company.id, 'disable'), 'MessageResponseSchema');
  const toggle = () => {
    const ask = `Disable ${company.businessName}? Every member is signed out at once and cannot sign in or order until it is enabled.`;
    if (company.disabled || window.confirm(ask))
      disable.mutate({ disabled: !company.disabled }, { onSuccess: done });
  };
  return (
    <Panel title="Details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Phone</dt>
        <dd>{company.phone}</dd>
        <dt className="font-semibold">Tax ID</dt>
        <dd>{company.taxId ?? '—'}</dd>
        <dt className="font-semibold">Profile</dt>
        <dd>{company.isCompleted ? 'complete' : 'not complete yet'}</dd>
        <dt className="font-semibold">Joined</dt>
        <dd>{formatDateTime(company.createdAt)}</dd>
        <dt className="font-semibold">Sales rep</dt>
        <dd>{company.salesRep?.name ?? 'none'}</dd>
      </dl>
      {may('companies.manage') && <SalesRepForm company={company} />}
      {may('companies.manage') && <LocationLimitForm company={company} />}
      {may('companies.manage') && (
        <div className="mt-4">
          <Button
            tone={company.disabled ? 'secondary' : 'danger'}
            disabled={disable.isPending}
            onClick={toggle}
          >
            {company.disabled ? 'Enable company' : 'Disable company'}
          </Button>
          <FormError message={disable.error ? errorMessage(disable.error) : null} />
        </div>
      )}
    </Panel>
  );
}

/** Who looks after the company: a staff member whose role is sales, or none. */
function SalesRepForm({ company }: { company: Company }) {
  const done = useDone();
  const reps = useQuery(salesRepChoicesQuery());
  const form = useZodForm(SalesRepFormSchema, { values: { salesRepId: company.salesRep?.id ?? '' } });
  const save = useAdminMutation('PUT', () => path(company.id, 'sales-rep'), 'MessageResponseSchema');
  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onSuccess: done, onError: form.serverError }),
  );
  // The choice waits for the reps: a select filled later would show its first option.
  if (!reps.data) return reps.error ? <FormError message={errorMessage(reps.error)} /> : <Loading />;
  return (
    <form onSubmit={submit} noValidate aria-label="Sales rep" className="mt-4 flex flex-wrap items-end gap-2">
      <Select label="Sales rep" {...form.field('salesRepId')}>
        <option value="">None</option>
        {reps.data.reps.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} ({r.email})
          </option>
        ))}
      </Select>
      <Button type="submit" tone="secondary" disabled={save.isPending}>
        Save rep
      </Button>
      <FormError message={form.formError} />
    </form>
  );
}

function LocationLimitForm({ company }: { company: Company }) {
  const done = useDone();
  const form = useZodForm(LocationLimitFormSchema, { values: { limit: String(company.locationLimit) } });
  const save = useAdminMutation(
    'PUT',
    () => path(company.id, 'location-limit'),
    'LocationLimitMessageSchema',
  );
  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onSuccess: done, onError: form.serverError }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Location limit"
      className="mt-4 flex flex-wrap items-end gap-2"
    >
      <Field
        label="Location limit"
        inputMode="numeric"
        hint="How many locations the company may keep (1–50)."
        {...form.field('limit')}
      />
      <Button type="submit" tone="secondary" disabled={save.isPending}>
        Save limit
      </Button>
      <FormError message={form.formError} />
    </form>
  );
}

/** The company's customer group: one or none; its price list sets what every member pays. */
export function GroupPanel({ companyId, group }: { companyId: string; group: CompanyDetail['group'] }) {
  const may = useStaffMay();
  const mayChange = may('companies.manage') && may('prices');
  const groups = useQuery({ ...groupChoicesQuery(), enabled: mayChange });
  return (
    <Panel title="Customer group">
      <p className="mb-2 text-xs text-gray-700">
        Every member sees the group's{' '}
        {may('prices') ? (
          <Link to="/admin/pricing" className="underline">
            price list
          </Link>
        ) : (
          'price list'
        )}
        . Now: {group ? group.name : 'no group (list prices)'}.
      </p>
      {/* The choice waits for the groups: a select filled later would show its first option. */}
      {!mayChange ? null : groups.data ? (
        <GroupForm companyId={companyId} group={group} choices={groups.data.groups} />
      ) : groups.error ? (
        <FormError message={errorMessage(groups.error)} />
      ) : (
        <Loading />
      )}
    </Panel>
  );
}

function GroupForm({
  companyId,
  group,
  choices,
}: {
  companyId: string;
  group: CompanyDetail['group'];
  choices: { id: number; name: string }[];
}) {
  const done = useDone();
  const form = useZodForm(CompanyGroupFormSchema, { values: { groupId: String(group?.id ?? '') } });
  const save = useAdminMutation('PUT', () => path(companyId, 'group'), 'CompanyGroupMessageSchema');
  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onSuccess: done, onError: form.serverError }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Customer group" className="flex flex-wrap items-end gap-2">
      <Select label="Group" {...form.field('groupId')}>
        <option value="">No group (list prices)</option>
        {choices.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </Select>
      <Button type="submit" disabled={save.isPending}>
        Save group
      </Button>
      <FormError message={form.formError} />
    </form>
  );
}

/** Staff notes, newest first, and a form to add one. */
export function NotesPanel({ companyId, notes }: { companyId: string; notes: CompanyDetail['notes'] }) {
  const done = useDone();
  const form = useZodForm(CompanyNoteBodySchema, { defaultValues: { body: '' } });
  const add = useAdminMutation('POST', () => path(companyId, 'notes'), 'CompanyNoteMessageSchema');
  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (res) => {
        done(res);
        form.reset({ body: '' });
      },
      onError: form.serverError,
    }),
  );
  return (
    <Panel title="Notes">
      <form onSubmit={submit} noValidate aria-label="Add a note">
        <TextArea
          label="New note"
          rows={3}
          hint="Up to 2,000 characters; staff only."
          {...form.field('body')}
        />
        <Button type="submit" className="mt-2" disabled={add.isPending}>
          Add note
        </Button>
        <FormError message={form.formError} />
      </form>
      {notes.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">No notes yet.</p>
      ) : (
        <ul aria-label="Notes" className="mt-3 space-y-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-gray-50 p-3 text-sm">
              <p className="whitespace-pre-line break-words">{n.body}</p>
              <p className="mt-1 text-xs text-gray-700">
                {n.author} · {formatDateTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
