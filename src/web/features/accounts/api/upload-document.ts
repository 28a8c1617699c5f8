import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { DocumentKind } from '#shared/accounts/accounts.schemas.ts';
import { apiUrl } from '#web/lib/api-client.ts';
import { LOCATIONS_KEY } from '#web/lib/locations.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { uploadWithProgress } from '#web/lib/upload.ts';

/**
 * Uploads a document with progress — the company's own, or a location's own when `locationId` is
 * given; resolves with null on success or the message to show.
 */
export function useUploadDocument(locationId?: string) {
  const qc = useQueryClient();
  return useCallback(
    async (kind: DocumentKind, file: File, onProgress: (p: number) => void): Promise<string | null> => {
      const path = locationId
        ? `company/locations/${encodeURIComponent(locationId)}/documents/${kind}`
        : `account/documents/${kind}`;
      try {
        const { status, body } = await uploadWithProgress(apiUrl(path), file, onProgress);
        if (status >= 200 && status < 300) {
          await Promise.all([
            qc.invalidateQueries({ queryKey: SESSION_KEY }),
            qc.invalidateQueries({ queryKey: LOCATIONS_KEY }),
          ]);
          return null;
        }
        const message = (body as { message?: unknown } | null)?.message;
        return typeof message === 'string' ? message : accountMessages.uploadFailed(kind);
      } catch {
        return accountMessages.uploadFailed(kind);
      }
    },
    [qc, locationId],
  );
}
