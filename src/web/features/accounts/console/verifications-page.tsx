import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_LABELS } from '#shared/accounts/document-status.ts';
import {
  RequestReuploadBodySchema,
  VerifyDocumentBodySchema,
} from '#shared/accounts/documents-staff.schemas.ts';
import { US_STATES } from '#shared/accounts/us-states.ts';
import { dayPlus, formatDateTime, formatDay, isoDay } from '#shared/dates.ts';
import {
  Button,
  DataTable,
  Loading,
  PageTitle,
  Panel,
  Select,
  TextArea,
} from '#web/components/console/console-ui.tsx';
import { Field, FormError, useZodForm } from '#web/components/ui/form.tsx';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { expiringDocumentsQuery, verificationQueueQuery } from '#web/features/accounts/console/queries.ts';
import { useAdminMutation } from '#web/lib/console-api.ts';
import type { QueuedDocumentSchema } from '#shared/accounts/documents-staff.schemas.ts';
import type { z } from 'zod';

type Queued = z.infer<typeof QueuedDocumentSchema>;

const label = (kind: Queued['kind']) => (kind === 'sales_id' ? 'Sales ID' : 'Tobacco license');

/** Documents waiting for review, oldest first, and those expiring in the next 30 days. */
export function VerificationsPage() {
  const queue = useQuery(verificationQueueQuery());
  const expiring = useQuery(expiringDocumentsQuery(30));
  const [openId, setOpenId] = useState<string | null>(null);
  const docs = queue.data?.documents ?? [];
  const open = docs.find((d) => d.id === openId) ?? null;

  return (
    <>
      <PageTitle>Verification queue</PageTitle>
      {queue.isPending ? (
        <Loading />
      ) : docs.length === 0 ? (
        <Panel>
          <p className="text-gray-800">No documents are waiting for review.</p>
        </Panel>
      ) : (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <ul aria-label="Waiting for review" className="space-y-2">
            {docs.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  aria-pressed={d.id === openId}
                  onClick={() => setOpenId(d.id)}
                  className={`w-full rounded-xl p-3 text-left ring-1 ${d.id === openId ? 'bg-gray-900 text-white ring-gray-900' : 'bg-white text-gray-900 ring-gray-200 hover:ring-gray-400'}`}
                >
                  <span className="block font-semibold">{d.buyer.businessName}</span>
                  <span className="block text-sm">
                    {label(d.kind)} · {d.buyer.name}
                  </span>
                  <span className="block text-sm">{forWhom(d.location)}</span>
                  <span className="block text-xs opacity-80">Uploaded {formatDateTime(d.uploadedAt)}</span>
                </button>
              </li>
            ))}
          </ul>
          {open ? (
            <ReviewPanel key={open.id} doc={open} onDone={() => setOpenId(null)} />
          ) : (
            <Panel>
              <p className="text-gray-800">Choose a document to review it.</p>
            </Panel>
          )}
        </div>
      )}

      <h2 className="mt-8 mb-3 text-lg font-bold">Expiring in the next 30 days</h2>
      {expiring.data && expiring.data.documents.length === 0 ? (
        <p className="text-gray-800">No verified document expires in the next 30 days.</p>
      ) : (
        <DataTable
          caption="Documents expiring in the next 30 days"
          head={['Expires', 'Document', 'Number', 'Buyer']}
        >
          {expiring.data?.documents.map((d) => (
            <tr key={d.id}>
              <td className="px-3 py-2">{d.expiresOn ? formatDay(d.expiresOn) : ''}</td>
              <td className="px-3 py-2">{label(d.kind)}</td>
              <td className="px-3 py-2">{d.documentNumber ?? '—'}</td>
              <td className="px-3 py-2">
                <Link className="font-semibold underline" to={`/admin/buyers/${d.buyer.id}`}>
                  {d.buyer.businessName}
                </Link>{' '}
                <span className="text-gray-700">{d.buyer.email}</span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

function ReviewPanel({ doc, onDone }: { doc: Queued; onDone: () => void }) {
  const notify = useNotify();
  const fileUrl = `/api/v1/admin/documents/${doc.id}/file`;
  const verifyForm = useZodForm(VerifyDocumentBodySchema, {
    defaultValues: { documentNumber: '', issuingState: '', expiresOn: dayPlus(isoDay(new Date()), 365) },
  });
  const reuploadForm = useZodForm(RequestReuploadBodySchema, { defaultValues: { note: '' } });
  const verify = useAdminMutation('POST', () => `documents/${doc.id}/verify`, 'MessageResponseSchema');
  const reupload = useAdminMutation(
    'POST',
    () => `documents/${doc.id}/request-reupload`,
    'MessageResponseSchema',
  );

  const done = (res: { message: string }) => {
    notify({ type: 'success', message: res.message });
    onDone();
  };
  const onVerify = verifyForm.handleSubmit((body) =>
    verify.mutate(body, { onSuccess: done, onError: verifyForm.serverError }),
  );
  const onReupload = reuploadForm.handleSubmit((body) =>
    reupload.mutate(body, { onSuccess: done, onError: reuploadForm.serverError }),
  );

  return (
    <Panel title={`${label(doc.kind)} — ${doc.buyer.businessName}`}>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Buyer</dt>
        <dd>
          <Link className="underline" to={`/admin/buyers/${doc.buyer.id}`}>
            {doc.buyer.name}
          </Link>{' '}
          ({doc.buyer.email})
        </dd>
        <dt className="font-semibold">Company</dt>
        <dd>
          <Link className="underline" to={`/admin/companies/${doc.companyId}`}>
            {doc.buyer.businessName}
          </Link>
        </dd>
        <dt className="font-semibold">For</dt>
        <dd>{forWhom(doc.location)}</dd>
        <dt className="font-semibold">File</dt>
        <dd className="break-all">
          {doc.originalName} · {(doc.size / 1024).toFixed(0)} kB ·{' '}
          <a className="underline" href={fileUrl} target="_blank" rel="noreferrer">
            open in a new tab
          </a>
        </dd>
      </dl>
      <div className="overflow-hidden rounded-lg bg-gray-100 ring-1 ring-gray-200">
        {doc.contentType.startsWith('image/') ? (
          <img
            src={fileUrl}
            alt={`${label(doc.kind)} of ${doc.buyer.businessName}`}
            className="mx-auto max-h-[32rem] object-contain"
          />
        ) : doc.contentType === 'application/pdf' ? (
          <iframe
            src={fileUrl}
            title={`${label(doc.kind)} of ${doc.buyer.businessName}`}
            className="h-[32rem] w-full"
          />
        ) : (
          <p className="p-4 text-sm">
            This file type cannot be previewed here: open it in a new tab to read it.
          </p>
        )}
      </div>

      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        <form onSubmit={onVerify} className="space-y-3" aria-label="Verify" noValidate>
          <h3 className="font-bold">Verify</h3>
          <Field
            label={doc.kind === 'sales_id' ? 'Certificate number' : 'License number'}
            {...verifyForm.field('documentNumber')}
          />
          <Select label="Issuing state" {...verifyForm.field('issuingState')}>
            <option value="">Choose…</option>
            {US_STATES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </Select>
          <Field label="Expires on" type="date" {...verifyForm.field('expiresOn')} />
          <FormError message={verifyForm.formError} />
          <Button type="submit" tone="success" disabled={verify.isPending}>
            Verify {DOCUMENT_LABELS[doc.kind]}
          </Button>
        </form>
        <form onSubmit={onReupload} className="space-y-3" aria-label="Request a new upload" noValidate>
          <h3 className="font-bold">Request a new upload</h3>
          <TextArea
            label="Note to the buyer"
            hint="Emailed to the buyer; say what to fix."
            rows={4}
            maxLength={500}
            {...reuploadForm.field('note')}
          />
          <FormError message={reuploadForm.formError} />
          <Button type="submit" tone="danger" disabled={reupload.isPending}>
            Request re-upload
          </Button>
        </form>
      </div>
    </Panel>
  );
}

/**
 * Whom a document stands for (decision 015): one location's own (its name, else its street, and
 * state: a license is verified for the state it was issued in), else the whole company.
 */
function forWhom(location: { name: string; state: string } | null): string {
  return location ? `Location: ${location.name} (${location.state})` : 'The company (every location)';
}
