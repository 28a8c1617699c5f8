import type { Address } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useMakeDefaultAddress, useRemoveAddress } from '#web/features/accounts/api/account-mutations.ts';

/** One saved address's 'Make it Default' (or its Default badge) and remove button. */
export function AddressActions({
  address,
  removeLabel = 'Remove',
}: {
  address: Address;
  removeLabel?: string;
}) {
  const remove = useRemoveAddress();
  const makeDefault = useMakeDefaultAddress();
  const notify = useNotify();
  const onError = (err: Error) => notify({ type: 'error', message: err.message });
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {address.isDefault ? (
        <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-bold text-green-900">Default</span>
      ) : (
        <button
          type="button"
          onClick={() =>
            makeDefault.mutate(address.id, {
              onSuccess: (res) => notify({ type: 'success', message: res.message }),
              onError,
            })
          }
          className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
        >
          Make it Default
        </button>
      )}
      <button
        type="button"
        aria-label={`${removeLabel} ${address.streetAddress}`}
        onClick={() => remove.mutate(address.id, { onError })}
        className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
      >
        {removeLabel}
      </button>
    </div>
  );
}
