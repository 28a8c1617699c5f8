import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '#server/http/responses.ts';
import { loadProfile } from '#server/modules/accounts/accounts.service.ts';
import { deleteSession } from '#server/modules/accounts/session.service.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { setSessionCookie } from '#server/plugins/auth.ts';
import { ProfileMessageSchema } from '#shared/accounts/accounts.schemas.ts';
import {
  AcceptInvitationBodySchema,
  companyMessages,
  InvitationPreviewSchema,
  InvitationTokenParamsSchema,
} from '#shared/companies/companies.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { acceptInvitation, previewInvitation } from './invitation-accept.service.ts';

const tags = ['company'];
const errors = {
  400: MessageResponseSchema,
  404: MessageResponseSchema,
  409: MessageResponseSchema,
  410: MessageResponseSchema,
  429: MessageResponseSchema,
};

/**
 * /api/v1/invitations/:token: the link an invitation mail carries (public: the token is the key).
 * An unknown link is 404; a used, withdrawn or expired one 410, each saying what to do.
 */
export const invitationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { cookie }) => {
  noStore(app);

  app.get(
    '/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link invites to: the company, the email and the role',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationPreviewSchema, ...errors },
      },
    },
    async (req) => previewInvitation(req.ctx, req.params.token),
  );

  app.post(
    '/:token/accept',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary:
          'Accept: a login with this name and password joins the company, signed in (the link works once)',
        params: InvitationTokenParamsSchema,
        body: AcceptInvitationBodySchema,
        response: { 201: ProfileMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const previous = req.cookies[cookie.name];
      const { user, membership, session } = await acceptInvitation(req.ctx, req.params.token, req.body);
      // Signed in as sign-in does: a new token, any session the browser had ended.
      if (previous) await deleteSession(req.ctx, previous);
      setSessionCookie(reply, cookie, session.token, null);
      return reply.status(201).send({
        message: companyMessages.invitationAccepted(membership.company.businessName),
        user: await loadProfile(req.ctx, user, membership),
      });
    },
  );
};
