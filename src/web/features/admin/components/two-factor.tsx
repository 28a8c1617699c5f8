import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AuthCard, Field, FormError, SubmitButton } from '#web/components/ui/form.tsx';
import { errorMessage, STAFF_ME_KEY } from '#web/features/admin/api/admin-queries.ts';
import { apiPost, apiUrl } from '#web/lib/api-client.ts';
import { Button } from './console-ui.tsx';
import { QrCode } from './qr-code.tsx';

function CodeForm({
  label,
  hint,
  submit,
  pending,
  error,
}: {
  label: string;
  hint: string;
  submit: (code: string) => void;
  pending: boolean;
  error: string | null;
}) {
  const [code, setCode] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field
        label={label}
        hint={hint}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <FormError message={error} />
      <SubmitButton pending={pending}>Continue</SubmitButton>
    </form>
  );
}

/** Staff whose session has not given its second factor: the authenticator code or a recovery code. */
export function TwoFactorSignIn() {
  const qc = useQueryClient();
  const verify = useMutation({
    mutationFn: (code: string) => apiPost(apiUrl('admin/2fa/verify'), { code }, 'MessageResponseSchema'),
    onSuccess: () => qc.invalidateQueries({ queryKey: STAFF_ME_KEY }),
  });
  return (
    <AuthCard title="Two-factor sign-in">
      <CodeForm
        label="Authentication code"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        submit={(code) => verify.mutate(code)}
        pending={verify.isPending}
        error={verify.error ? errorMessage(verify.error) : null}
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
        <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm">
          {confirm.data.recoveryCodes.map((c) => (
            <li key={c} className="rounded bg-gray-100 px-2 py-1 text-center">
              {c}
            </li>
          ))}
        </ul>
        <Button className="mt-6 w-full" onClick={() => qc.invalidateQueries({ queryKey: STAFF_ME_KEY })}>
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
          <p className="text-sm text-gray-800">
            Cannot scan? Enter this key by hand:{' '}
            <code data-testid="totp-secret" className="break-all rounded bg-gray-100 px-1 font-mono">
              {setup.data.secret}
            </code>
          </p>
          <CodeForm
            label="Code from the app"
            hint="Type the 6-digit code the app shows now."
            submit={(code) => confirm.mutate(code)}
            pending={confirm.isPending}
            error={confirm.error ? errorMessage(confirm.error) : null}
          />
        </div>
      )}
    </AuthCard>
  );
}

/** Staff signed in with the one-time password staff:create printed: their own password first. */
export function ChooseOwnPassword() {
  const qc = useQueryClient();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const change = useMutation({
    mutationFn: () =>
      apiPost(
        apiUrl('auth/change-password'),
        { oldPassword, password, confirmPassword },
        'MessageResponseSchema',
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: STAFF_ME_KEY }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
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
          value={oldPassword}
          onChange={(e) => setOld(e.target.value)}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FormError message={change.error ? errorMessage(change.error) : null} />
        <SubmitButton pending={change.isPending}>Save password</SubmitButton>
      </form>
    </AuthCard>
  );
}
