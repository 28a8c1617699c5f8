import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Invalid } from '#server/errors.ts';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess } from '#server/plugins/request-context.ts';
import {
  AdminBannerListSchema,
  AdminCatalogueTreeSchema,
  AdminProductListSchema,
  AdminProductSchema,
  AdminProductsQuerySchema,
  BannerBodySchema,
  BannerOrderBodySchema,
  BrandBodySchema,
  CategoryBodySchema,
  catalogueAdminMessages as cm,
  IdParamsSchema,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadMessages,
  ProductBodySchema,
  ProductVariantParamsSchema,
  SavedResponseSchema,
  UploadedImageSchema,
  VariantBodySchema,
} from '#shared/admin/catalogue-admin.schemas.ts';
import { ImportReportSchema } from '#shared/admin/catalogue-csv.ts';
import { textProblem } from '#shared/input/input.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { catalogueCsv, importCatalogueCsv } from './catalogue-csv.service.ts';
import {
  catalogueTree,
  deleteBanner,
  deleteBrand,
  deleteCategory,
  deleteProduct,
  deleteVariant,
  listBanners,
  listProducts,
  loadProduct,
  orderBanners,
  saveBanner,
  saveBrand,
  saveCategory,
  saveProduct,
  saveVariant,
} from './catalogue-staff.service.ts';
import { storeCatalogueImage } from './image-upload.service.ts';

const tags = ['admin catalogue'];
const errors = ERROR_RESPONSES;
const SavedSchema = SavedResponseSchema;
const CSV_BODY_LIMIT = 25 * 1024 * 1024;

/**
 * /api/v1/admin/catalogue: staff edit categories, brands, products, options and banners, upload
 * pictures and import or export the catalogue as CSV. Every write commits, then tells every
 * instance's storefront read model (`catalogue.changed()`), so the storefront shows it at once.
 */
export const catalogueStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue, media }) => {
  noStore(app);
  defaultAccess(app, 'staff');
  /** Runs a write, then makes the storefront read it. */
  const write = async <T>(work: () => Promise<T>): Promise<T> => {
    const result = await work();
    await catalogue.changed();
    return result;
  };

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

  app.post(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Create a category',
        body: CategoryBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: cm.saved,
      id: await write(async () => saveCategory(req.ctx, null, req.body)),
    }),
  );
  app.put(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Edit a category',
        params: IdParamsSchema,
        body: CategoryBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: cm.saved,
      id: await write(async () => saveCategory(req.ctx, req.params.id, req.body)),
    }),
  );
  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category without brands',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await write(async () => deleteCategory(req.ctx, req.params.id));
      return { message: cm.deleted };
    },
  );

  app.post(
    '/brands',
    {
      schema: {
        tags,
        summary: 'Create a brand',
        body: BrandBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: cm.saved,
      id: await write(async () => saveBrand(req.ctx, null, req.body)),
    }),
  );
  app.put(
    '/brands/:id',
    {
      schema: {
        tags,
        summary: 'Edit a brand',
        params: IdParamsSchema,
        body: BrandBodySchema,
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: cm.saved,
      id: await write(async () => saveBrand(req.ctx, req.params.id, req.body)),
    }),
  );
  app.delete(
    '/brands/:id',
    {
      schema: {
        tags,
        summary: 'Delete a brand without products',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await write(async () => deleteBrand(req.ctx, req.params.id));
      return { message: cm.deleted };
    },
  );

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
          variants: z.array(VariantBodySchema).min(1, cm.lastVariant).max(200),
        }),
        response: { 200: SavedSchema, ...errors },
      },
    },
    async (req) => ({
      message: cm.saved,
      id: await write(async () => saveProduct(req.ctx, null, req.body.product, req.body.variants)),
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
      message: cm.saved,
      id: await write(async () => saveProduct(req.ctx, req.params.id, req.body)),
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
      await write(async () => deleteProduct(req.ctx, req.params.id));
      return { message: cm.deleted };
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
      message: cm.saved,
      id: await write(async () => saveVariant(req.ctx, req.params.id, null, req.body)),
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
      message: cm.saved,
      id: await write(async () => saveVariant(req.ctx, req.params.id, req.params.variantId, req.body)),
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
      await write(async () => deleteVariant(req.ctx, req.params.id, req.params.variantId));
      return { message: cm.deleted };
    },
  );

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
      id: await write(async () => saveBanner(req.ctx, null, req.body)),
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
      id: await write(async () => saveBanner(req.ctx, req.params.id, req.body)),
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
      await write(async () => deleteBanner(req.ctx, req.params.id));
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
      await write(async () => orderBanners(req.ctx, req.body.slot, req.body.ids));
      return { message: cm.saved };
    },
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags,
        summary: 'The whole catalogue as CSV (one row per option)',
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogue.csv"')
        .send(await catalogueCsv(req.ctx)),
  );

  // The import reads the CSV as the request body (text/csv), up to 25 MB.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/import',
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import a catalogue CSV (upsert by SKU). dryRun=true only reports; any invalid row writes nothing',
        consumes: ['text/csv'],
        querystring: z.object({ dryRun: z.enum(['true', 'false']).default('true') }),
        response: { 200: ImportReportSchema, ...errors, 413: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      if (typeof req.body !== 'string') throw new Invalid('Send the CSV file as text/csv.');
      const dryRun = req.query.dryRun === 'true';
      const ctx = req.ctx;
      const report = await importCatalogueCsv(ctx, req.body, dryRun);
      if (report.written) await catalogue.changed();
      return reply.status(report.errors.length && !dryRun ? 422 : 200).send(report);
    },
  );

  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });
  app.post(
    '/images',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Upload a picture (multipart "file": jpeg, png or webp up to 8 MB; optional "alt") → WebP renditions',
        consumes: ['multipart/form-data'],
        response: { 200: UploadedImageSchema, ...errors, 413: MessageResponseSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new Invalid(imageUploadMessages.wrongType);
      let part: MultipartFile | undefined;
      try {
        part = await req.file();
      } catch {
        throw new Invalid(imageUploadMessages.wrongType);
      }
      if (!part) throw new Invalid(imageUploadMessages.wrongType);
      const alt = part.fields.alt;
      const altText = alt && 'value' in alt && typeof alt.value === 'string' ? alt.value : undefined;
      // Multipart fields are streamed past the input guard: the same rule, applied here.
      const problem = altText === undefined ? null : textProblem(altText);
      if (problem) throw new Invalid(problem);
      return storeCatalogueImage(media, part, altText);
    },
  );
};
