import { COMPANY_ROLES, mayHaveLimit } from '#shared/companies/companies.rules.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '#shared/companies/companies.messages.ts';
import { Field, type FieldProps, SelectField } from '#web/components/ui/form.tsx';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * A role and, for a buyer, an order limit in dollars (empty: none): the invite form and a member's
 * form share them. The limit's box shows only while the role is buyer (only a buyer has one).
 */
export function RoleFields({
  role,
  field,
  idPrefix,
}: {
  role: string;
  field: (name: 'role' | 'orderLimit') => FieldProps;
  /** Tells the fields of one member's form from another's for a screen reader. */
  idPrefix?: string;
}) {
  const label = (text: string) => (idPrefix ? `${text} for ${idPrefix}` : text);
  return (
    <>
      <SelectField
        label={label('Role')}
        hint={ROLE_DESCRIPTIONS[role as keyof typeof ROLE_DESCRIPTIONS]}
        {...field('role')}
      >
        {COMPANY_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      {mayHaveLimit(role) && (
        <Field
          label={label('Order limit in dollars (optional)')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="No limit"
          hint="The most one of their orders may total before an owner approves it. Empty: no limit."
          {...field('orderLimit')}
        />
      )}
    </>
  );
}

/** The server's answer on the form's boxes: it names the body's `orderLimitCents`, the box is `orderLimit`. */
export const onLimitBox =
  (serverError: (err: Error) => void) =>
  (err: Error): void =>
    serverError(
      err instanceof ApiError && err.field === 'orderLimitCents'
        ? new ApiError(err.status, err.message, 'orderLimit')
        : err,
    );
