import { MAX_ADDRESSES } from '#shared/accounts/us-states.ts';
import { useNotify } from '../../../app/notifications.tsx';
import { useAddresses, useMakeDefaultAddress, useRemoveAddress } from '../api/account-mutations.ts';
import { AddAddressForm } from '../components/add-address-form.tsx';

/** Account › Address: add (at most 5), remove, and 'Make it Default'. */
export function AddressBook() {
  const { data } = useAddresses();
  const remove = useRemoveAddress();
  const makeDefault = useMakeDefaultAddress();
  const notify = useNotify();
  const list = data?.addresses ?? [];

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      <AddAddressForm />
      <section aria-labelledby="saved-addresses">
        <h2 id="saved-addresses" className="text-lg font-bold">
          Saved addresses ({list.length} of {MAX_ADDRESSES})
        </h2>
        {list.length === 0 && <p className="mt-2 text-gray-700">No saved addresses yet.</p>}
        <ul className="mt-3 space-y-3">
          {list.map((a) => (
            <li key={a.id} className="rounded-xl p-4 ring-1 ring-gray-200">
              <address className="not-italic text-gray-800">
                {a.streetAddress}
                {a.streetAddress2 && `, ${a.streetAddress2}`}, {a.city}, {a.state} {a.zipCode}
              </address>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {a.isDefault ? (
                  <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-bold text-green-900">
                    Default
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() =>
                      makeDefault.mutate(a.id, {
                        onSuccess: (res) => notify({ type: 'success', message: res.message }),
                        onError: (err) => notify({ type: 'error', message: err.message }),
                      })
                    }
                    className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
                  >
                    Make it Default
                  </button>
                )}
                <button
                  type="button"
                  aria-label={`Remove ${a.streetAddress}`}
                  onClick={() =>
                    remove.mutate(a.id, { onError: (err) => notify({ type: 'error', message: err.message }) })
                  }
                  className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
