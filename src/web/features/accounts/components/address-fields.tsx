import { useId } from 'react';
import { US_STATES } from '#shared/accounts/us-states.ts';
import { Field } from '#web/components/ui/form.tsx';

export const EMPTY_ADDRESS = { streetAddress: '', streetAddress2: '', city: '', state: '', zipCode: '' };
export type AddressForm = typeof EMPTY_ADDRESS;

/** Street, (street 2), city, a US state select and ZIP: shared by /nextpage and the address book. */
export function AddressFields({
  value,
  onChange,
  withLine2 = false,
}: {
  value: AddressForm;
  onChange: (v: AddressForm) => void;
  withLine2?: boolean;
}) {
  const stateId = useId();
  const set = (key: keyof AddressForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <>
      <Field
        label="Street address"
        autoComplete="address-line1"
        value={value.streetAddress}
        onChange={set('streetAddress')}
      />
      {withLine2 && (
        <Field
          label="Street address 2 (optional)"
          autoComplete="address-line2"
          value={value.streetAddress2}
          onChange={set('streetAddress2')}
        />
      )}
      <Field label="City" autoComplete="address-level2" value={value.city} onChange={set('city')} />
      <div className="grid grid-cols-1 gap-4 sm2:grid-cols-2">
        <div>
          <label htmlFor={stateId} className="block text-sm font-semibold text-gray-900">
            State
          </label>
          <select
            id={stateId}
            autoComplete="address-level1"
            value={value.state}
            onChange={set('state')}
            className="mt-1 w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5"
          >
            <option value="">Choose a state</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          value={value.zipCode}
          onChange={set('zipCode')}
        />
      </div>
    </>
  );
}
