import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Conflict } from '#server/errors.ts';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { IdParamsSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import {
  mailStaffMessages,
  OutboxListSchema,
  OutboxMessageSchema,
  OutboxQuerySchema,
  ResendResponseSchema,
} from '#shared/mail/outbox.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { listOutbox, readMail, resendMail, retryMail } from './outbox-staff.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin/outbox: the mail outbox for staff (list by status, read one, retry, resend). */
export const outboxStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, mail }) => {
  noStore(app);
  staffRoutes(app, 'mail');

  app.get(
    '/outbox',
    {
      schema: {
        tags,
        summary: 'Mail sent, waiting and failed, newest first',
        querystring: OutboxQuerySchema,
        response: { 200: OutboxListSchema, ...errors },
      },
    },
    async (req) => ({ mails: await listOutbox(req.ctx, req.query) }),
  );

  app.get(
    '/outbox/:id',
    {
      schema: {
        tags,
        summary: 'One mail with its plain text; every token in a link redacted',
        params: IdParamsSchema,
        response: { 200: OutboxMessageSchema, ...errors },
      },
    },
    async (req) => readMail(req.ctx, req.params.id),
  );

  app.post(
    '/outbox/:id/resend',
    {
      schema: {
        tags,
        summary: 'Queue a copy of a sent mail (not one with a one-time link), audited',
        params: IdParamsSchema,
        response: { 200: ResendResponseSchema, ...errors },
      },
    },
    async (req) => {
      const copy = await resendMail(req.ctx, req.params.id);
      mail.kick();
      return { message: mailStaffMessages.resent(copy.to), id: copy.id };
    },
  );

  app.post(
    '/outbox/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a failed mail again',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const now = req.ctx.now;
      const { user } = req.ctx.actor;
      const row = await retryMail(req.ctx, req.params.id);
      if (!row) throw new Conflict(mailStaffMessages.onlyFailedRetried);
      await audit(
        db,
        { actorId: user.id, action: 'mail.retried', entity: 'mail', entityId: String(req.params.id) },
        now,
      );
      mail.kick();
      return { message: `The mail to ${row.to} will be sent again.` };
    },
  );
};
