import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { ChangePasswordBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { Field, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
import { useChangePassword } from '#web/features/accounts/api/auth-mutations.ts';
import { NewPasswordFields } from '#web/features/accounts/components/new-password-fields.tsx';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/** Account › Change Password: old, new and confirm (SPEC §5 messages). */
export function ChangePassword() {
  const form = useZodForm(ChangePasswordBodySchema, { defaultValues: EMPTY });
  const change = useChangePassword();
  const notify = useNotify();

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (res) => {
        form.reset(EMPTY);
        notify({ type: 'success', message: res.message });
      },
      onError: (err) => {
        form.serverError(err);
        notify({ type: 'error', message: accountMessages.passwordUpdateFailed(err.message) });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <Field
        label="Old password"
        type="password"
        autoComplete="current-password"
        {...form.field('oldPassword')}
      />
      <NewPasswordFields labels={['New password', 'Confirm new password']} field={form.field} />
      <FormError message={form.formError} />
      <SubmitButton pending={change.isPending}>Change password</SubmitButton>
    </form>
  );
}
