import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CompanyTermsBodySchema } from '#shared/receivables/receivables-settings.schemas.ts';
import { receivablesMessages } from '#shared/receivables/receivables.messages.ts';
import { PAYMENT_TERMS, type PaymentTerms, TERMS } from '#shared/receivables/terms.ts';
import { Button, Loading, Select } from '#web/components/console/console-ui.tsx';
import { FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { errorMessage, useAdminMutation } from '#web/lib/console-api.ts';
import { Card } from './card.tsx';
import { companyPath, companyTermsQuery, receivablesSettingsQuery } from './queries.ts';

/** The terms select: empty is the store's default (null). */
const TermsFormSchema = z.object({
  paymentTerms: z
    .literal('')
    .transform(() => null)
    .or(CompanyTermsBodySchema.shape.paymentTerms),
});

/** The company's payment terms: its own, or the store's default; changed by `receivables`. */
export function TermsCard({ companyId, writes }: { companyId: string; writes: boolean }) {
  const terms = useQuery(companyTermsQuery(companyId));
  // The default's name ("Store default (Net 15)") comes from the settings, which `receivables` reads.
  const settings = useQuery({ ...receivablesSettingsQuery(), enabled: writes });
  return (
    <Card title="Payment terms">
      {terms.isPending ? (
        <Loading />
      ) : terms.error ? (
        <p role="alert">{terms.error.message}</p>
      ) : (
        <>
          <p className="text-sm">
            {TERMS[terms.data.effectiveTerms].label}{' '}
            <span className="text-gray-700">
              ({terms.data.paymentTerms ? "the company's own" : "the store's default"})
            </span>
          </p>
          {!writes ? null : settings.data ? (
            <TermsForm
              companyId={companyId}
              own={terms.data.paymentTerms}
              storeDefault={settings.data.defaultTerms}
            />
          ) : settings.error ? (
            <FormError message={errorMessage(settings.error)} />
          ) : (
            <Loading />
          )}
        </>
      )}
    </Card>
  );
}

function TermsForm({
  companyId,
  own,
  storeDefault,
}: {
  companyId: string;
  own: PaymentTerms | null;
  storeDefault: PaymentTerms;
}) {
  const notify = useNotify();
  const form = useZodForm(TermsFormSchema, { values: { paymentTerms: own ?? '' } });
  const save = useAdminMutation('PUT', () => companyPath(companyId, 'terms'), 'CompanyTermsSchema');
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify({ type: 'success', message: receivablesMessages.termsSaved }),
      onError: form.serverError,
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Payment terms"
      className="mt-3 flex flex-wrap items-end gap-2"
    >
      <Select label="Terms" className="min-w-0 flex-1" {...form.field('paymentTerms')}>
        <option value="">Store default ({TERMS[storeDefault].label})</option>
        {PAYMENT_TERMS.map((t) => (
          <option key={t} value={t}>
            {TERMS[t].label}
          </option>
        ))}
      </Select>
      <Button type="submit" tone="secondary" disabled={save.isPending}>
        Save terms
      </Button>
      <div className="w-full">
        <FormError message={form.formError} />
        <p className="mt-1 text-xs text-gray-700">Invoices already issued keep their terms.</p>
      </div>
    </form>
  );
}
