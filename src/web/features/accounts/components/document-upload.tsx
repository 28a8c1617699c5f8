import { useId } from 'react';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { type DocumentKind, MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from '#shared/accounts/accounts.schemas.ts';

export const DOCUMENT_LABEL: Record<DocumentKind, string> = {
  sales_id: 'Sales ID',
  tobacco_license: 'Tobacco License',
};
const ALLOWED = /\.(jpe?g|png|pdf|docx?)$/i;

/** The same first checks the server makes (it then checks the content): size and kind of file. */
export function checkFile(file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return accountMessages.fileTooLarge;
  if (!ALLOWED.test(file.name)) return accountMessages.wrongFileType;
  return null;
}

export interface UploadState {
  file: File | null;
  percent: number | null;
  error: string | null;
}
export const EMPTY_UPLOAD: UploadState = { file: null, percent: null, error: null };

/** A file picker with its progress bar: 'Uploading...' then 'Uploaded' at 100% (SPEC §4). */
export function DocumentUpload({
  kind,
  state,
  onChange,
}: {
  kind: DocumentKind;
  state: UploadState;
  onChange: (s: UploadState) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {DOCUMENT_LABEL[kind]}
      </label>
      <input
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          onChange({ file, percent: null, error: file ? checkFile(file) : null });
        }}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={`${id}-hint${state.error ? ` ${id}-error` : ''}`}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-gray-900 file:px-3 file:py-2 file:font-semibold file:text-white"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-700">
        JPEG, PNG, PDF or Word, up to 8 MB.
      </p>
      {state.percent !== null && (
        <div className="mt-2">
          <div
            role="progressbar"
            aria-label={`${DOCUMENT_LABEL[kind]} upload`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            className="h-2 overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full bg-green-600 transition-all" style={{ width: `${state.percent}%` }} />
          </div>
          <p className="mt-1 text-xs font-semibold text-gray-800" aria-live="polite">
            {state.percent >= 100 ? 'Uploaded' : 'Uploading...'} {state.percent}%
          </p>
        </div>
      )}
      {state.error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}
