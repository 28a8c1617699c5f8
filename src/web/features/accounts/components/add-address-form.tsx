import { useId, useState } from 'react';
import { AddAddressBodySchema, type Address } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { FormError, SubmitButton, useSchemaCheck } from '#web/components/ui/form.tsx';
import { useAddAddress } from '#web/features/accounts/api/account-mutations.ts';
import { AddressFields, EMPTY_ADDRESS } from './address-fields.tsx';

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
  const add = useAddAddress();
  const notify = useNotify();
  const headingId = useId();
  const [form, setForm] = useState(EMPTY_ADDRESS);
  const { error, setError, check } = useSchemaCheck(AddAddressBodySchema);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // A form inside a dialog must not submit the page's own form behind it.
    e.stopPropagation();
    if (!check(form)) return;
    add.mutate(form, {
      onSuccess: (address) => {
        setForm(EMPTY_ADDRESS);
        notify({ type: 'success', message: 'Address added' });
        onAdded?.(address);
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      <AddressFields value={form} onChange={setForm} />
      <FormError message={error} />
      <SubmitButton pending={add.isPending}>Add address</SubmitButton>
    </form>
  );
}
