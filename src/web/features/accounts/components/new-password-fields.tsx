import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/accounts/accounts.rules.ts';
import { Field, type FieldProps } from '#web/components/ui/form.tsx';

/** A new password and its confirmation: sign-up, reset and Change Password use the same pair. */
export function NewPasswordFields({
  labels = ['Password', 'Confirm password'],
  field,
}: {
  labels?: [string, string];
  field: (name: 'password' | 'confirmPassword') => FieldProps;
}) {
  return (
    <>
      <Field
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
        {...field('password')}
      />
      <Field label={labels[1]} type="password" autoComplete="new-password" {...field('confirmPassword')} />
    </>
  );
}
