import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { accountMessages as m } from '#shared/accounts/account-messages.ts';
import { CompleteProfileBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '../../app/notifications.tsx';
import { PageSpinner } from '../../app/root-layout.tsx';
import { AuthCard, FormError, SubmitButton } from '../../components/ui/form.tsx';
import { useStoreInfo } from '../store/api/get-store-info.ts';
import { useCompleteProfile } from './api/account-mutations.ts';
import { useSession } from './api/get-session.ts';
import { AddressFields, EMPTY_ADDRESS } from './components/address-fields.tsx';

/** /nextpage: complete the profile after sign-up with the business address (SPEC §2). */
export function NextPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const shortName = useStoreInfo().data?.shortName ?? 'Smokestack';
  const complete = useCompleteProfile();
  const [form, setForm] = useState(EMPTY_ADDRESS);
  const [error, setError] = useState<string | null>(null);

  if (session.isPending) return <PageSpinner />;
  const user = session.data?.user;
  if (!user || (user.isCompleted && !complete.isSuccess)) return <Navigate to="/" replace />;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = CompleteProfileBodySchema.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    complete.mutate(form, {
      onSuccess: (res) => {
        notify({ type: 'success', message: res.message });
        navigate('/', { replace: true });
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <AuthCard title="Complete your profile">
      <title>Complete your profile · Smokestack</title>
      <p className="-mt-3 mb-5 text-sm text-gray-700">
        Welcome, {user.name}. Add your business address to finish setting up {user.businessName}.
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <AddressFields value={form} onChange={setForm} withLine2 />
        <FormError message={error} />
        <SubmitButton pending={complete.isPending}>{m.continueTo(shortName)}</SubmitButton>
      </form>
    </AuthCard>
  );
}
