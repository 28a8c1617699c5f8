import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '#server/modules/module.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import {
  ChangePasswordBodySchema,
  LostPasswordBodySchema,
  ResetPasswordBodySchema,
  TokenBodySchema,
} from '#shared/accounts/accounts.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { authErrors as errors, authTags as tags } from './auth.routes.ts';
import {
  changePassword,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './email-flows.service.ts';

/** /api/v1/auth: the emailed links (verify the address, reset a lost password) and changing it. */
export const emailFlowRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app) => {
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
      return { message: accountMessages.verificationSent };
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
      return { message: accountMessages.emailVerified };
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
      return { message: accountMessages.resetSent };
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
      return { message: accountMessages.passwordUpdated };
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
      return { message: accountMessages.passwordUpdated };
    },
  );
};
