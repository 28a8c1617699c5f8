import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/account-messages.ts';
import {
  SessionResponseSchema,
  SignInBodySchema,
  SignInResponseSchema,
  SignUpBodySchema,
} from '#shared/accounts/accounts.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import type { Db } from '../../db/client.ts';
import { type CookieSettings, clearSessionCookie, getSession, setSessionCookie } from '../../plugins/auth.ts';
import { signIn, signUp, toProfile } from './accounts.service.ts';
import type { ScryptCost } from './password.ts';
import { deleteSession } from './session.service.ts';

export interface AuthRoutesOptions {
  db: Db;
  cookie: CookieSettings;
  scryptCost: ScryptCost;
  clock: () => Date;
}

const tags = ['accounts'];
const errors = {
  400: MessageResponseSchema,
  401: MessageResponseSchema,
  403: MessageResponseSchema,
  409: MessageResponseSchema,
  429: MessageResponseSchema,
};
const SignUpResponseSchema = z.object({ message: z.string(), user: SignInResponseSchema.shape.user });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, cookie, scryptCost, clock },
) => {
  const ctx = () => ({ db, now: clock(), scryptCost });

  app.post(
    '/signup',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Register a business buyer and sign in',
        body: SignUpBodySchema,
        response: { 201: SignUpResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { user, session } = await signUp(ctx(), req.body);
      setSessionCookie(reply, cookie, session.token, null);
      return reply.status(201).send({ message: m.signUpSuccessful, user: toProfile(user) });
    },
  );

  app.post(
    '/signin',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: SignInBodySchema,
        response: { 200: SignInResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      // A new token at every sign-in; any session the browser already had is ended.
      const previous = req.cookies[cookie.name];
      const { user, session } = await signIn(ctx(), req.body, req.ip);
      if (previous) await deleteSession(db, previous);
      setSessionCookie(reply, cookie, session.token, req.body.rememberMe ? session.expiresAt : null);
      return {
        message: m.welcome(user.email),
        user: toProfile(user),
        next: user.isCompleted ? ('/' as const) : ('/nextpage' as const),
      };
    },
  );

  app.post(
    '/signout',
    {
      schema: {
        tags,
        summary: 'Sign out (ends the session on the server)',
        response: { 200: MessageResponseSchema, 403: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const token = req.cookies[cookie.name];
      if (token) await deleteSession(db, token);
      clearSessionCookie(reply, cookie);
      return { message: m.signedOut };
    },
  );

  app.get(
    '/session',
    {
      schema: {
        tags,
        summary: 'Who is signed in (user is null when nobody is)',
        response: { 200: SessionResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const s = await getSession(req, db, cookie, clock());
      return { user: s ? toProfile(s.user) : null };
    },
  );
};
