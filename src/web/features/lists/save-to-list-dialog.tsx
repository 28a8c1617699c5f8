import { useEffect } from 'react';
import { type ListItemsBody, SaveToListFormSchema } from '#shared/lists/lists.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { DialogShell } from '#web/components/ui/dialog-shell.tsx';
import { Field, FormError, SelectField, useZodForm } from '#web/components/ui/form.tsx';
import { useCreateList, useLists, useSaveToList } from './api/lists.ts';

/** Choose one of my lists, or name a new one, and save the items to it. */
export default function SaveToListDialog({
  items,
  onClose,
}: {
  items: ListItemsBody['items'];
  onClose: () => void;
}) {
  const lists = useLists();
  const create = useCreateList();
  const save = useSaveToList();
  const notify = useNotify();
  const form = useZodForm(SaveToListFormSchema, { defaultValues: { listId: 'new', name: '' } });
  const listId = form.watch('listId');
  const first = lists.data?.lists[0]?.id;
  // With lists, the latest changed one is chosen; without, a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the lists arrive
  useEffect(() => {
    if (first !== undefined) form.setValue('listId', String(first));
  }, [first]);
  const pending = create.isPending || save.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const id = values.listId === 'new' ? (await create.mutateAsync(values.name)).id : Number(values.listId);
      const { message } = await save.mutateAsync({ id, items });
      notify({ type: 'success', message });
      onClose();
    } catch (err) {
      form.serverError(err as Error);
    }
  });

  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      title="Save to list"
      contentClassName="fixed left-1/2 top-1/2 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5"
    >
      <p className="mt-1 text-sm text-gray-700">
        {items.length} item{items.length === 1 ? '' : 's'} to save. Quantities add to what a list already
        holds.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3" aria-label="Save to list">
        <SelectField label="List" {...form.field('listId')}>
          {lists.data?.lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.itemCount})
            </option>
          ))}
          <option value="new">New list…</option>
        </SelectField>
        {listId === 'new' && <Field label="New list name" autoComplete="off" {...form.field('name')} />}
        <FormError message={form.formError} />
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-lg bg-gray-900 px-4 py-2.5 font-semibold text-white hover:bg-gray-700 disabled:opacity-60"
        >
          {pending ? 'Saving…' : 'Save'}
        </button>
      </form>
    </DialogShell>
  );
}
