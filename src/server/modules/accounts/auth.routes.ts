import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '#server/modules/module.ts';
import { viewingOf } from './view-as-session.ts';
import { clearSessionCookie, setSessionCookie } from '#server/plugins/auth.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import {
  SessionResponseSchema,
  SignInBodySchema,
  SignInResponseSchema,
  SignUpBodySchema,
  SignUpResponseSchema,
} from '#shared/accounts/accounts.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { loadProfile, signIn, signUp } from './accounts.service.ts';
import { deleteSession } from './session.service.ts';

export const authTags = ['accounts'];
const tags = authTags;
export const authErrors = {
  400: MessageResponseSchema,
  401: MessageResponseSchema,
  403: MessageResponseSchema,
  409: MessageResponseSchema,
  429: MessageResponseSchema,
};
const errors = authErrors;

/** /api/v1/auth: sign up, sign in and out, and the session. */
export const authRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { cookie }) => {
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
      const { user, session } = await signUp(req.ctx, req.body);
      setSessionCookie(reply, cookie, session.token, null);
      return reply
        .status(201)
        .send({ message: accountMessages.signUpSuccessful, user: await loadProfile(req.ctx, user) });
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
      const { user, session, membership } = await signIn(req.ctx, req.body);
      if (previous) await deleteSession(req.ctx, previous);
      setSessionCookie(reply, cookie, session.token, req.body.rememberMe ? session.expiresAt : null);
      const profile = await loadProfile(req.ctx, user, membership);
      return {
        message: accountMessages.welcome(user.email),
        user: profile,
        // Staff go to the console, which asks for their second factor first.
        next:
          user.role === 'staff'
            ? ('/admin' as const)
            : profile.isCompleted
              ? ('/' as const)
              : ('/nextpage' as const),
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
      if (token) await deleteSession(req.ctx, token);
      clearSessionCookie(reply, cookie);
      return { message: accountMessages.signedOut };
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
      const s = await req.ctx.session();
      const membership = s?.member && s.company ? { member: s.member, company: s.company } : null;
      return { user: s ? await loadProfile(req.ctx, s.user, membership) : null, viewing: viewingOf(s) };
    },
  );
};
