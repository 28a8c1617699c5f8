import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/account-messages.ts';
import {
  AddAddressBodySchema,
  AddressListSchema,
  AddressSchema,
  CompleteProfileBodySchema,
  ProfileMessageSchema,
  UpdateProfileBodySchema,
} from '#shared/accounts/accounts.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import type { Db } from '../../db/client.ts';
import { type CookieSettings, requireSession } from '../../plugins/auth.ts';
import { type AccountsContext, loadProfile, updateProfile } from './accounts.service.ts';
import {
  addAddress,
  completeProfile,
  listAddresses,
  makeDefaultAddress,
  removeAddress,
} from './addresses.service.ts';

export interface AccountRoutesOptions {
  db: Db;
  cookie: CookieSettings;
  clock: () => Date;
  context: () => AccountsContext;
  shortName: () => Promise<string>;
}

const tags = ['account'];
const errors = {
  400: MessageResponseSchema,
  401: MessageResponseSchema,
  403: MessageResponseSchema,
  404: MessageResponseSchema,
  409: MessageResponseSchema,
};
const IdParams = z.object({ id: z.uuid({ message: m.addressNotFound }) });

/** The signed-in buyer's own account. Every query is scoped to the session's user. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { db, cookie, clock, context, shortName },
) => {
  const session = (req: Parameters<typeof requireSession>[0]) => requireSession(req, db, cookie, clock());
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
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
      const { user } = await session(req);
      await completeProfile(db, user.id, user.isCompleted, req.body, clock());
      const fresh = (await session(req)).user;
      return {
        message: m.welcomeTo(await shortName()),
        user: await loadProfile(db, { ...fresh, isCompleted: true }),
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
      const { user } = await session(req);
      const updated = await updateProfile(context(), user, req.body);
      return { message: m.profileUpdated, user: await loadProfile(db, updated) };
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
      const { user } = await session(req);
      return { addresses: await listAddresses(db, user.id) };
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
      const { user } = await session(req);
      return reply.status(201).send(await addAddress(db, user.id, req.body, clock()));
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
      const { user } = await session(req);
      await removeAddress(db, user.id, req.params.id);
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
      const { user } = await session(req);
      await makeDefaultAddress(db, user.id, req.params.id);
      return { message: m.defaultSet };
    },
  );
};
