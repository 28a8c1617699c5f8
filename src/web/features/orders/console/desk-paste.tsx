import { useState } from 'react';
import { QUICK_ORDER_MAX_CHARS, quickOrderMessages } from '#shared/cart/quick-order.ts';
import { type DeskPasteResult, DeskPasteBodySchema } from '#shared/orders/desk.schemas.ts';
import { Button, Panel, TextArea } from '#web/components/console/console-ui.tsx';
import { FormError, useZodForm } from '#web/components/ui/form.tsx';
import { usePasteDeskLines, useShowDraft } from './desk-api.ts';

const linesWord = (lines: readonly number[]) =>
  `${lines.length === 1 ? 'Line' : 'Lines'} ${lines.join(', ')}`;

/**
 * Lines pasted from a sheet or a mail, read as the buyer's quick order reads them; what could not
 * be added is listed with its line numbers and why, and the box is emptied for the next paste.
 */
export function DeskPaste({ companyId }: { companyId: string }) {
  const form = useZodForm(DeskPasteBodySchema, { defaultValues: { text: '' } });
  const paste = usePasteDeskLines(companyId);
  const show = useShowDraft(companyId);
  const [result, setResult] = useState<DeskPasteResult | null>(null);
  const submit = form.handleSubmit((body) => {
    if (!body.text.trim()) {
      form.setError('text', { type: 'empty', message: quickOrderMessages.empty }, { shouldFocus: true });
      return;
    }
    paste.mutate(body, {
      onSuccess: (answer) => {
        show(answer.draft);
        setResult(answer);
        form.reset({ text: '' });
      },
      onError: form.serverError,
    });
  });
  return (
    <Panel title="Paste lines">
      <form onSubmit={submit} noValidate aria-label="Paste lines" className="grid gap-2">
        <TextArea
          label="Lines to add"
          rows={4}
          maxLength={QUICK_ORDER_MAX_CHARS}
          spellCheck={false}
          hint="One a line: a SKU, then a quantity, like VX-100-MINT 20 or VX-100-MINT,20."
          {...form.field('text')}
        />
        <FormError message={form.formError} />
        <div>
          <Button type="submit" tone="secondary" disabled={paste.isPending}>
            Add lines
          </Button>
        </div>
      </form>
      {result && (
        <div className="mt-3 text-sm">
          <p role="status" className="font-medium">
            {result.message}
          </p>
          {result.notAdded.length > 0 && (
            <ul aria-label="Lines not added" className="mt-2 space-y-1">
              {result.notAdded.map((n) => (
                <li
                  key={`${n.lines.join(',')}-${n.sku}`}
                  className="rounded-lg bg-red-50 px-3 py-2 text-red-900 ring-1 ring-red-200"
                >
                  {linesWord(n.lines)}: <span className="font-mono">{n.sku}</span> — {n.problem}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  );
}
