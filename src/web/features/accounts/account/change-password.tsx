import { accountMessages as m } from '#shared/accounts/account-messages.ts';
import { ChangePasswordBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { Field, FormError, SubmitButton, useFormFields, useSchemaCheck } from '#web/components/ui/form.tsx';
import { useChangePassword } from '#web/features/accounts/api/auth-mutations.ts';
import { NewPasswordFields } from '#web/features/accounts/components/new-password-fields.tsx';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/** Account › Change Password: old, new and confirm (SPEC §5 messages). */
export function ChangePassword() {
  const { values: form, setValues: setForm, setField, onInput } = useFormFields(EMPTY);
  const { error, setError, check } = useSchemaCheck(ChangePasswordBodySchema);
  const change = useChangePassword();
  const notify = useNotify();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = check(form);
    if (!parsed) return;
    change.mutate(form, {
      onSuccess: (res) => {
        setForm(EMPTY);
        notify({ type: 'success', message: res.message });
      },
      onError: (err) => {
        setError(err.message);
        notify({ type: 'error', message: m.passwordUpdateFailed(err.message) });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <Field
        label="Old password"
        type="password"
        autoComplete="current-password"
        value={form.oldPassword}
        onChange={onInput('oldPassword')}
      />
      <NewPasswordFields
        labels={['New password', 'Confirm new password']}
        password={form.password}
        confirmPassword={form.confirmPassword}
        onPassword={setField('password')}
        onConfirm={setField('confirmPassword')}
      />
      <FormError message={error} />
      <SubmitButton pending={change.isPending}>Change password</SubmitButton>
    </form>
  );
}
