import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { Address } from '#shared/accounts/accounts.schemas.ts';
import { MAX_ADDRESSES } from '#shared/accounts/us-states.ts';
import { useNotify } from '../../app/notifications.tsx';
import { useMakeDefaultAddress, useRemoveAddress } from '../accounts/api/account-mutations.ts';
import { AddAddressForm } from '../accounts/components/add-address-form.tsx';

export const addressLine = (a: Address) =>
  `${a.streetAddress}${a.streetAddress2 ? `, ${a.streetAddress2}` : ''}, ${a.city}, ${a.state} ${a.zipCode}`;

/**
 * SPEC §2 Checkout: the Edit Address modal: select, add, delete and make default, over the same
 * address book (and limits) as Account › Address.
 */
export function EditAddressModal({
  open,
  onOpenChange,
  addresses,
  selectedId,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  addresses: Address[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const remove = useRemoveAddress();
  const makeDefault = useMakeDefaultAddress();
  const notify = useNotify();
  const onError = (err: Error) => notify({ type: 'error', message: err.message });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[94vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 text-gray-900 shadow-2xl sm:p-6">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-xl font-extrabold">Edit Address</Dialog.Title>
            <Dialog.Close className="rounded p-1.5 hover:bg-gray-100" aria-label="Close">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-gray-700">
            Choose where this order goes, or add an address ({addresses.length} of {MAX_ADDRESSES} saved).
          </Dialog.Description>

          <fieldset className="mt-4">
            <legend className="sr-only">Shipping address</legend>
            {addresses.length === 0 && (
              <p className="text-gray-700">No saved addresses yet: add one below.</p>
            )}
            <ul className="space-y-2">
              {addresses.map((a) => (
                <li
                  key={a.id}
                  className={`rounded-xl p-3 ring-1 ${a.id === selectedId ? 'bg-amber-50 ring-amber-400' : 'ring-gray-200'}`}
                >
                  <label className="flex cursor-pointer items-start gap-3">
                    <input
                      type="radio"
                      name="checkout-address"
                      checked={a.id === selectedId}
                      onChange={() => onSelect(a.id)}
                      className="mt-1 size-4 accent-gray-900"
                    />
                    <span className="text-sm">
                      {addressLine(a)}
                      {a.isDefault && (
                        <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">
                          Default
                        </span>
                      )}
                    </span>
                  </label>
                  <div className="mt-2 flex flex-wrap gap-2 pl-7">
                    {!a.isDefault && (
                      <button
                        type="button"
                        onClick={() =>
                          makeDefault.mutate(a.id, {
                            onSuccess: (res) => notify({ type: 'success', message: res.message }),
                            onError,
                          })
                        }
                        className="rounded-lg border border-gray-300 px-3 py-1 text-xs font-semibold hover:bg-gray-100"
                      >
                        Make it Default
                      </button>
                    )}
                    <button
                      type="button"
                      aria-label={`Delete ${a.streetAddress}`}
                      onClick={() => remove.mutate(a.id, { onError })}
                      className="rounded-lg px-3 py-1 text-xs font-semibold text-red-800 hover:bg-red-50"
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </fieldset>

          <div className="mt-6 border-t border-gray-200 pt-5">
            <AddAddressForm title="Add a new address" onAdded={(a) => onSelect(a.id)} />
          </div>
          <Dialog.Close className="mt-5 w-full rounded-lg border border-gray-300 px-4 py-2.5 font-semibold hover:bg-gray-100">
            Done
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
