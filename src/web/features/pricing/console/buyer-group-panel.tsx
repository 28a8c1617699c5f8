import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation } from '#web/lib/console-api.ts';
import { Button, Loading, Panel, Select } from '#web/components/console/console-ui.tsx';
import { buyerGroupQuery, groupsQuery } from '#web/features/pricing/console/queries.ts';

/** A buyer's customer group on their console page: one group or none, saved at once and audited. */
export function BuyerGroupPanel({ userId }: { userId: string }) {
  const notify = useNotify();
  const current = useQuery(buyerGroupQuery(userId));
  const groups = useQuery(groupsQuery());
  const [chosen, setChosen] = useState('');
  useEffect(() => setChosen(String(current.data?.groupId ?? '')), [current.data?.groupId]);

  const save = useAdminMutation(
    'PUT',
    () => `pricing/buyers/${encodeURIComponent(userId)}/group`,
    'BuyerGroupSchema',
    () => ({ groupId: chosen ? Number(chosen) : null }),
  );
  // Nothing to choose until the buyer's group and the groups are in: a choice made before would be
  // overwritten by the buyer's group arriving.
  if (!current.data || !groups.data)
    return (
      <Panel title="Customer group">
        {current.isError || groups.isError ? (
          <FormError message={errorMessage(current.error ?? groups.error)} />
        ) : (
          <Loading />
        )}
      </Panel>
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
          {groups.data.groups.map((g) => (
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
