import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/accounts/accounts.rules.ts';
import { Field } from '#web/components/ui/form.tsx';

/** A new password and its confirmation: sign-up, reset and Change Password use the same pair. */
export function NewPasswordFields({
  labels = ['Password', 'Confirm password'],
  password,
  confirmPassword,
  onPassword,
  onConfirm,
}: {
  labels?: [string, string];
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <Field
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
      />
      <Field
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
