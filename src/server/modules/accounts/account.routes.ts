import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, OWNERS_OR_NON_MEMBERS } from '#server/plugins/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import {
  AddAddressBodySchema,
  AddressListSchema,
  AddressSchema,
  CompleteProfileBodySchema,
  DOCUMENT_KINDS,
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
} from '#server/modules/companies/locations.service.ts';

const tags = ['account'];
const errors = ERROR_RESPONSES;
const IdParams = z.object({ id: z.uuid({ message: accountMessages.addressNotFound }) });
const _KindParams = z.object({ kind: z.enum(DOCUMENT_KINDS, { message: accountMessages.documentNotFound }) });

/** The user row as it is now (the session's copy predates the change just made). */
export const reloadUserRow = async (db: Db, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)))[0]!;

/** The signed-in buyer's own account (profile, addresses). Every query is scoped to the session's user. */
export const accountRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, settings }) => {
  const shortName = async () => (await settings.get()).shortName;
  const reloadUser = (id: string) => reloadUserRow(db, id);
  noStore(app);
  defaultAccess(app, 'signedIn');

  app.post(
    '/complete',
    {
      // It adds the company's first location: owners' (open question 4), as the address book.
      config: { companyRoles: OWNERS_OR_NON_MEMBERS },
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
        message: accountMessages.welcomeTo(await shortName()),
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
      return { message: accountMessages.profileUpdated, user: await loadProfile(req.ctx, updated) };
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
      // The company's locations are its owners' to change (decision 015, open question 4).
      config: { companyRoles: OWNERS_OR_NON_MEMBERS },
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
      config: { companyRoles: OWNERS_OR_NON_MEMBERS },
      schema: {
        tags,
        summary: 'Remove an address',
        params: IdParams,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await removeAddress(req.ctx, req.params.id);
      return { message: accountMessages.addressRemoved };
    },
  );

  app.post(
    '/addresses/:id/default',
    {
      config: { companyRoles: OWNERS_OR_NON_MEMBERS },
      schema: {
        tags,
        summary: 'Make an address the default',
        params: IdParams,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await makeDefaultAddress(req.ctx, req.params.id);
      return { message: accountMessages.defaultSet };
    },
  );
};
