import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangePasswordBody, ChangePasswordBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { SecondFactorBodySchema } from '#shared/staff/staff.schemas.ts';
import { AuthCard, Field, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
import { errorMessage, staffMeQuery } from '#web/lib/console-api.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';
import { Button } from '#web/components/console/console-ui.tsx';
import { QrCode } from '#web/app/console/qr-code.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';

type OnError = { onError: (err: Error) => void };

/** A key as people read and type it: groups of four ("JBSW Y3DP EHPK 3PXP"). */
export const groupsOfFour = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/** The recovery codes as a text file: one a line, with what they are for. */
export function recoveryCodesFile(codes: readonly string[], account: string, at: Date): string {
  return [
    `Recovery codes for ${account}`,
    `Made ${at.toISOString().slice(0, 10)}. Each signs you in once, instead of the authenticator code.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Copy, download (a .txt file) and print the recovery codes. */
function RecoveryCodeActions({ codes }: { codes: readonly string[] }) {
  const account = typeof window === 'undefined' ? 'the console' : window.location.host;
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([recoveryCodesFile(codes, account, new Date())], { type: 'text/plain' }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 print:hidden">
      <CopyButton
        text={codes.join('\n')}
        label="recovery codes"
        caption="Copy"
        className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold text-gray-900"
      />
      <button
        type="button"
        onClick={download}
        className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
      >
        Download
      </button>
      <button
        type="button"
        onClick={() => window.print()}
        className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
      >
        Print
      </button>
    </div>
  );
}

/** One code (authenticator or recovery), checked by the server's own schema before it is sent. */
function CodeForm({
  label,
  hint,
  submit,
  pending,
}: {
  label: string;
  hint: string;
  submit: (code: string, handlers: OnError) => void;
  pending: boolean;
}) {
  const form = useZodForm(SecondFactorBodySchema, { defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(() => submit(form.getValues().code, { onError: form.serverError }));
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field
        label={label}
        hint={hint}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        {...form.field('code')}
      />
      <FormError message={form.formError} />
      <SubmitButton pending={pending}>Continue</SubmitButton>
    </form>
  );
}

/** Staff whose session has not given its second factor: the authenticator code or a recovery code. */
export function TwoFactorSignIn() {
  const qc = useQueryClient();
  const verify = useMutation({
    mutationFn: (code: string) => apiPost(apiUrl('admin/2fa/verify'), { code }, 'MessageResponseSchema'),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffMeQuery().queryKey }),
  });
  return (
    <AuthCard title="Two-factor sign-in">
      <CodeForm
        label="Authentication code"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        submit={(code, handlers) => verify.mutate(code, handlers)}
        pending={verify.isPending}
      />
    </AuthCard>
  );
}

/** First sign-in: scan the QR code, confirm with a first code, keep the recovery codes. */
export function TwoFactorSetup() {
  const qc = useQueryClient();
  const setup = useMutation({
    mutationFn: () => apiPost(apiUrl('admin/2fa/setup'), {}, 'TotpSetupResponseSchema'),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => apiPost(apiUrl('admin/2fa/confirm'), { code }, 'TotpConfirmResponseSchema'),
  });
  if (confirm.data) {
    return (
      <AuthCard title="Keep your recovery codes">
        <p className="text-sm text-gray-800">
          Each code signs you in once if you lose your phone. They are shown only now: print them or keep them
          in a password manager.
        </p>
        <ul
          aria-label="Recovery codes"
          className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm print:text-base"
        >
          {confirm.data.recoveryCodes.map((c) => (
            <li key={c} className="rounded bg-gray-100 px-2 py-1 text-center">
              {c}
            </li>
          ))}
        </ul>
        <RecoveryCodeActions codes={confirm.data.recoveryCodes} />
        <Button
          className="mt-6 w-full"
          onClick={() => qc.invalidateQueries({ queryKey: staffMeQuery().queryKey })}
        >
          I have saved them — open the console
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set up two-factor sign-in">
      <p className="text-sm text-gray-800">
        Staff see buyers' identity documents, so a password alone is not enough. Add this account to an
        authenticator app (Google Authenticator, 1Password, Authy…).
      </p>
      {!setup.data ? (
        <>
          <FormError message={setup.error ? errorMessage(setup.error) : null} />
          <Button className="mt-5 w-full" disabled={setup.isPending} onClick={() => setup.mutate()}>
            Show the QR code
          </Button>
        </>
      ) : (
        <div className="mt-5 space-y-4">
          <div className="flex justify-center">
            <QrCode value={setup.data.uri} label="QR code for your authenticator app" />
          </div>
          <div className="text-sm text-gray-800">
            <p>Cannot scan? Enter this key by hand (the spaces are only for reading):</p>
            <p className="mt-1 flex flex-wrap items-center gap-1">
              <code
                data-testid="totp-secret"
                className="rounded bg-gray-100 px-1.5 py-0.5 font-mono tracking-wide"
              >
                {groupsOfFour(setup.data.secret)}
              </code>
              <CopyButton text={setup.data.secret} label="key" />
            </p>
          </div>
          <CodeForm
            label="Code from the app"
            hint="Type the 6-digit code the app shows now."
            submit={(code, handlers) => confirm.mutate(code, handlers)}
            pending={confirm.isPending}
          />
        </div>
      )}
    </AuthCard>
  );
}

/** Staff signed in with the one-time password staff:create printed: their own password first. */
export function ChooseOwnPassword() {
  const qc = useQueryClient();
  const form = useZodForm(ChangePasswordBodySchema, {
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiPost(apiUrl('auth/change-password'), body, 'MessageResponseSchema'),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffMeQuery().queryKey }),
  });
  const onSubmit = form.handleSubmit((body) => change.mutate(body, { onError: form.serverError }));
  return (
    <AuthCard title="Choose your password">
      <p className="mb-4 text-sm text-gray-800">
        You signed in with a one-time password. Choose your own before opening the console.
      </p>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field
          label="One-time password"
          type="password"
          autoComplete="current-password"
          {...form.field('oldPassword')}
        />
        <Field label="New password" type="password" autoComplete="new-password" {...form.field('password')} />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <FormError message={form.formError} />
        <SubmitButton pending={change.isPending}>Save password</SubmitButton>
      </form>
    </AuthCard>
  );
}
