import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { US_STATES } from '#shared/accounts/us-states.ts';
import { PRODUCT_KIND_LABELS, PRODUCT_KINDS } from '#shared/compliance/compliance.constants.ts';
import { FormError } from '#web/components/ui/form.tsx';
import { Button, Select } from '#web/components/console/console-ui.tsx';

/** A box of the states and territories by name (the value is the postal code), after a first choice. */
export function StateSelect({
  first,
  ...props
}: ComponentProps<typeof Select> & { first: { value: string; label: string } }) {
  return (
    <Select {...props}>
      <option value={first.value}>{first.label}</option>
      {US_STATES.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </Select>
  );
}

/** The kinds of product a rule or a rate is about, as boxes (the field is an array of kinds). */
export function KindBoxes({
  legend,
  registration,
  error,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {PRODUCT_KINDS.map((k) => (
          <label key={k} className="inline-flex min-h-10 items-center gap-2 text-sm">
            <input type="checkbox" value={k} className="size-4 accent-gray-900" {...registration} />
            {PRODUCT_KIND_LABELS[k]}
          </label>
        ))}
      </div>
      {error && (
        <p className="mt-1 text-sm text-red-800" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** An editor's foot: the form's own error, then save and cancel. */
export function EditorFooter({
  formError,
  saving,
  submitLabel,
  onCancel,
}: {
  formError: string | undefined;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <div className="mt-3">
        <FormError message={formError} />
      </div>
      <div className="mt-3 flex gap-2">
        <Button type="submit" disabled={saving}>
          {submitLabel}
        </Button>
        <Button tone="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
