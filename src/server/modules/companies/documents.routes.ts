import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Invalid } from '#server/errors.ts';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, ORDERING, writesFor } from '#server/plugins/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { DOCUMENT_KINDS, MAX_UPLOAD_BYTES, ProfileMessageSchema } from '#shared/accounts/accounts.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { reloadUserRow } from '#server/modules/accounts/account.routes.ts';
import { loadProfile } from '#server/modules/accounts/accounts.service.ts';
import { findDocument, openDocumentFile, uploadDocument } from './documents.service.ts';

const tags = ['account'];
const errors = ERROR_RESPONSES;
const KindParams = z.object({ kind: z.enum(DOCUMENT_KINDS, { message: accountMessages.documentNotFound }) });

/** /api/v1/account/documents: the buyer uploads and downloads their own Sales ID and license. */
export const documentsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { db, privateStore: store },
) => {
  noStore(app);
  defaultAccess(app, 'signedIn');
  // Owners and buyers upload; a viewer reads (decision 015, step 3).
  writesFor(app, ORDERING);

  // Uploads: one file, 8 MB, enforced by the streaming parser (the rest is cut off, never stored).
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });

  app.post(
    '/documents/:kind',
    {
      schema: {
        tags,
        summary:
          'Upload the Sales ID or tobacco license (multipart field "file"; jpeg, png, pdf, doc or docx; 8 MB)',
        consumes: ['multipart/form-data'],
        params: KindParams,
        response: {
          200: ProfileMessageSchema,
          ...errors,
          413: MessageResponseSchema,
          500: MessageResponseSchema,
          // File storage full, down or not answering in time (with Retry-After); nothing was stored.
          503: MessageResponseSchema,
        },
      },
    },
    async (req) => {
      const { user } = req.ctx.actor;
      const kind = req.params.kind;
      if (!req.isMultipart()) throw new Invalid(accountMessages.uploadMissing(kind));
      let part: MultipartFile | undefined;
      try {
        part = await req.file();
      } catch {
        throw new Invalid(accountMessages.uploadMissing(kind));
      }
      await uploadDocument(req.ctx, { kind, part });
      return {
        message: accountMessages.documentUploaded(kind),
        user: await loadProfile(req.ctx, await reloadUserRow(db, user.id)),
      };
    },
  );

  app.get(
    '/documents/:kind',
    {
      schema: {
        tags,
        summary: 'Download my own Sales ID or tobacco license',
        params: KindParams,
        response: { 401: MessageResponseSchema, 404: MessageResponseSchema, 503: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const doc = await findDocument(req.ctx, req.params.kind);
      const { stream, size } = await openDocumentFile(store, doc);
      const ext =
        doc.contentType === 'application/pdf' ? 'pdf' : (doc.originalName.split('.').pop() ?? 'bin');
      const fallback = `${req.params.kind === 'sales_id' ? 'sales-id' : 'tobacco-license'}.${/^[a-z0-9]{1,5}$/i.test(ext) ? ext : 'bin'}`;
      return reply
        .header('content-type', doc.contentType)
        .header('content-length', size)
        .header(
          'content-disposition',
          `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(doc.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(stream as never);
    },
  );
};
