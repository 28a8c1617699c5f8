import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import {
  AdminCatalogueTreeSchema,
  BrandBodySchema,
  CategoryBodySchema,
  SavedResponseSchema,
} from '#shared/catalogue/catalogue-staff.schemas.ts';
import {
  catalogueTree,
  deleteBrand,
  deleteCategory,
  saveBrand,
  saveCategory,
} from './catalogue-staff.service.ts';
import { editableRoutes } from './editable-routes.ts';

const tags = ['admin catalogue'];
const errors = ERROR_RESPONSES;
const _SavedSchema = SavedResponseSchema;

/**
 * /api/v1/admin/catalogue: staff edit categories, brands, products and their options. Every write
 * commits, then tells every instance's storefront read model (`catalogue.changed()`), so the
 * storefront shows it at once.
 */
export const catalogueStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  noStore(app);
  staffRoutes(app, 'catalogue');

  app.get(
    '/tree',
    {
      schema: {
        tags,
        summary: 'Categories with their brands',
        response: { 200: AdminCatalogueTreeSchema, ...errors },
      },
    },
    async (req) => catalogueTree(req.ctx),
  );

  editableRoutes(app, catalogue, tags, {
    path: '/categories',
    body: CategoryBodySchema,
    summaries: {
      create: 'Create a category',
      edit: 'Edit a category',
      delete: 'Delete a category without brands',
    },
    save: saveCategory,
    delete: deleteCategory,
  });
  editableRoutes(app, catalogue, tags, {
    path: '/brands',
    body: BrandBodySchema,
    summaries: { create: 'Create a brand', edit: 'Edit a brand', delete: 'Delete a brand without products' },
    save: saveBrand,
    delete: deleteBrand,
  });
};
