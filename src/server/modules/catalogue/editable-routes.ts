import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERROR_RESPONSES } from '#server/http/responses.ts';
import type { StaffContext } from '#server/http/request-context.ts';
import type { AppContext } from '#server/plugins/request-context.ts';
import { catalogueAdminMessages } from '#shared/catalogue/catalogue.messages.ts';
import { IdParamsSchema, SavedResponseSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import type { CatalogueCache } from './catalogue-cache.ts';

/** One kind of record staff create, edit and delete in the console (categories, brands, banners). */
export interface Editable<S extends z.ZodType> {
  /** '/categories': creates at the path, edits and deletes at `path/:id`. */
  path: string;
  body: S;
  summaries: { create: string; edit: string; delete: string };
  save(ctx: StaffContext, id: number | null, body: z.output<S>): Promise<number>;
  delete(ctx: StaffContext, id: number): Promise<void>;
}

/**
 * POST `path`, PUT and DELETE `path/:id` for one kind of record: the body checked by its schema,
 * the write committed and every instance's storefront told (`catalogue.write`), the same answers.
 */
export function editableRoutes<S extends z.ZodType>(
  app: FastifyInstance,
  catalogue: CatalogueCache,
  tags: string[],
  e: Editable<S>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const saved = { 200: SavedResponseSchema, ...ERROR_RESPONSES };
  const save = async (ctx: AppContext, id: number | null, body: unknown) => ({
    message: catalogueAdminMessages.saved,
    id: await catalogue.write(() => e.save(ctx, id, body as z.output<S>)),
  });
  api.post(e.path, { schema: { tags, summary: e.summaries.create, body: e.body, response: saved } }, (req) =>
    save(req.ctx, null, req.body),
  );
  api.put(
    `${e.path}/:id`,
    { schema: { tags, summary: e.summaries.edit, params: IdParamsSchema, body: e.body, response: saved } },
    (req) => save(req.ctx, req.params.id, req.body),
  );
  api.delete(
    `${e.path}/:id`,
    {
      schema: {
        tags,
        summary: e.summaries.delete,
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      await catalogue.write(() => e.delete(req.ctx, req.params.id));
      return { message: catalogueAdminMessages.deleted };
    },
  );
}
