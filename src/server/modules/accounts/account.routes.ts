import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Invalid } from '#server/errors.ts';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess } from '#server/plugins/request-context.ts';
import { accountMessages as m } from '#shared/accounts/account-messages.ts';
import {
  AddAddressBodySchema,
  AddressListSchema,
  AddressSchema,
  CompleteProfileBodySchema,
  DOCUMENT_KINDS,
  MAX_UPLOAD_BYTES,
  ProfileMessageSchema,
  UpdateProfileBodySchema,
} from '#shared/accounts/accounts.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { loadProfile, updateProfile } from './accounts.service.ts';
import { users } from './accounts.table.ts';
import {
  addAddress,
  completeProfile,
  listAddresses,
  makeDefaultAddress,
  removeAddress,
} from './addresses.service.ts';
import { findDocument, uploadDocument } from './documents.service.ts';

const tags = ['account'];
const errors = ERROR_RESPONSES;
const IdParams = z.object({ id: z.uuid({ message: m.addressNotFound }) });
const KindParams = z.object({ kind: z.enum(DOCUMENT_KINDS, { message: m.documentNotFound }) });

/** The signed-in buyer's own account. Every query is scoped to the session's user. */
export const accountRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { db, privateStore: store, settings, events },
) => {
  const shortName = async () => (await settings.get()).shortName;
  /** The user row as it is now (the session's copy predates the change just made). */
  const reloadUser = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
  noStore(app);
  defaultAccess(app, 'signedIn');
  // Any successful change to the account tells the buyer's other open pages to refresh it.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || reply.statusCode >= 300) return;
    const s = await req.ctx.session();
    if (s)
      await events
        .publish(s.user.id, 'profile')
        .catch((err) => req.log.warn({ err }, 'event publish failed'));
  });

  app.post(
    '/complete',
    {
      schema: {
        tags,
        summary: 'Complete the profile after sign-up (/nextpage): the default address',
        body: CompleteProfileBodySchema,
        response: { 200: ProfileMessageSchema, ...errors },
      },
    },
    async (req) => {
      const { user } = req.ctx.actor;
      await completeProfile(req.ctx, req.body);
      return {
        message: m.welcomeTo(await shortName()),
        user: await loadProfile(req.ctx, await reloadUser(user.id)),
      };
    },
  );

  app.patch(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Edit name, business name, phone, and the email while it is unverified',
        body: UpdateProfileBodySchema,
        response: { 200: ProfileMessageSchema, ...errors },
      },
    },
    async (req) => {
      const { user } = req.ctx.actor;
      const updated = await updateProfile(req.ctx, user, req.body);
      return { message: m.profileUpdated, user: await loadProfile(req.ctx, updated) };
    },
  );

  app.get(
    '/addresses',
    {
      schema: {
        tags,
        summary: 'Saved addresses',
        response: { 200: AddressListSchema, 401: MessageResponseSchema },
      },
    },
    async (req) => {
      return { addresses: await listAddresses(req.ctx) };
    },
  );

  app.post(
    '/addresses',
    {
      schema: {
        tags,
        summary: 'Add an address (at most 5)',
        body: AddAddressBodySchema,
        response: { 201: AddressSchema, ...errors },
      },
    },
    async (req, reply) => {
      return reply.status(201).send(await addAddress(req.ctx, req.body));
    },
  );

  app.delete(
    '/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Remove an address',
        params: IdParams,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await removeAddress(req.ctx, req.params.id);
      return { message: m.addressRemoved };
    },
  );

  app.post(
    '/addresses/:id/default',
    {
      schema: {
        tags,
        summary: 'Make an address the default',
        params: IdParams,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await makeDefaultAddress(req.ctx, req.params.id);
      return { message: m.defaultSet };
    },
  );

  // Uploads: one file, 8 MB, enforced by the streaming parser (the rest is cut off, never stored).
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });

  app.post(
    '/documents/:kind',
    {
      schema: {
        tags,
        summary:
          'Upload the Sales ID or tobacco licence (multipart field "file"; jpeg, png, pdf, doc or docx; 8 MB)',
        consumes: ['multipart/form-data'],
        params: KindParams,
        response: {
          200: ProfileMessageSchema,
          ...errors,
          413: MessageResponseSchema,
          500: MessageResponseSchema,
        },
      },
    },
    async (req) => {
      const { user } = req.ctx.actor;
      const kind = req.params.kind;
      if (!req.isMultipart()) throw new Invalid(m.uploadMissing(kind));
      let part: MultipartFile | undefined;
      try {
        part = await req.file();
      } catch {
        throw new Invalid(m.uploadMissing(kind));
      }
      await uploadDocument(req.ctx, { kind, part });
      return {
        message: m.documentUploaded(kind),
        user: await loadProfile(req.ctx, await reloadUser(user.id)),
      };
    },
  );

  app.get(
    '/documents/:kind',
    {
      schema: {
        tags,
        summary: 'Download my own Sales ID or tobacco licence',
        params: KindParams,
        response: { 401: MessageResponseSchema, 404: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const doc = await findDocument(req.ctx, req.params.kind);
      const { stream, size } = await store.open(doc.storageKey);
      const ext =
        doc.contentType === 'application/pdf' ? 'pdf' : (doc.originalName.split('.').pop() ?? 'bin');
      const fallback = `${req.params.kind === 'sales_id' ? 'sales-id' : 'tobacco-license'}.${/^[a-z0-9]{1,5}$/i.test(ext) ? ext : 'bin'}`;
      return reply
        .header('content-type', doc.contentType)
        .header('content-length', size)
        .header(
          'content-disposition',
          `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(doc.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(stream as never);
    },
  );
};
