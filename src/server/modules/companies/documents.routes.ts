import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PrivateStore } from '#server/storage/private-store.ts';
import type { DocumentRow } from './locations.table.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Invalid } from '#server/errors.ts';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, ORDERING, writesFor } from '#server/plugins/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  MAX_UPLOAD_BYTES,
  ProfileMessageSchema,
} from '#shared/accounts/accounts.schemas.ts';
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

  await acceptUploads(app);

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
      await uploadDocument(req.ctx, { kind, part: await uploadedPart(req, kind) });
      return {
        message: accountMessages.documentUploaded(kind),
        user: await loadProfile(req.ctx, await reloadUserRow(db, user.id)),
      };
    },
  );

  app.get(
    '/documents/:kind',
    {
      // Staff viewing the store as a buyer read documents in the console (decision 016, part 5).
      config: { notWhileViewing: true },
      schema: {
        tags,
        summary: 'Download my own Sales ID or tobacco license',
        params: KindParams,
        response: { 401: MessageResponseSchema, 404: MessageResponseSchema, 503: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      return sendDocument(reply, store, await findDocument(req.ctx, req.params.kind), req.params.kind);
    },
  );
};

/** Uploads: one file, 8 MB, enforced by the streaming parser (the rest is cut off, never stored). */
export const acceptUploads = (app: FastifyInstance) =>
  app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });

/** The request's one file part (the multipart parser enforces the limits), or a 400 naming the kind. */
export async function uploadedPart(
  req: FastifyRequest,
  kind: DocumentKind,
): Promise<MultipartFile | undefined> {
  if (!req.isMultipart()) throw new Invalid(accountMessages.uploadMissing(kind));
  try {
    return await req.file();
  } catch {
    throw new Invalid(accountMessages.uploadMissing(kind));
  }
}

/** A document's file as a download: never cached, never sniffed, named by its kind and original name. */
export async function sendDocument(
  reply: FastifyReply,
  store: PrivateStore,
  doc: DocumentRow,
  kind: DocumentKind,
) {
  const { stream, size } = await openDocumentFile(store, doc);
  const ext = doc.contentType === 'application/pdf' ? 'pdf' : (doc.originalName.split('.').pop() ?? 'bin');
  const fallback = `${kind === 'sales_id' ? 'sales-id' : 'tobacco-license'}.${/^[a-z0-9]{1,5}$/i.test(ext) ? ext : 'bin'}`;
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
}
