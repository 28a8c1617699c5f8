import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { CompleteProfileBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { AuthCard, FormError, SubmitButton, useZodForm } from '#web/components/ui/form.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { returnPath } from '#web/lib/return-to.ts';
import { useSession } from '#web/lib/session.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { useCompleteProfile } from './api/account-mutations.ts';
import { useUploadDocument } from './api/upload-document.ts';
import { AddressFields, EMPTY_ADDRESS } from './components/address-fields.tsx';
import { DocumentUpload, EMPTY_UPLOAD } from './components/document-upload.tsx';

/** /nextpage: complete the profile after sign-up with the business address (SPEC §2). */
export function NextPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const shortName = useStoreInfo().data?.shortName ?? 'Smokestack';
  const complete = useCompleteProfile();
  const form = useZodForm(CompleteProfileBodySchema, { defaultValues: EMPTY_ADDRESS });
  const [salesId, setSalesId] = useState(EMPTY_UPLOAD);
  const [licence, setLicence] = useState(EMPTY_UPLOAD);
  const [uploading, setUploading] = useState(false);
  const upload = useUploadDocument();

  if (session.isPending) return <PageSpinner />;
  const user = session.data?.user;
  if (!user || (user.isCompleted && !complete.isSuccess && !complete.isPending))
    return <Navigate to="/" replace />;

  const submit = form.handleSubmit(() => {
    if (salesId.error || licence.error) return;
    complete.mutate(form.getValues(), {
      // The address first (it completes the profile), then the optional documents, each with its progress bar.
      onSuccess: async (res) => {
        setUploading(true);
        const failures: string[] = [];
        for (const [kind, state, set] of [
          ['sales_id', salesId, setSalesId],
          ['tobacco_license', licence, setLicence],
        ] as const) {
          if (!state.file) continue;
          set({ ...state, percent: 0 });
          const failure = await upload(kind, state.file, (percent) => set((s) => ({ ...s, percent })));
          if (failure) {
            failures.push(failure);
            set((s) => ({ ...s, percent: null, error: failure }));
          }
        }
        setUploading(false);
        if (failures.length) {
          notify({ type: 'error', message: failures[0]! });
          navigate('/account?p=My%20Profile', { replace: true });
          return;
        }
        notify({ type: 'success', message: res.message });
        navigate(returnPath('/'), { replace: true });
      },
      onError: form.serverError,
    });
  });

  return (
    <AuthCard title="Complete your profile">
      <PageTitle>Complete your profile</PageTitle>
      <p className="-mt-3 mb-5 text-sm text-gray-700">
        Welcome, {user.name}. Add your business address to finish setting up {user.businessName}.
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <AddressFields field={form.field} withLine2 />
        <fieldset className="space-y-4 rounded-xl p-4 ring-1 ring-gray-200">
          <legend className="px-1 text-sm font-bold">Licenses (optional)</legend>
          <p className="text-xs text-gray-700">
            Providing your Sales ID and tobacco license enables unlimited product ordering. You can also add
            them later in My Profile.
          </p>
          <DocumentUpload kind="sales_id" state={salesId} onChange={setSalesId} />
          <DocumentUpload kind="tobacco_license" state={licence} onChange={setLicence} />
        </fieldset>
        <FormError message={form.formError} />
        <SubmitButton pending={complete.isPending || uploading}>
          {accountMessages.continueTo(shortName)}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
