import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore, sendCsv } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import {
  ExciseFiledBodySchema,
  ExciseFilingListSchema,
  ExciseReturnPageQuerySchema,
  ExciseReturnQuerySchema,
  ExciseReturnSchema,
} from '#shared/compliance/excise-return.schemas.ts';
import { reportsMessages } from '#shared/reports/reports.messages.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { exciseFilingList, exciseReturn, exciseReturnCsv, markExciseFiled } from './excise-return.service.ts';

const tags = ['admin compliance'];
const errors = ERROR_RESPONSES;

/**
 * /api/v1/admin/compliance: the monthly excise return of a state (decision 018) for the roles
 * holding `excise` (admin, accounting, compliance): JSON for the page, CSV to file, the list of
 * states and months with excise and their filed marks.
 */
export const exciseReturnRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'excise');

  app.get(
    '/excise-return',
    {
      schema: {
        tags,
        summary:
          "A state's excise for a month: invoices less credit notes, by kind of rate, with a page of its lines",
        querystring: ExciseReturnPageQuerySchema,
        response: { 200: ExciseReturnSchema, ...errors },
      },
    },
    async (req) => exciseReturn(req.ctx, req.query),
  );

  app.get(
    '/excise-return.csv',
    {
      schema: { tags, summary: 'The excise return as CSV, for filing', querystring: ExciseReturnQuerySchema },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        `excise-${req.query.state}-${req.query.month}.csv`,
        exciseReturnCsv(await exciseReturn(req.ctx, { month: req.query.month, state: req.query.state })),
      ),
  );

  app.get(
    '/excise-returns',
    {
      schema: {
        tags,
        summary: 'States and months with excise, those to file first, with their filed marks',
        response: { 200: ExciseFilingListSchema, ...errors },
      },
    },
    async (req) => exciseFilingList(req.ctx),
  );

  app.post(
    '/excise-returns',
    {
      schema: {
        tags,
        summary: "Mark a state's month filed with its amount now, or take the mark back (audited)",
        body: ExciseFiledBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await markExciseFiled(req.ctx, req.body);
      const say = req.body.filed ? reportsMessages.exciseFiled : reportsMessages.exciseUnfiled;
      return { message: say(req.body.state, req.body.month) };
    },
  );
};
