import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { ANY_MEMBER, OWNERS } from '#server/plugins/request-context.ts';
import {
  CompanyMessageSchema,
  CompanySchema,
  companyMessages,
  CompanyMemberListSchema,
  CompanyMemberMessageSchema,
  UpdateCompanyBodySchema,
  UpdateMemberBodySchema,
} from '#shared/companies/companies.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { companyDetails, updateCompany } from './company-details.service.ts';
import { listMembers, removeMember, updateMember } from './members.service.ts';

const tags = ['company'];
const errors = { ...ERROR_RESPONSES, 429: MessageResponseSchema };
const MemberParams = z.object({ userId: z.uuid({ message: companyMessages.memberNotFound }) });

/**
 * /api/v1/company: the signed-in member's company (decision 015, step 3). Every member reads it
 * and its members; its owners change it and its members (invitations: company-invitations.routes.ts). Staff, who belong to no
 * company, are refused (403), and so is a member whose role does not allow the change; another
 * company's member or invitation is not found (404), as an unknown id is.
 */
export const companyRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  const anyMember = { companyRoles: ANY_MEMBER };
  const owners = { companyRoles: OWNERS };

  app.get(
    '/',
    {
      config: anyMember,
      schema: { tags, summary: 'My company, and my role in it', response: { 200: CompanySchema, ...errors } },
    },
    async (req) => companyDetails(req.ctx),
  );

  app.patch(
    '/',
    {
      config: owners,
      schema: {
        tags,
        summary: 'Change the business name, phone and tax id (owners)',
        body: UpdateCompanyBodySchema,
        response: { 200: CompanyMessageSchema, ...errors },
      },
    },
    async (req) => ({
      message: companyMessages.companyUpdated,
      company: await updateCompany(req.ctx, req.body),
    }),
  );

  app.get(
    '/members',
    {
      config: anyMember,
      schema: {
        tags,
        summary: "My company's members, with their roles and order limits",
        response: { 200: CompanyMemberListSchema, ...errors },
      },
    },
    async (req) => ({ members: await listMembers(req.ctx) }),
  );

  app.patch(
    '/members/:userId',
    {
      config: owners,
      schema: {
        tags,
        summary: "Set a member's role and a buyer's order limit (owners; the last owner stays one)",
        params: MemberParams,
        body: UpdateMemberBodySchema,
        response: { 200: CompanyMemberMessageSchema, ...errors },
      },
    },
    async (req) => ({
      message: companyMessages.memberUpdated,
      member: await updateMember(req.ctx, req.params.userId, req.body),
    }),
  );

  app.delete(
    '/members/:userId',
    {
      config: owners,
      schema: {
        tags,
        summary: 'Remove a member: their login is disabled and signed out everywhere (owners)',
        params: MemberParams,
        response: { 200: CompanyMemberMessageSchema, ...errors },
      },
    },
    async (req) => {
      const member = await removeMember(req.ctx, req.params.userId);
      return { message: companyMessages.memberRemoved(member.name), member };
    },
  );
};
