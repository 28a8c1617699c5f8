import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess } from '#server/plugins/request-context.ts';
import {
  AdminBannerListSchema,
  BannerBodySchema,
  BannerOrderBodySchema,
  catalogueAdminMessages as cm,
  IdParamsSchema,
  SavedResponseSchema,
} from '#shared/catalogue/catalogue-staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { deleteBanner, listBanners, orderBanners, saveBanner } from './banners-staff.service.ts';

const tags = ['admin catalogue'];
const errors = ERROR_RESPONSES;
const SavedSchema = SavedResponseSchema;

/** /api/v1/admin/catalogue/banners: the home page's banners by slot, in order; shown at once. */
export const bannersStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  noStore(app);
  defaultAccess(app, 'staff');

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
  app.post(
    '/banners',
    {
      schema: {
        tags,
        summary: 'Add a banner (last in its slot)',
        body: BannerBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: cm.saved,
      id: await catalogue.write(() => saveBanner(req.ctx, null, req.body)),
    }),
  );
  app.put(
    '/banners/:id',
    {
      schema: {
        tags,
        summary: 'Edit a banner',
        params: IdParamsSchema,
        body: BannerBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: cm.saved,
      id: await catalogue.write(() => saveBanner(req.ctx, req.params.id, req.body)),
    }),
  );
  app.delete(
    '/banners/:id',
    {
      schema: {
        tags,
        summary: 'Delete a banner',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await catalogue.write(() => deleteBanner(req.ctx, req.params.id));
      return { message: cm.deleted };
    },
  );
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
      return { message: cm.saved };
    },
  );
};
