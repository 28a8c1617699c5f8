import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { catalogueAdminMessages } from '#shared/catalogue/catalogue.messages.ts';
import {
  AdminBannerListSchema,
  BannerBodySchema,
  BannerOrderBodySchema,
  SavedResponseSchema,
} from '#shared/catalogue/catalogue-staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { deleteBanner, listBanners, orderBanners, saveBanner } from './banners-staff.service.ts';
import { editableRoutes } from './editable-routes.ts';

const tags = ['admin catalogue'];
const errors = ERROR_RESPONSES;
const _SavedSchema = SavedResponseSchema;

/** /api/v1/admin/catalogue/banners: the home page's banners by slot, in order; shown at once. */
export const bannersStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  noStore(app);
  staffRoutes(app, 'catalogue');

  app.get(
    '/banners',
    {
      schema: {
        tags,
        summary: 'Home banners by slot, in order',
        response: { 200: AdminBannerListSchema, ...errors },
      },
    },
    async (req) => ({ banners: await listBanners(req.ctx) }),
  );
  editableRoutes(app, catalogue, tags, {
    path: '/banners',
    body: BannerBodySchema,
    summaries: {
      create: 'Add a banner (last in its slot)',
      edit: 'Edit a banner',
      delete: 'Delete a banner',
    },
    save: saveBanner,
    delete: deleteBanner,
  });
  app.post(
    '/banners/order',
    {
      schema: {
        tags,
        summary: "Set the order of a slot's banners",
        body: BannerOrderBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await catalogue.write(() => orderBanners(req.ctx, req.body.slot, req.body.ids));
      return { message: catalogueAdminMessages.saved };
    },
  );
};
