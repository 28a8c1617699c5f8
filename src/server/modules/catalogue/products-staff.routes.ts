import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { catalogueAdminMessages } from '#shared/catalogue/catalogue.messages.ts';
import {
  AdminProductListSchema,
  AdminProductSchema,
  AdminProductsQuerySchema,
  IdParamsSchema,
  ProductBodySchema,
  ProductVariantParamsSchema,
  SavedResponseSchema,
  VariantBodySchema,
} from '#shared/catalogue/catalogue-staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import {
  deleteProduct,
  deleteVariant,
  listProducts,
  loadProduct,
  saveProduct,
  saveVariant,
} from './products-staff.service.ts';

const tags = ['admin catalogue'];
const errors = ERROR_RESPONSES;
const SavedSchema = SavedResponseSchema;

/** /api/v1/admin/catalogue/products: staff list, create, edit and delete products and their options. */
export const productsStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  noStore(app);
  staffRoutes(app, 'catalogue');

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'Products (hidden ones too), by name, brand, category, option name or SKU',
        querystring: AdminProductsQuerySchema,
        response: { 200: AdminProductListSchema, ...errors },
      },
    },
    async (req) => listProducts(req.ctx, req.query),
  );
  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'A product with its options',
        params: IdParamsSchema,
        response: { 200: AdminProductSchema, ...errors },
      },
    },
    async (req) => loadProduct(req.ctx, req.params.id),
  );
  app.post(
    '/products',
    {
      schema: {
        tags,
        summary: 'Create a product with its first options',
        body: z.object({
          product: ProductBodySchema,
          variants: z.array(VariantBodySchema).min(1, catalogueAdminMessages.lastVariant).max(200),
        }),
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: catalogueAdminMessages.saved,
      id: await catalogue.write(() => saveProduct(req.ctx, null, req.body.product, req.body.variants)),
    }),
  );
  app.put(
    '/products/:id',
    {
      schema: {
        tags,
        summary: "Replace a product's fields (hide it with hidden: true)",
        params: IdParamsSchema,
        body: ProductBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: catalogueAdminMessages.saved,
      id: await catalogue.write(() => saveProduct(req.ctx, req.params.id, req.body)),
    }),
  );
  app.delete(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product that has no orders',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await catalogue.write(() => deleteProduct(req.ctx, req.params.id));
      return { message: catalogueAdminMessages.deleted };
    },
  );
  app.post(
    '/products/:id/variants',
    {
      schema: {
        tags,
        summary: 'Add an option',
        params: IdParamsSchema,
        body: VariantBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: catalogueAdminMessages.saved,
      id: await catalogue.write(() => saveVariant(req.ctx, req.params.id, null, req.body)),
    }),
  );
  app.put(
    '/products/:id/variants/:variantId',
    {
      schema: {
        tags,
        summary: 'Edit an option (name, SKU, picture, stock, order)',
        params: ProductVariantParamsSchema,
        body: VariantBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: catalogueAdminMessages.saved,
      id: await catalogue.write(() => saveVariant(req.ctx, req.params.id, req.params.variantId, req.body)),
    }),
  );
  app.delete(
    '/products/:id/variants/:variantId',
    {
      schema: {
        tags,
        summary: 'Delete an option that has no orders',
        params: ProductVariantParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await catalogue.write(() => deleteVariant(req.ctx, req.params.id, req.params.variantId));
      return { message: catalogueAdminMessages.deleted };
    },
  );
};
