import { Link } from 'react-router';
import { useLocationLimit } from '#web/lib/locations.ts';
import { canManage } from '#shared/companies/companies.rules.ts';
import { useAddresses } from '#web/lib/addresses.ts';
import { useSession } from '#web/lib/session.ts';
import { AddAddressForm } from '#web/features/accounts/components/add-address-form.tsx';
import { AddressActions } from '#web/features/accounts/components/address-actions.tsx';

/**
 * Account › Address: add (at most 5), remove, and 'Make it Default'. The addresses are the
 * company's locations: its owners change them, its other members read them (decision 015).
 */
export function AddressBook() {
  const { data } = useAddresses();
  const list = data?.addresses ?? [];
  const limit = useLocationLimit();
  const company = useSession().data?.user?.company;
  const owns = !company || canManage(company.role);

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      {owns ? (
        <AddAddressForm />
      ) : (
        <p className="self-start rounded-xl bg-gray-50 p-4 text-sm text-gray-800 ring-1 ring-gray-200">
          These are your company’s addresses. Only an owner of your company can add, remove or change them.
        </p>
      )}
      <section aria-labelledby="saved-addresses">
        <h2 id="saved-addresses" className="text-lg font-bold">
          Saved addresses ({list.length} of {limit})
        </h2>
        {list.length === 0 && <p className="mt-2 text-gray-700">No saved addresses yet.</p>}
        {list.length > 0 && (
          <p className="mt-1 text-sm text-gray-700">
            A shop with its own Sales ID or tobacco license uploads it on the{' '}
            <Link to="/company/locations" className="font-semibold text-blue-800 underline">
              Locations
            </Link>{' '}
            page.
          </p>
        )}
        <ul className="mt-3 space-y-3">
          {list.map((a) => (
            <li key={a.id} className="rounded-xl p-4 ring-1 ring-gray-200">
              {a.name && <p className="font-semibold text-gray-900">{a.name}</p>}
              <address className="not-italic text-gray-800">
                {a.streetAddress}
                {a.streetAddress2 && `, ${a.streetAddress2}`}, {a.city}, {a.state} {a.zipCode}
              </address>
              {owns ? (
                <AddressActions address={a} />
              ) : (
                a.isDefault && (
                  <span className="mt-3 inline-block rounded-full bg-green-100 px-3 py-1 text-xs font-bold text-green-900">
                    Default
                  </span>
                )
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
