import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { DocumentKind } from '#shared/accounts/accounts.schemas.ts';
import { apiUrl } from '#web/lib/api-client.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { uploadWithProgress } from '#web/lib/upload.ts';

/** Uploads a document with progress; resolves with null on success or the message to show. */
export function useUploadDocument() {
  const qc = useQueryClient();
  return useCallback(
    async (kind: DocumentKind, file: File, onProgress: (p: number) => void): Promise<string | null> => {
      try {
        const { status, body } = await uploadWithProgress(
          apiUrl(`account/documents/${kind}`),
          file,
          onProgress,
        );
        if (status >= 200 && status < 300) {
          await qc.invalidateQueries({ queryKey: SESSION_KEY });
          return null;
        }
        const message = (body as { message?: unknown } | null)?.message;
        return typeof message === 'string' ? message : accountMessages.uploadFailed(kind);
      } catch {
        return accountMessages.uploadFailed(kind);
      }
    },
    [qc],
  );
}
