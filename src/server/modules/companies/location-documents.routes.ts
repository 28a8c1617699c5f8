import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, ORDERING, writesFor } from '#server/plugins/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { DOCUMENT_KINDS } from '#shared/accounts/accounts.schemas.ts';
import { LocationsSchema } from '#shared/companies/locations.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { acceptUploads, sendDocument, uploadedPart } from './documents.routes.ts';
import { findDocument, uploadDocument } from './documents.service.ts';
import { listLocations } from './location-documents.service.ts';

const tags = ['company'];
const errors = ERROR_RESPONSES;
const LocationDocumentParams = z.object({
  id: z.uuid({ message: accountMessages.addressNotFound }),
  kind: z.enum(DOCUMENT_KINDS, { message: accountMessages.documentNotFound }),
});

/**
 * /api/v1/company/locations: the member's company's locations with their own documents (decision
 * 015). A location of another company is as unknown as a made-up id (404).
 */
export const locationDocumentsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { privateStore: store },
) => {
  noStore(app);
  defaultAccess(app, 'signedIn');
  // Uploads are for the members who order (owners and buyers), as the company's own are.
  writesFor(app, ORDERING);
  await acceptUploads(app);

  app.get(
    '/locations',
    {
      schema: {
        tags,
        summary: "The company's locations, each with its own documents, and the company's own documents",
        response: { 200: LocationsSchema, ...errors },
      },
    },
    async (req) => listLocations(req.ctx),
  );

  app.post(
    '/locations/:id/documents/:kind',
    {
      schema: {
        tags,
        summary:
          'Upload a location\'s own Sales ID or tobacco license (multipart field "file"; jpeg, png, pdf, doc or docx; 8 MB)',
        consumes: ['multipart/form-data'],
        params: LocationDocumentParams,
        response: {
          200: LocationsSchema,
          ...errors,
          413: MessageResponseSchema,
          500: MessageResponseSchema,
          503: MessageResponseSchema,
        },
      },
    },
    async (req) => {
      const { id, kind } = req.params;
      await uploadDocument(req.ctx, { kind, part: await uploadedPart(req, kind), locationId: id });
      return listLocations(req.ctx);
    },
  );

  app.get(
    '/locations/:id/documents/:kind',
    {
      // Staff viewing the store as a buyer read documents in the console (decision 016, part 5).
      config: { notWhileViewing: true },
      schema: {
        tags,
        summary: "Download a location's own Sales ID or tobacco license",
        params: LocationDocumentParams,
        response: { 401: MessageResponseSchema, 404: MessageResponseSchema, 503: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const { id, kind } = req.params;
      return sendDocument(reply, store, await findDocument(req.ctx, kind, id), kind);
    },
  );
};
