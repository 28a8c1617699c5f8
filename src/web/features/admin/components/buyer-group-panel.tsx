import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from '#web/app/notifications.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation, useAdminQuery } from '#web/features/admin/api/admin-queries.ts';
import { Button, Panel, Select } from './console-ui.tsx';

/** A buyer's customer group on their console page: one group or none, saved at once and audited. */
export function BuyerGroupPanel({ userId }: { userId: string }) {
  const notify = useNotify();
  const current = useAdminQuery(`pricing/buyers/${encodeURIComponent(userId)}/group`, 'BuyerGroupSchema');
  const groups = useAdminQuery('pricing/groups', 'GroupListSchema');
  const [chosen, setChosen] = useState('');
  useEffect(() => setChosen(String(current.data?.groupId ?? '')), [current.data?.groupId]);
  const save = useAdminMutation(
    'PUT',
    () => `pricing/buyers/${encodeURIComponent(userId)}/group`,
    'BuyerGroupSchema',
    () => ({ groupId: chosen ? Number(chosen) : null }),
  );
  return (
    <Panel title="Customer group">
      <p className="mb-2 text-xs text-gray-700">
        A buyer is in at most one group: choosing another moves them. Their group's{' '}
        <Link to="/admin/pricing" className="underline">
          price list
        </Link>{' '}
        sets what they pay.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Select label="Group" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">No group (list prices)</option>
          {(groups.data?.groups ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
        <Button
          disabled={save.isPending || chosen === String(current.data?.groupId ?? '')}
          onClick={() =>
            save.mutate(undefined, {
              onSuccess: (r) =>
                notify({
                  type: 'success',
                  message: r.groupName ? `Now in ${r.groupName}.` : 'In no group now.',
                }),
            })
          }
        >
          Save group
        </Button>
      </div>
      <FormError message={save.error ? errorMessage(save.error) : null} />
    </Panel>
  );
}
