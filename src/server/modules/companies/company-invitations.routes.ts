import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { OWNERS } from '#server/plugins/request-context.ts';
import {
  companyMessages,
  InvitationListSchema,
  InvitationMessageSchema,
  InviteBodySchema,
} from '#shared/companies/companies.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { invite, listInvitations, resendInvitation, withdrawInvitation } from './invitations.service.ts';

const tags = ['company'];
const errors = { ...ERROR_RESPONSES, 429: MessageResponseSchema };
const InvitationParams = z.object({ id: z.uuid({ message: companyMessages.invitationNotFound }) });

/**
 * /api/v1/company/invitations: a company's owners invite people by email, send an invitation
 * again and withdraw it (decision 015, step 3). Anyone else is refused (403); another company's
 * invitation is not found (404), as an unknown id is. The links themselves: invitations.routes.ts.
 */
export const companyInvitationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  const owners = { companyRoles: OWNERS };

  app.get(
    '/',
    {
      config: owners,
      schema: {
        tags,
        summary: 'Open invitations, pending or expired (owners)',
        response: { 200: InvitationListSchema, ...errors },
      },
    },
    async (req) => ({ invitations: await listInvitations(req.ctx) }),
  );

  app.post(
    '/',
    {
      config: owners,
      schema: {
        tags,
        summary: 'Invite someone by email as owner, buyer (with an optional order limit) or viewer (owners)',
        body: InviteBodySchema,
        response: { 201: InvitationMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const invitation = await invite(req.ctx, req.body);
      return reply
        .status(201)
        .send({ message: companyMessages.invitationSent(invitation.email), invitation });
    },
  );

  app.post(
    '/:id/resend',
    {
      config: owners,
      schema: {
        tags,
        summary: 'Send an invitation again with a new link, valid 7 more days (owners)',
        params: InvitationParams,
        response: { 200: InvitationMessageSchema, ...errors },
      },
    },
    async (req) => {
      const invitation = await resendInvitation(req.ctx, req.params.id);
      return { message: companyMessages.invitationResent(invitation.email), invitation };
    },
  );

  app.delete(
    '/:id',
    {
      config: owners,
      schema: {
        tags,
        summary: 'Withdraw an invitation: its link stops working (owners)',
        params: InvitationParams,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await withdrawInvitation(req.ctx, req.params.id);
      return { message: companyMessages.invitationWithdrawn };
    },
  );
};
