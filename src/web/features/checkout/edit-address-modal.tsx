import * as Dialog from '@radix-ui/react-dialog';
import type { Address } from '#shared/accounts/accounts.schemas.ts';
import { useLocationLimit } from '#web/lib/locations.ts';
import { useSession } from '#web/lib/session.ts';
import { canManage } from '#shared/companies/companies.rules.ts';
import { addressLine } from '#web/lib/addresses.ts';
import { DialogShell } from '#web/components/ui/dialog-shell.tsx';
import { Slot } from '#web/components/slots.tsx';

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
  const limit = useLocationLimit();
  // The company's locations are its owners' to change (decision 015); others choose among them.
  const company = useSession().data?.user?.company;
  const owns = !company || canManage(company.role);
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Address"
      contentClassName="fixed left-1/2 top-1/2 max-h-[90vh] w-[94vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 sm:p-6"
    >
      <Dialog.Description className="mt-1 text-sm text-gray-700">
        Choose where this order goes, or add an address ({addresses.length} of {limit} saved).
      </Dialog.Description>

      <fieldset className="mt-4">
        <legend className="sr-only">Shipping address</legend>
        {addresses.length === 0 && <p className="text-gray-700">No saved addresses yet: add one below.</p>}
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
                <span className="text-sm">{addressLine(a)}</span>
              </label>
              {owns && (
                <div className="pl-7">
                  <Slot of="AddressActions" address={a} removeLabel="Delete" />
                </div>
              )}
            </li>
          ))}
        </ul>
      </fieldset>

      {owns && (
        <div className="mt-6 border-t border-gray-200 pt-5">
          <Slot of="AddAddressForm" title="Add a new address" onAdded={(a) => onSelect(a.id)} />
        </div>
      )}
      <Dialog.Close className="mt-5 w-full rounded-lg border border-gray-300 px-4 py-2.5 font-semibold hover:bg-gray-100">
        Done
      </Dialog.Close>
    </DialogShell>
  );
}
