import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import { ALL_STATES } from '#shared/compliance/compliance.constants.ts';
import { OrderComplianceSchema } from '#shared/compliance/compliance.schemas.ts';
import {
  PactFiledBodySchema,
  PactFilingListSchema,
  PactQuerySchema,
  PactReportSchema,
} from '#shared/compliance/pact.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { orderCompliance } from './order-compliance.service.ts';
import { markPactFiled, pactCsv, pactFilingList, pactReport } from './pact.service.ts';

const tags = ['admin compliance'];
const errors = ERROR_RESPONSES;

/**
 * /api/v1/admin/compliance reports: the PACT Act report of ENDS and tobacco delivered into a state
 * in a month (JSON for the printable page, CSV to file), the list of states and months to file,
 * and one order's standing with the rules.
 */
export const complianceReportsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'compliance');

  app.get(
    '/pact',
    {
      schema: {
        tags,
        summary: 'PACT Act report: every ENDS and tobacco line delivered into a state (or all) in a month',
        querystring: PactQuerySchema,
        response: { 200: PactReportSchema, ...errors },
      },
    },
    async (req) => pactReport(req.ctx, req.query),
  );

  app.get(
    '/pact.csv',
    {
      schema: {
        tags,
        summary: 'The PACT Act report as CSV, sorted by city then ZIP',
        querystring: PactQuerySchema,
      },
    },
    async (req, reply) => {
      const { month, state } = req.query;
      const name = `pact-${state === ALL_STATES ? 'all-states' : state}-${month}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pactCsv(await pactReport(req.ctx, req.query)));
    },
  );

  app.get(
    '/pact/filings',
    {
      schema: {
        tags,
        summary:
          'States and months with sales still to file (due the 10th of the next month), and the last filed',
        response: { 200: PactFilingListSchema, ...errors },
      },
    },
    async (req) => pactFilingList(req.ctx),
  );

  app.post(
    '/pact/filings',
    {
      schema: {
        tags,
        summary: "Mark a state's month as filed, or take the mark back",
        body: PactFiledBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await markPactFiled(req.ctx, req.body);
      return { message: req.body.filed ? 'Marked as filed.' : 'Filing mark taken back.' };
    },
  );
  app.get(
    '/orders/:number',
    {
      schema: {
        tags,
        summary:
          'An order and the rules: judged when placed, each line judged again today, its excise and PACT filing',
        params: z.object({ number: z.string().trim().max(40) }),
        response: { 200: OrderComplianceSchema, ...errors },
      },
    },
    async (req) => orderCompliance(req.ctx, req.params.number),
  );
};
