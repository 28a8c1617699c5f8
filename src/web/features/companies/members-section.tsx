import { useState } from 'react';
import { ROLE_LABELS } from '#shared/companies/companies.messages.ts';
import { type CompanyMember, MemberFormSchema } from '#shared/companies/companies.schemas.ts';
import { centsToAmount, formatCents } from '#shared/money.ts';
import { FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useMembers } from '#web/lib/company-members.ts';
import { useRemoveMember, useUpdateMember } from './api/company.ts';
import { onLimitBox, RoleFields } from './role-fields.tsx';

export const BUTTON = 'rounded-lg px-3 py-2 text-sm font-semibold disabled:opacity-60';
const QUIET = `${BUTTON} ring-1 ring-gray-300 hover:bg-gray-100`;

const limitText = (m: CompanyMember) =>
  m.role !== 'buyer'
    ? null
    : m.orderLimitCents === null
      ? 'No order limit'
      : `Order limit ${formatCents(m.orderLimitCents)}`;

/** The company's members: every member sees who is in it; owners change roles and limits, and remove. */
export function MembersSection({ canManage }: { canManage: boolean }) {
  const members = useMembers();
  return (
    <section aria-labelledby="members-heading" className="mt-8">
      <h2 id="members-heading" className="text-lg font-bold">
        Members
      </h2>
      {members.isPending ? (
        <p className="mt-2 text-gray-700">Loading members…</p>
      ) : members.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {members.error.message}
        </p>
      ) : (
        <ul
          className="mt-3 divide-y divide-gray-200 rounded-xl bg-white ring-1 ring-gray-200"
          aria-label="Members"
        >
          {members.data.members.map((m) => (
            <MemberRow key={m.userId} member={m} canManage={canManage} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberRow({ member, canManage }: { member: CompanyMember; canManage: boolean }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  const limit = limitText(member);
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-gray-900">
            {member.name}
            {member.isYou && <span className="font-normal text-gray-700"> (you)</span>}
          </p>
          <p className="break-all text-sm text-gray-700">{member.email}</p>
          <p className="mt-1 text-sm">
            <span className="rounded-full bg-gray-100 px-2 py-0.5 font-semibold text-gray-900">
              {ROLE_LABELS[member.role]}
            </span>
            {limit && <span className="ml-2 text-gray-700">{limit}</span>}
          </p>
        </div>
        {canManage && mode === 'view' && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              aria-label={`Change role of ${member.name}`}
              className={QUIET}
              onClick={() => setMode('edit')}
            >
              Change role
            </button>
            {!member.isYou && (
              <button
                type="button"
                className={`${BUTTON} text-red-800 ring-1 ring-red-300 hover:bg-red-50`}
                aria-label={`Remove ${member.name}`}
                onClick={() => setMode('remove')}
              >
                Remove
              </button>
            )}
          </div>
        )}
      </div>
      {mode === 'edit' && <MemberForm member={member} done={() => setMode('view')} />}
      {mode === 'remove' && <ConfirmRemove member={member} done={() => setMode('view')} />}
    </li>
  );
}

/** A member's role and a buyer's order limit, changed by an owner. */
function MemberForm({ member, done }: { member: CompanyMember; done: () => void }) {
  const update = useUpdateMember();
  const notify = useNotify();
  const form = useZodForm(MemberFormSchema, {
    defaultValues: { role: member.role, orderLimit: centsToAmount(member.orderLimitCents) },
  });
  const save = form.handleSubmit((body) =>
    update.mutate(
      { userId: member.userId, body },
      {
        onSuccess: (res) => {
          notify({ type: 'success', message: res.message });
          done();
        },
        onError: onLimitBox(form.serverError),
      },
    ),
  );
  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={`Role of ${member.name}`}
      className="mt-3 grid grid-cols-1 gap-3 rounded-lg bg-gray-50 p-3 sm:grid-cols-2"
    >
      <RoleFields role={form.watch('role')} field={form.field} idPrefix={member.name} />
      <div className="sm:col-span-2">
        <FormError message={form.formError} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button
          type="submit"
          disabled={update.isPending}
          className={`${BUTTON} bg-gray-900 text-white hover:bg-gray-700`}
        >
          Save
        </button>
        <button type="button" className={QUIET} onClick={done}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Removing is asked twice: the member's login is disabled and signed out everywhere. */
function ConfirmRemove({ member, done }: { member: CompanyMember; done: () => void }) {
  const remove = useRemoveMember();
  const notify = useNotify();
  return (
    <div
      role="group"
      aria-label={`Remove ${member.name}`}
      className="mt-3 rounded-lg bg-red-50 p-3 ring-1 ring-red-200"
    >
      <p className="text-sm font-semibold text-red-950">
        Remove {member.name} from the company? Their login stops working and they are signed out everywhere.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={remove.isPending}
          className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}
          onClick={() =>
            remove.mutate(member.userId, {
              onSuccess: (res) => {
                notify({ type: 'success', message: res.message });
                done();
              },
              onError: (err) => notify({ type: 'error', message: err.message }),
            })
          }
        >
          Yes, remove
        </button>
        <button type="button" className={QUIET} onClick={done}>
          Keep {member.name}
        </button>
      </div>
    </div>
  );
}
