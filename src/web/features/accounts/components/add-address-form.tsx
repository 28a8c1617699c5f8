import { useId } from 'react';
import { AddAddressBodySchema, type Address, LOCATION_NAME_MAX } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
import { useAddAddress } from '#web/features/accounts/api/account-mutations.ts';
import { AddressFields, EMPTY_ADDRESS } from './address-fields.tsx';

const EMPTY_LOCATION = { ...EMPTY_ADDRESS, name: '' };

/**
 * Adds an address to the book (SPEC §5: all four fields, at most 5 addresses). Used by
 * Account › Address and by the checkout's Edit Address modal.
 */
export function AddAddressForm({
  title = 'Add an address',
  onAdded,
}: {
  title?: string;
  onAdded?: (address: Address) => void;
}) {
  const notify = useNotify();
  const headingId = useId();
  const form = useZodForm(AddAddressBodySchema, { defaultValues: EMPTY_LOCATION });
  // Cleared when the server accepts, before the list refreshes (see useAccountChanging).
  const add = useAddAddress((address) => {
    form.reset(EMPTY_LOCATION);
    notify({ type: 'success', message: 'Address added' });
    onAdded?.(address);
  });

  const submit = (e: React.FormEvent) => {
    // A form inside a dialog must not submit the page's own form behind it.
    e.stopPropagation();
    return form.handleSubmit(() => add.mutate(form.getValues(), { onError: form.serverError }))(e);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      <Field
        label="Location name (optional)"
        hint="What your business calls this address, such as a store's name."
        autoComplete="off"
        maxLength={LOCATION_NAME_MAX}
        {...form.field('name')}
      />
      <AddressFields field={form.field} />
      <FormError message={form.formError} />
      <SubmitButton pending={add.isPending}>Add address</SubmitButton>
    </form>
  );
}
