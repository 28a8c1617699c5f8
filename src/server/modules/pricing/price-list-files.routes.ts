import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Invalid } from '#server/errors.ts';
import { acceptCsvBody, CSV_BODY_LIMIT, ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { PriceListImportQuerySchema, PriceListImportReportSchema } from '#shared/pricing/price-list-csv.ts';
import { GroupParamsSchema } from '#shared/pricing/pricing-staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { importPriceList, priceListCsv } from './price-list-csv.service.ts';

const tags = ['admin pricing'];

/** /api/v1/admin/pricing/groups/:id: a group's price list as a CSV file (export, and import with a dry run). */
export const priceListFilesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'prices');

  app.get(
    '/groups/:id/export.csv',
    {
      schema: { tags, summary: "A group's price list as CSV (one row per entry)", params: GroupParamsSchema },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="price-list-${req.params.id}.csv"`)
        .send(await priceListCsv(req.ctx, req.params.id)),
  );

  // The import reads the CSV as the request body (text/csv), up to 25 MB.
  acceptCsvBody(app);
  app.post(
    '/groups/:id/import',
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Import a group's price list from CSV (by scope and target). dryRun=true only reports; replace=true removes entries the file does not name; any invalid row writes nothing",
        consumes: ['text/csv'],
        params: GroupParamsSchema,
        querystring: PriceListImportQuerySchema,
        response: { 200: PriceListImportReportSchema, ...ERROR_RESPONSES, 413: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      if (typeof req.body !== 'string') throw new Invalid('Send the CSV file as text/csv.');
      const dryRun = req.query.dryRun === 'true';
      const report = await importPriceList(req.ctx, req.params.id, req.body, {
        dryRun,
        replace: req.query.replace === 'true',
      });
      return reply.status(report.errors.length && !dryRun ? 422 : 200).send(report);
    },
  );
};
