import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS } from '#shared/staff/staff.messages.ts';
import { STAFF_ROLES } from '#shared/staff/staff-roles.ts';

/** What each staff role may do, in a sentence each (decision 016). */
export function RoleGuide() {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-semibold">What each role may do</summary>
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        {STAFF_ROLES.map((r) => (
          <div key={r} className="contents">
            <dt className="font-semibold">{STAFF_ROLE_LABELS[r]}</dt>
            <dd className="text-gray-800">{STAFF_ROLE_DESCRIPTIONS[r]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
