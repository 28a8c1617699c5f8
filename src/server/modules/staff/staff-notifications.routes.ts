import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { StaffNotificationsSchema } from '#shared/staff/notifications.schemas.ts';
import { myNotifications, setMyNotifications } from './staff-notifications.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin/me/notifications: the mail the signed-in staff member chose to get. */
export const staffNotificationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'console');
  app.get(
    '/me/notifications',
    {
      schema: {
        tags,
        summary: 'The mail I chose to get (new orders, new uploads)',
        response: { 200: StaffNotificationsSchema, ...errors },
      },
    },
    async (req) => myNotifications(req.ctx),
  );
  app.put(
    '/me/notifications',
    {
      schema: {
        tags,
        summary: 'Choose the mail I get (audited)',
        body: StaffNotificationsSchema,
        response: { 200: StaffNotificationsSchema, ...errors },
      },
    },
    async (req) => setMyNotifications(req.ctx, req.body),
  );
};
