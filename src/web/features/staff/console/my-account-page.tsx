import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS } from '#shared/staff/staff.messages.ts';
import { Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { MyNotifications } from '#web/features/staff/console/my-notifications.tsx';
import { useStaffMe } from '#web/lib/console-api.ts';

/** The staff member's own page, whatever their role: who they are, their role, the mail they get. */
export function MyAccountPage() {
  const me = useStaffMe().data;
  if (!me) return <Loading />;
  return (
    <>
      <PageTitle>My account</PageTitle>
      <div className="grid max-w-xl gap-4">
        <Panel title="You">
          <p className="font-semibold">{me.name}</p>
          <p className="break-all text-sm text-gray-800">{me.email}</p>
          <p className="mt-2 text-sm">
            Role: <span className="font-semibold">{STAFF_ROLE_LABELS[me.role]}</span> —{' '}
            {STAFF_ROLE_DESCRIPTIONS[me.role]}
          </p>
        </Panel>
        <MyNotifications />
      </div>
    </>
  );
}
