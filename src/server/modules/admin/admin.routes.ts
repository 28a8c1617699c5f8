import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditListSchema,
  AuditQuerySchema,
  SecondFactorBodySchema,
  StaffMeSchema,
  TotpConfirmResponseSchema,
  TotpSetupResponseSchema,
} from '#shared/admin/admin.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import type { Db } from '../../db/client.ts';
import { ERROR_RESPONSES, noStore } from '../../http/responses.ts';
import type { CookieSettings } from '../../plugins/auth.ts';
import { audit, listAudit } from './audit.service.ts';
import { confirmTotpSetup, startTotpSetup, verifySecondFactor } from './second-factor.service.ts';
import { requireStaff, requireStaffPassword } from './staff-guard.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin: the staff console's API. Every route checks staff on the server. */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cookie: CookieSettings;
  clock: () => Date;
  issuer: string;
}> = async (app, { db, cookie, clock, issuer }) => {
  noStore(app);

  app.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The signed-in staff member and their second-factor state',
        response: { 200: StaffMeSchema, ...errors },
      },
    },
    async (req) => {
      const { user, session } = await requireStaffPassword(req, db, cookie, clock());
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        totpEnabled: Boolean(user.totpEnabledAt),
        secondFactor: Boolean(session.secondFactorAt),
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
      const { user } = await requireStaffPassword(req, db, cookie, clock());
      return startTotpSetup(db, user, issuer);
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
      const now = clock();
      const s = await requireStaffPassword(req, db, cookie, now);
      const recoveryCodes = await confirmTotpSetup(db, s, req.body.code, now);
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
      const now = clock();
      const s = await requireStaffPassword(req, db, cookie, now);
      await verifySecondFactor(db, s, req.body.code, now);
      await audit(
        db,
        { actorId: s.user.id, action: 'staff.signed_in', entity: 'user', entityId: s.user.id },
        now,
      );
      return { message: `Welcome ${s.user.email}` };
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, ...errors },
      },
    },
    async (req) => {
      await requireStaff(req, db, cookie, clock());
      return { entries: await listAudit(db, req.query) };
    },
  );
};
