import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import {
  ViewAsBodySchema,
  ViewAsParamsSchema,
  ViewAsStartedSchema,
} from '#shared/accounts/view-as.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { startViewAs, stopViewAs } from './view-as.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/**
 * /api/v1/admin: viewing the store as a buyer (decision 016, part 5). Staff who read companies
 * (a sales rep: theirs) open the storefront as one member sees it, read only; any staff member
 * stops their own view.
 */
export const viewAsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'companies.read');

  app.post(
    '/companies/:id/view-as',
    {
      schema: {
        tags,
        summary: 'View the storefront as one member of the company sees it, read only (audited)',
        params: ViewAsParamsSchema,
        body: ViewAsBodySchema,
        response: { 200: ViewAsStartedSchema, ...errors },
      },
    },
    async (req) => startViewAs(req.ctx, req.params.id, req.body.memberId),
  );

  app.delete(
    '/view-as',
    {
      config: { permission: 'console' },
      schema: {
        tags,
        summary: 'Stop viewing the storefront as a buyer',
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => stopViewAs(req.ctx),
  );
};
