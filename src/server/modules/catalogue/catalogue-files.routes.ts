import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Invalid } from '#server/errors.ts';
import { acceptCsvBody, CSV_BODY_LIMIT, ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { imageUploadMessages } from '#shared/catalogue/catalogue.messages.ts';
import { ImportReportSchema } from '#shared/catalogue/catalogue-csv.ts';
import { IMAGE_UPLOAD_MAX_BYTES, UploadedImageSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { textProblem } from '#shared/input/input.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { catalogueCsv, importCatalogueCsv } from './catalogue-csv.service.ts';
import { storeCatalogueImage } from './image-upload.service.ts';

const tags = ['admin catalogue'];
const errors = ERROR_RESPONSES;

/**
 * /api/v1/admin/catalogue: the catalogue as a CSV file (export, and import with a dry run) and
 * picture uploads (WebP renditions).
 */
export const catalogueFilesStaffRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { catalogue, media },
) => {
  noStore(app);
  staffRoutes(app, 'catalogue');

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
  acceptCsvBody(app);
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
      const report = await importCatalogueCsv(req.ctx, req.body, dryRun);
      if (report.written) await catalogue.changed();
      if (report.written && report.changes.listingsChanged) await req.ctx.compliance.changed();
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
        // 503: file storage full, down or not answering in time (with Retry-After); nothing kept.
        response: {
          200: UploadedImageSchema,
          ...errors,
          413: MessageResponseSchema,
          503: MessageResponseSchema,
        },
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
