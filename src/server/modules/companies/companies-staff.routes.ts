import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { setCompanyGroup } from '#server/modules/pricing/pricing-staff.service.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { companyMessages, companyStaffMessages as m } from '#shared/companies/companies.messages.ts';
import { InvitationMessageSchema, InviteBodySchema } from '#shared/companies/companies.schemas.ts';
import {
  CompaniesQuerySchema,
  CompanyDetailSchema,
  CompanyDisableBodySchema,
  CompanyGroupBodySchema,
  CompanyGroupMessageSchema,
  CompanyListSchema,
  CompanyNoteBodySchema,
  CompanyNoteMessageSchema,
  LocationLimitBodySchema,
  LocationLimitMessageSchema,
  SalesRepBodySchema,
  SalesRepChoicesSchema,
} from '#shared/companies/companies-staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import {
  addCompanyNote,
  setCompanyDisabled,
  setLocationLimit,
  setSalesRep,
  staffInvite,
  staffRemoveMember,
  staffResendInvitation,
} from './companies-staff-actions.service.ts';
import { companyDetail, listCompanies, salesRepChoices } from './companies-staff.service.ts';

const tags = ['admin'];
const errors = { ...ERROR_RESPONSES, 429: MessageResponseSchema };
const CompanyParams = z.object({ id: z.uuid({ message: m.companyNotFound }) });
const MemberParams = CompanyParams.extend({ userId: z.uuid({ message: companyMessages.memberNotFound }) });
const InvitationParams = CompanyParams.extend({
  invitationId: z.uuid({ message: companyMessages.invitationNotFound }),
});

/**
 * /api/v1/admin/companies: companies for staff (decision 015, step 5): search, the company page,
 * notes, members added (invited) and removed, invitations sent again, disable and enable, the
 * customer group and the location limit. Staff with their second factor only; every change audited.
 */
export const companiesStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'companies.read');
  companyPages(app);
  peopleRoutes(app);
  settingsRoutes(app);
};

type App = Parameters<FastifyPluginAsyncZod<ModuleDeps>>[0];

/** The list, the company page and its notes. */
function companyPages(app: App) {
  app.get(
    '/companies',
    {
      schema: {
        tags,
        summary: "Companies: search by business name or a member's email; filter by a location's state",
        querystring: CompaniesQuerySchema,
        response: { 200: CompanyListSchema, ...errors },
      },
    },
    async (req) => listCompanies(req.ctx, req.query),
  );

  app.get(
    '/companies/:id',
    {
      schema: {
        tags,
        summary: 'A company: members, invitations, locations with documents, group, orders, notes',
        params: CompanyParams,
        response: { 200: CompanyDetailSchema, ...errors },
      },
    },
    async (req) => companyDetail(req.ctx, req.params.id),
  );

  app.post(
    '/companies/:id/notes',
    {
      config: { permission: 'companies.notes' },
      schema: {
        tags,
        summary: 'Add a staff note to a company',
        params: CompanyParams,
        body: CompanyNoteBodySchema,
        response: { 201: CompanyNoteMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const note = await addCompanyNote(req.ctx, req.params.id, req.body.body);
      return reply.status(201).send({ message: m.noteAdded, note });
    },
  );
}

/** Members invited and removed, invitations sent again. */
function peopleRoutes(app: App) {
  app.post(
    '/companies/:id/members',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: 'Invite someone to a company by email as owner, buyer or viewer (as its owners do)',
        params: CompanyParams,
        body: InviteBodySchema,
        response: { 201: InvitationMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const invitation = await staffInvite(req.ctx, req.params.id, req.body);
      return reply
        .status(201)
        .send({ message: companyMessages.invitationSent(invitation.email), invitation });
    },
  );

  app.delete(
    '/companies/:id/members/:userId',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: 'Remove a member: their login is disabled and signed out everywhere (the last owner stays)',
        params: MemberParams,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { member, businessName } = await staffRemoveMember(req.ctx, req.params.id, req.params.userId);
      return { message: m.memberRemoved(member.name, businessName) };
    },
  );

  app.post(
    '/companies/:id/invitations/:invitationId/resend',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: "Send a company's open invitation again with a new link, valid 7 more days",
        params: InvitationParams,
        response: { 200: InvitationMessageSchema, ...errors },
      },
    },
    async (req) => {
      const invitation = await staffResendInvitation(req.ctx, req.params.id, req.params.invitationId);
      return { message: companyMessages.invitationResent(invitation.email), invitation };
    },
  );
}

/** Disable and enable, the customer group, the location limit. */
function settingsRoutes(app: App) {
  app.post(
    '/companies/:id/disable',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: "Disable a company (every member's sessions end; no sign-in, no orders) or enable it",
        params: CompanyParams,
        body: CompanyDisableBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { disabled } = req.body;
      const changed = await setCompanyDisabled(req.ctx, req.params.id, disabled);
      if (!changed) return { message: disabled ? m.alreadyDisabled : m.alreadyEnabled };
      return { message: disabled ? m.disabled : m.enabled };
    },
  );

  app.put(
    '/companies/:id/group',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: "Put a company in a customer group (its members see the group's prices) or in none",
        params: CompanyParams,
        body: CompanyGroupBodySchema,
        response: { 200: CompanyGroupMessageSchema, ...errors },
      },
    },
    async (req) => {
      const group = await setCompanyGroup(req.ctx, req.params.id, req.body.groupId);
      return { message: m.groupSaved(group?.name ?? null), group };
    },
  );

  app.put(
    '/companies/:id/location-limit',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: 'How many locations a company may keep (1–50; never below how many it has)',
        params: CompanyParams,
        body: LocationLimitBodySchema,
        response: { 200: LocationLimitMessageSchema, ...errors },
      },
    },
    async (req) => {
      const locationLimit = await setLocationLimit(req.ctx, req.params.id, req.body.limit);
      return { message: m.limitSaved(locationLimit), locationLimit };
    },
  );

  app.get(
    '/companies/sales-reps',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: 'Staff whose role is sales: who may look after a company',
        response: { 200: SalesRepChoicesSchema, ...errors },
      },
    },
    async (req) => salesRepChoices(req.ctx),
  );

  app.put(
    '/companies/:id/sales-rep',
    {
      config: { permission: 'companies.manage' },
      schema: {
        tags,
        summary: 'Name the sales rep who looks after a company, or none (decision 016)',
        params: CompanyParams,
        body: SalesRepBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const rep = await setSalesRep(req.ctx, req.params.id, req.body.salesRepId);
      return { message: m.salesRepSaved(rep?.name ?? null) };
    },
  );
}
