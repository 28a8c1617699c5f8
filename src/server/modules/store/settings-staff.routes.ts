import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { StoreSettingsBodySchema } from '#shared/store/settings-staff.schemas.ts';
import { StoreInfoSchema } from '#shared/store/store.schemas.ts';
import { savedSettings, saveSettings } from './store.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin/settings: the store settings for staff; a change applies on every instance at once. */
export const settingsStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { db, settings: storeSettings },
) => {
  noStore(app);
  staffRoutes(app, 'settings');

  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'The store settings as the storefront shows them',
        response: { 200: StoreInfoSchema, ...errors },
      },
    },
    async () => storeSettings.get(),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Change the store settings; every instance applies them at once',
        body: StoreSettingsBodySchema,
        response: { 200: StoreInfoSchema, ...errors },
      },
    },
    async (req) => {
      const now = req.ctx.now;
      const { user } = req.ctx.actor;
      const before = await savedSettings(req.ctx);
      // The store's state, carrier and payment note, when a client leaves them out, stay as they were.
      const kept = {
        storeState: before.storeState,
        carrier: before.carrier,
        paymentNote: before.paymentNote,
      };
      const value = {
        ...kept,
        ...Object.fromEntries(Object.entries(req.body).filter(([, v]) => v !== undefined)),
      };
      await db.transaction(async (tx) => {
        await saveSettings(tx, value);
        await audit(
          tx,
          {
            actorId: user.id,
            action: 'settings.changed',
            entity: 'settings',
            entityId: 'store',
            before,
            after: value,
          },
          now,
        );
      });
      await storeSettings.changed();
      return storeSettings.get();
    },
  );
};
