import { US_STATES } from '#shared/accounts/us-states.ts';
import { Field, type FieldProps, SelectField } from '#web/components/ui/form.tsx';

export const EMPTY_ADDRESS = { streetAddress: '', streetAddress2: '', city: '', state: '', zipCode: '' };
type AddressKey = keyof typeof EMPTY_ADDRESS;

/** Street, (street 2), city, a US state select and ZIP: shared by /nextpage and the address book. */
export function AddressFields({
  field,
  withLine2 = false,
}: {
  field: (name: AddressKey) => FieldProps;
  withLine2?: boolean;
}) {
  return (
    <>
      <Field label="Street address" autoComplete="address-line1" {...field('streetAddress')} />
      {withLine2 && (
        <Field
          label="Street address 2 (optional)"
          autoComplete="address-line2"
          {...field('streetAddress2')}
        />
      )}
      <Field label="City" autoComplete="address-level2" {...field('city')} />
      <div className="grid grid-cols-1 gap-4 sm2:grid-cols-2">
        <SelectField label="State" autoComplete="address-level1" {...field('state')}>
          <option value="">Choose a state</option>
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <Field label="ZIP code" inputMode="numeric" autoComplete="postal-code" {...field('zipCode')} />
      </div>
    </>
  );
}
