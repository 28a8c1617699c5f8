import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { staffRoutes } from '#server/plugins/request-context.ts';
import {
  DeskDraftBodySchema,
  DeskDraftListSchema,
  DeskDraftSchema,
  DeskLineBodySchema,
  DeskParamsSchema,
  DeskPasteBodySchema,
  DeskPasteResultSchema,
  DeskPlaceBodySchema,
  DeskPlacedSchema,
  DeskSearchQuerySchema,
  DeskSearchSchema,
} from '#shared/orders/desk.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import {
  discardDesk,
  getDesk,
  listDesks,
  pasteDeskLines,
  saveDeskDetails,
  setDeskLine,
} from './desk.service.ts';
import { placeDesk } from './desk-place.service.ts';
import { searchDesk } from './desk-search.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;
const params = DeskParamsSchema;

/**
 * /api/v1/admin/desk: the order desk (decision 016, part 2). Orders taken for a company by staff
 * whose role holds `desk` (admin, sales); a sales rep reaches only their companies (404 otherwise).
 * Every answer is priced and judged now, never cached.
 */
export const deskRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
  noStore(app);
  staffRoutes(app, 'desk');

  app.get(
    '/desk',
    {
      schema: {
        tags,
        summary: "The staff member's drafts at the desk, newest first",
        response: { 200: DeskDraftListSchema, ...errors },
      },
    },
    async (req) => listDesks(req.ctx),
  );

  app.get(
    '/desk/:companyId',
    {
      schema: {
        tags,
        summary: "A company's order at the desk, priced and judged as its buyers would see it",
        params,
        response: { 200: DeskDraftSchema, ...errors },
      },
    },
    async (req) => getDesk(req.ctx, req.params.companyId),
  );

  app.get(
    '/desk/:companyId/search',
    {
      schema: {
        tags,
        summary: 'Options by SKU or name, priced and judged for the company and its location',
        params,
        querystring: DeskSearchQuerySchema,
        response: { 200: DeskSearchSchema, ...errors },
      },
    },
    async (req) => searchDesk(req.ctx, req.params.companyId, req.query.q),
  );

  app.put(
    '/desk/:companyId/lines',
    {
      schema: {
        tags,
        summary: "Set one line's quantity (0 removes it)",
        params,
        body: DeskLineBodySchema,
        response: { 200: DeskDraftSchema, ...errors },
      },
    },
    async (req) => setDeskLine(req.ctx, req.params.companyId, req.body),
  );

  app.post(
    '/desk/:companyId/paste',
    {
      schema: {
        tags,
        summary: 'Add pasted lines (SKU and quantity), as a quick order reads them',
        params,
        body: DeskPasteBodySchema,
        response: { 200: DeskPasteResultSchema, ...errors },
      },
    },
    async (req) => pasteDeskLines(req.ctx, req.params.companyId, req.body.text),
  );

  app.put(
    '/desk/:companyId',
    {
      schema: {
        tags,
        summary: "The order's location, shipping, fee and notes (409 when the draft changed since)",
        params,
        body: DeskDraftBodySchema,
        response: { 200: DeskDraftSchema, ...errors },
      },
    },
    async (req) => saveDeskDetails(req.ctx, req.params.companyId, req.body),
  );

  app.delete(
    '/desk/:companyId',
    {
      schema: {
        tags,
        summary: 'Discard the draft',
        params,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => discardDesk(req.ctx, req.params.companyId),
  );

  app.post(
    '/desk/:companyId/place',
    {
      schema: {
        tags,
        summary:
          "Place the order through the same transaction as a buyer's (audited; the members are mailed)",
        params,
        body: DeskPlaceBodySchema,
        response: { 200: DeskPlacedSchema, ...errors },
      },
    },
    async (req) => placeDesk(req.ctx, req.params.companyId, req.body),
  );
};
