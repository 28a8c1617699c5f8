import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { verificationMessages } from '#shared/accounts/accounts.messages.ts';
import {
  ExpiringListSchema,
  ExpiringQuerySchema,
  RequestReuploadBodySchema,
  VerificationQueueSchema,
  VerifyDocumentBodySchema,
} from '#shared/accounts/documents-staff.schemas.ts';
import { MenuCountSchema } from '#shared/staff/notifications.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { expiringDocuments } from './document-expiry.service.ts';
import { openDocumentFile } from './documents.service.ts';
import {
  findDocumentById,
  requestReupload,
  verificationQueue,
  documentsToVerify,
  verifyDocument,
} from './verification.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin: buyers' documents for staff: the verification queue, inline preview, verify or ask for a re-upload, and what expires soon. */
export const verificationStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { db, privateStore: store },
) => {
  noStore(app);
  staffRoutes(app, 'documents');

  const DocumentParams = z.object({ id: z.uuid({ message: verificationMessages.documentNotFound }) });

  app.get(
    '/verifications',
    {
      schema: {
        tags,
        summary: 'Documents waiting for review, oldest first',
        response: { 200: VerificationQueueSchema, ...errors },
      },
    },
    async (req) => ({ documents: await verificationQueue(req.ctx) }),
  );

  app.get(
    '/verifications/count',
    {
      schema: {
        tags,
        summary: "Documents waiting for review: the console menu's count",
        response: { 200: MenuCountSchema, ...errors },
      },
    },
    async (req) => ({ count: await documentsToVerify(req.ctx) }),
  );

  app.get(
    '/documents/:id/file',
    {
      schema: {
        tags,
        summary: "A buyer's document, inline for preview (staff only; every view is audited)",
        params: DocumentParams,
        response: {
          401: MessageResponseSchema,
          403: MessageResponseSchema,
          404: MessageResponseSchema,
          503: MessageResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const now = req.ctx.now;
      const { user } = req.ctx.actor;
      const doc = await findDocumentById(req.ctx, req.params.id);
      const { stream, size } = await openDocumentFile(store, doc);
      await audit(
        db,
        { actorId: user.id, action: 'document.viewed', entity: 'document', entityId: doc.id },
        now,
      );
      return (
        reply
          .header('content-type', doc.contentType)
          .header('content-length', size)
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(doc.originalName)}`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          // Previewed inside the console page (same origin only), never in another site's frame.
          .header('x-frame-options', 'SAMEORIGIN')
          .header('content-security-policy', "frame-ancestors 'self'")
          .send(stream as never)
      );
    },
  );

  app.post(
    '/documents/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verify a pending document with its number, issuing state and expiry',
        params: DocumentParams,
        body: VerifyDocumentBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await verifyDocument(req.ctx, req.params.id, req.body);
      return { message: verificationMessages.verified };
    },
  );

  app.post(
    '/documents/:id/request-reupload',
    {
      schema: {
        tags,
        summary: 'Ask the buyer for a new upload; the note is emailed to them',
        params: DocumentParams,
        body: RequestReuploadBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await requestReupload(req.ctx, req.params.id, req.body.note);
      return { message: verificationMessages.reuploadRequested };
    },
  );

  app.get(
    '/documents/expiring',
    {
      schema: {
        tags,
        summary: 'Verified documents expiring within N days (default 30) or expired, soonest first',
        querystring: ExpiringQuerySchema,
        response: { 200: ExpiringListSchema, ...errors },
      },
    },
    async (req) => ({ documents: await expiringDocuments(req.ctx, req.query.days) }),
  );
};
