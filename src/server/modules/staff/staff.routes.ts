import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '#server/errors.ts';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, defaultPermission, staffRoutes } from '#server/plugins/request-context.ts';
import { adminMessages, staffAdminMessages } from '#shared/staff/staff.messages.ts';
import { ROLE_PERMISSIONS } from '#shared/staff/staff-roles.ts';
import {
  AuditListSchema,
  AuditQuerySchema,
  NewStaffBodySchema,
  NewStaffResponseSchema,
  SecondFactorBodySchema,
  StaffListSchema,
  StaffRoleBodySchema,
  StaffMeSchema,
  TotpConfirmResponseSchema,
  TotpSetupResponseSchema,
} from '#shared/staff/staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { audit, listAudit } from './audit.service.ts';
import { confirmTotpSetup, startTotpSetup, verifySecondFactor } from './second-factor.service.ts';
import { addStaff, changeStaffRole, listStaff, resetStaffTotp } from './staff-admin.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin, staff signed in with their password: who they are and the second-factor steps. */
export const staffSessionRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  noStore(app);
  defaultAccess(app, 'staffOwnPassword');
  // Who they are and their own second factor: every role.
  defaultPermission(app, 'console');
  app.get(
    '/me',
    {
      // Who they are, even on a one-time password: the console shows "Choose your password".
      config: { access: 'staffSignedIn' },
      schema: {
        tags,
        summary: 'The signed-in staff member and their second-factor state',
        response: { 200: StaffMeSchema, ...errors },
      },
    },
    async (req) => {
      const { user, session } = req.ctx.actor;
      // Every staff row has a role (users_staff_role_check), and the guard refuses one without.
      const role = user.staffRole;
      if (!role) throw new DomainError(403, adminMessages.roleRefused);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        totpEnabled: Boolean(user.totpEnabledAt),
        secondFactor: Boolean(session.secondFactorAt),
        passwordChangeRequired: user.passwordChangeRequired,
        role,
        permissions: [...ROLE_PERMISSIONS[role]],
      };
    },
  );

  app.post(
    '/2fa/setup',
    {
      schema: {
        tags,
        summary: 'Start setting up the authenticator app (first sign-in)',
        response: { 200: TotpSetupResponseSchema, ...errors },
      },
    },
    async (req) => {
      return startTotpSetup(req.ctx);
    },
  );

  app.post(
    '/2fa/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Confirm the set-up with a first code; answers the recovery codes once',
        body: SecondFactorBodySchema,
        response: { 200: TotpConfirmResponseSchema, ...errors },
      },
    },
    async (req) => {
      const now = req.ctx.now;
      const s = req.ctx.actor;
      const recoveryCodes = await confirmTotpSetup(req.ctx, req.body.code);
      await audit(
        db,
        { actorId: s.user.id, action: 'staff.totp_enabled', entity: 'user', entityId: s.user.id },
        now,
      );
      return { message: 'Two-factor sign-in is on.', recoveryCodes };
    },
  );

  app.post(
    '/2fa/verify',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Give the second factor for this session (authenticator or recovery code)',
        body: SecondFactorBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const now = req.ctx.now;
      const s = req.ctx.actor;
      await verifySecondFactor(req.ctx, req.body.code);
      await audit(
        db,
        { actorId: s.user.id, action: 'staff.signed_in', entity: 'user', entityId: s.user.id },
        now,
      );
      return { message: `Welcome ${s.user.email}` };
    },
  );
};

/** /api/v1/admin, staff whose session gave its second factor: the staff page and the audit log. */
export const staffMembersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { scryptCost }) => {
  noStore(app);
  staffRoutes(app, 'staff');
  app.get(
    '/audit',
    {
      config: { permission: 'audit' },
      schema: {
        tags,
        summary: 'The audit log, newest first: filters by staff member, action, record and days; paged',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, ...errors },
      },
    },
    async (req) => listAudit(req.ctx, req.query),
  );

  app.get(
    '/staff',
    {
      schema: {
        tags,
        summary: 'Staff accounts and their sign-in state',
        response: { 200: StaffListSchema, ...errors },
      },
    },
    async (req) => ({ staff: await listStaff(req.ctx) }),
  );

  app.post(
    '/staff',
    {
      schema: {
        tags,
        summary: 'Add a staff member; answers their one-time password once',
        body: NewStaffBodySchema,
        response: { 200: NewStaffResponseSchema, ...errors },
      },
    },
    async (req) => {
      const created = await addStaff(req.ctx, req.body, scryptCost);
      return {
        message: `Staff account ${req.body.email} created. Hand over the one-time password: it is shown only now.`,
        ...created,
      };
    },
  );

  app.post(
    '/staff/:id/reset-2fa',
    {
      schema: {
        tags,
        summary: "Reset another staff member's two-factor sign-in (a lost phone); their sessions end",
        params: z.object({ id: z.uuid({ message: staffAdminMessages.staffNotFound }) }),
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await resetStaffTotp(req.ctx, req.params.id);
      return { message: staffAdminMessages.totpReset };
    },
  );

  app.put(
    '/staff/:id/role',
    {
      schema: {
        tags,
        summary: "Change a staff member's role (decision 016); the store keeps at least one admin",
        params: z.object({ id: z.uuid({ message: staffAdminMessages.staffNotFound }) }),
        body: StaffRoleBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await changeStaffRole(req.ctx, req.params.id, req.body.role);
      return { message: staffAdminMessages.roleChanged };
    },
  );
};
