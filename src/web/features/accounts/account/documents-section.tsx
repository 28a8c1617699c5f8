import { useState } from 'react';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { Document, DocumentKind, Profile } from '#shared/accounts/accounts.schemas.ts';
import { formatDay } from '#shared/dates.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { useUploadDocument } from '#web/features/accounts/api/upload-document.ts';
import {
  DOCUMENT_LABEL,
  DocumentUpload,
  EMPTY_UPLOAD,
} from '#web/features/accounts/components/document-upload.tsx';
import { apiUrl } from '#web/lib/api-client.ts';
import { useMayOrder } from '#web/lib/session.ts';

/** My Profile › documents: state, download link, and an upload when one is needed (SPEC §2). */
export function DocumentsSection({ user }: { user: Profile }) {
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title" className="text-lg font-bold">
        Licenses
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Providing your Sales ID and tobacco license enables unlimited product ordering. Otherwise certain
        features may be restricted.
      </p>
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <DocumentCard kind="tobacco_license" doc={user.documents.tobaccoLicense} />
        <DocumentCard kind="sales_id" doc={user.documents.salesId} />
      </div>
    </section>
  );
}

/**
 * One document: its state, a download link and, when one is needed, an upload. The company's own
 * (My Profile), or a location's own (`locationId`, the Locations page).
 */
export function DocumentCard({
  kind,
  doc,
  locationId,
  children,
}: {
  kind: DocumentKind;
  doc: Document | null;
  locationId?: string;
  /** Said instead of "Not uploaded yet." when there is none (a location: whose stands for it). */
  children?: React.ReactNode;
}) {
  const [state, setState] = useState(EMPTY_UPLOAD);
  const upload = useUploadDocument(locationId);
  const notify = useNotify();
  // A viewer sees the documents, and uploads none (decision 015).
  const canUpload =
    useMayOrder() && (!doc || doc.status === 'reupload_requested' || doc.status === 'expired');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!state.file) return setState({ ...state, error: accountMessages.uploadMissing(kind) });
    if (state.error) return;
    setState({ ...state, percent: 0 });
    const error = await upload(kind, state.file, (percent) => setState((s) => ({ ...s, percent })));
    if (error) setState((s) => ({ ...s, percent: null, error }));
    else {
      notify({ type: 'success', message: accountMessages.documentUploaded(kind) });
      setState(EMPTY_UPLOAD);
    }
  };

  return (
    <div className="rounded-xl p-4 ring-1 ring-gray-200">
      <h3 className="font-bold">{DOCUMENT_LABEL[kind]}</h3>
      {doc ? (
        <div className="mt-2 space-y-1 text-sm">
          <p>
            <a
              href={apiUrl(
                locationId
                  ? `company/locations/${encodeURIComponent(locationId)}/documents/${kind}`
                  : `account/documents/${kind}`,
              )}
              download
              className="font-semibold text-blue-800 underline"
            >
              Download {doc.originalName}
            </a>
          </p>
          <p className={doc.status === 'verified' ? 'font-bold text-green-800' : 'font-bold text-amber-800'}>
            {doc.status === 'verified'
              ? `${accountMessages.verified}${doc.expiresOn ? ` (valid until ${formatDay(doc.expiresOn)})` : ''}`
              : doc.status === 'pending'
                ? accountMessages.verificationPending
                : doc.status === 'expired'
                  ? `Expired on ${doc.expiresOn ? formatDay(doc.expiresOn) : 'an earlier day'}: please upload the renewed one`
                  : 'Please upload it again'}
          </p>
          {doc.status === 'reupload_requested' && doc.note && (
            <p className="text-gray-800">Our note: {doc.note}</p>
          )}
        </div>
      ) : (
        (children ?? <p className="mt-2 text-sm text-gray-700">Not uploaded yet.</p>)
      )}
      {canUpload && (
        <form onSubmit={submit} noValidate className="mt-3 space-y-3">
          <DocumentUpload kind={kind} state={state} onChange={setState} />
          <button
            type="submit"
            disabled={state.percent !== null && state.percent < 100}
            className="rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700 disabled:opacity-60"
          >
            Submit
          </button>
        </form>
      )}
    </div>
  );
}
