import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, OWNERS } from '#server/plugins/request-context.ts';
import {
  MemberAccountSchema,
  PeriodQuerySchema,
  StatementSchema,
} from '#shared/receivables/payments.schemas.ts';
import { sendPdf, statementPdfFile } from './invoice-files.ts';
import { memberAccount } from './ledger.service.ts';
import { companyStatement } from './statements.service.ts';

const tags = ['invoices'];
const errors = ERROR_RESPONSES;

/**
 * /api/v1/account: a member's "Invoices & payments" (decision 017): owners and viewers see the
 * company's balance, aging, documents, payments and statements; a buyer the invoices of the orders
 * they placed, and no statement.
 */
export const companyAccountRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { settings }) => {
  noStore(app);
  defaultAccess(app, 'signedIn');
  const STATEMENT_READERS = { ...OWNERS, roles: ['owner', 'viewer'] as const };

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        summary: 'Invoices & payments: balance and aging (owners, viewers), documents and their state',
        response: { 200: MemberAccountSchema, ...errors },
      },
    },
    async (req) => memberAccount(req.ctx, req.ctx.actor.member?.role ?? null),
  );

  const statementOf = (
    ctx: {
      db: import('#server/db/client.ts').Db;
      actor: { company: { id: string; businessName: string } | null };
    },
    q: { from: string; to: string },
  ) => {
    const company = ctx.actor.company!;
    return companyStatement(ctx.db, { id: company.id, businessName: company.businessName }, q.from, q.to);
  };

  app.get(
    '/statement',
    {
      config: { companyRoles: STATEMENT_READERS },
      schema: {
        tags,
        summary: "The company's statement for a period (owners and viewers)",
        querystring: PeriodQuerySchema,
        response: { 200: StatementSchema, ...errors },
      },
    },
    async (req) => statementOf(req.ctx, req.query),
  );

  app.get(
    '/statement.pdf',
    {
      config: { companyRoles: STATEMENT_READERS },
      schema: {
        tags,
        summary: "The company's statement for a period, as a PDF (owners and viewers)",
        querystring: PeriodQuerySchema,
        response: { 401: errors[401], 403: errors[403] },
      },
    },
    async (req, reply) =>
      sendPdf(reply, await statementPdfFile(settings, await statementOf(req.ctx, req.query), req.ctx.now)),
  );
};
