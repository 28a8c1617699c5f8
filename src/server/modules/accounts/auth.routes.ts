import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '#server/modules/module.ts';
import { clearSessionCookie, setSessionCookie } from '#server/plugins/auth.ts';
import { accountMessages as m } from '#shared/accounts/account-messages.ts';
import {
  ChangePasswordBodySchema,
  LostPasswordBodySchema,
  ResetPasswordBodySchema,
  SessionResponseSchema,
  SignInBodySchema,
  SignInResponseSchema,
  SignUpBodySchema,
  SignUpResponseSchema,
  TokenBodySchema,
} from '#shared/accounts/accounts.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { loadProfile, signIn, signUp } from './accounts.service.ts';
import {
  changePassword,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './email-flows.service.ts';
import { deleteSession } from './session.service.ts';

const tags = ['accounts'];
const errors = {
  400: MessageResponseSchema,
  401: MessageResponseSchema,
  403: MessageResponseSchema,
  409: MessageResponseSchema,
  429: MessageResponseSchema,
};

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
      return reply.status(201).send({ message: m.signUpSuccessful, user: await loadProfile(req.ctx, user) });
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
      const { user, session } = await signIn(req.ctx, req.body);
      if (previous) await deleteSession(req.ctx, previous);
      setSessionCookie(reply, cookie, session.token, req.body.rememberMe ? session.expiresAt : null);
      return {
        message: m.welcome(user.email),
        user: await loadProfile(req.ctx, user),
        // Staff go to the console, which asks for their second factor first.
        next:
          user.role === 'staff'
            ? ('/admin' as const)
            : user.isCompleted
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
      const s = await req.ctx.session();
      return { user: s ? await loadProfile(req.ctx, s.user) : null };
    },
  );

  app.post(
    '/verify-email/send',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Send the email verification link again (Send Link)',
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { user } = req.ctx.actor;
      await resendVerification(req.ctx, user);
      return { message: m.verificationSent };
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags,
        summary: 'Verify the email with the token from the link',
        body: TokenBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await verifyEmail(req.ctx, req.body.token);
      return { message: m.emailVerified };
    },
  );

  app.post(
    '/lost-password',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Mail a password reset link (the answer never tells whether the email has an account)',
        body: LostPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      // The same answer after the same work, whether or not the email has an account: the
      // lookup, the link and the mail happen once the answer is on its way.
      const c = req.ctx;
      const { email } = req.body;
      setImmediate(() =>
        requestPasswordReset(c, email).catch((err) =>
          req.log.error({ err }, 'could not queue a password reset mail'),
        ),
      );
      return { message: m.resetSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from the link; ends every session',
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await resetPassword(req.ctx, req.body);
      return { message: m.passwordUpdated };
    },
  );

  app.post(
    '/change-password',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Change the password (old, new, confirm); ends the other sessions',
        body: ChangePasswordBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await changePassword(req.ctx, req.body);
      return { message: m.passwordUpdated };
    },
  );
};
