import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrderListSchema,
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  AuditListSchema,
  AuditQuerySchema,
  BuyerDetailSchema,
  BuyerListSchema,
  BuyersQuerySchema,
  DisableBuyerBodySchema,
  ExpiringListSchema,
  ExpiringQuerySchema,
  OrdersCsvQuerySchema,
  OutboxListSchema,
  OutboxQuerySchema,
  RequestReuploadBodySchema,
  SecondFactorBodySchema,
  SetItemStatusBodySchema,
  SetStageBodySchema,
  StaffMeSchema,
  StoreSettingsBodySchema,
  TotpConfirmResponseSchema,
  TotpSetupResponseSchema,
  VerificationQueueSchema,
  VerifyDocumentBodySchema,
  NewStaffBodySchema,
  NewStaffResponseSchema,
  StaffListSchema,
  staffAdminMessages,
  verificationMessages as vm,
} from '#shared/admin/admin.schemas.ts';
import { IdParamsSchema } from '#shared/admin/catalogue-admin.schemas.ts';
import { MessageResponseSchema, StoreInfoSchema } from '#shared/store/store.schemas.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { ERROR_RESPONSES, noStore } from '../../http/responses.ts';
import type { CookieSettings } from '../../plugins/auth.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { PrivateStore } from '../../storage/private-store.ts';
import type { MailSettings } from '../accounts/accounts.service.ts';
import type { ScryptCost } from '../accounts/password.ts';
import type { UserEventBus } from '../events/event-bus.ts';
import { listOutbox, retryMail } from '../mail/outbox.ts';
import { savedSettings, saveSettings } from '../store/store.service.ts';
import type { StoreSettings } from '../store/store-settings.ts';
import {
  listAdminOrders,
  loadAdminOrder,
  ordersCsv,
  setItemStatus,
  setStage,
} from './admin-orders.service.ts';
import { audit, listAudit } from './audit.service.ts';
import { buyerDetail, listBuyers, setBuyerDisabled, verifyBuyerEmail } from './buyers.service.ts';
import { expiringDocuments } from './document-expiry.service.ts';
import { confirmTotpSetup, startTotpSetup, verifySecondFactor } from './second-factor.service.ts';
import { addStaff, listStaff, resetStaffTotp } from './staff-admin.service.ts';
import { requireOwnPassword, requireStaff, requireStaffPassword } from './staff-guard.ts';
import {
  findDocumentById,
  requestReupload,
  verificationQueue,
  verifyDocument,
} from './verification.service.ts';

const tags = ['admin'];
const errors = ERROR_RESPONSES;

/** /api/v1/admin: the staff console's API. Every route checks staff on the server. */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cookie: CookieSettings;
  clock: () => Date;
  issuer: string;
  store: PrivateStore;
  mail: MailSettings;
  events: UserEventBus;
  storeSettings: StoreSettings;
  secretBox: SecretBox;
  scryptCost: ScryptCost;
}> = async (
  app,
  { db, cookie, clock, issuer, store, mail, events, storeSettings, secretBox, scryptCost },
) => {
  noStore(app);

  // Staff signed in with their password: who they are and the second-factor steps.
  await app.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async (req) => {
      await requireStaffPassword(req, db, cookie, clock());
    });
    app.get(
      '/me',
      {
        schema: {
          tags,
          summary: 'The signed-in staff member and their second-factor state',
          response: { 200: StaffMeSchema, ...errors },
        },
      },
      async (req) => {
        const { user, session } = await requireStaffPassword(req, db, cookie, clock());
        return {
          id: user.id,
          name: user.name,
          email: user.email,
          totpEnabled: Boolean(user.totpEnabledAt),
          secondFactor: Boolean(session.secondFactorAt),
          passwordChangeRequired: user.passwordChangeRequired,
        };
      },
    );

    app.post(
      '/2fa/setup',
      {
        schema: {
          tags,
          summary: 'Start setting up the authenticator app (first sign-in)',
          response: { 200: TotpSetupResponseSchema, ...errors },
        },
      },
      async (req) => {
        const s = await requireStaffPassword(req, db, cookie, clock());
        requireOwnPassword(s);
        return startTotpSetup(db, secretBox, s.user, issuer);
      },
    );

    app.post(
      '/2fa/confirm',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Confirm the set-up with a first code; answers the recovery codes once',
          body: SecondFactorBodySchema,
          response: { 200: TotpConfirmResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const s = await requireStaffPassword(req, db, cookie, now);
        requireOwnPassword(s);
        const recoveryCodes = await confirmTotpSetup(db, secretBox, s, req.body.code, now);
        await audit(
          db,
          { actorId: s.user.id, action: 'staff.totp_enabled', entity: 'user', entityId: s.user.id },
          now,
        );
        return { message: 'Two-factor sign-in is on.', recoveryCodes };
      },
    );

    app.post(
      '/2fa/verify',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Give the second factor for this session (authenticator or recovery code)',
          body: SecondFactorBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const s = await requireStaffPassword(req, db, cookie, now);
        requireOwnPassword(s);
        await verifySecondFactor(db, secretBox, s, req.body.code, now);
        await audit(
          db,
          { actorId: s.user.id, action: 'staff.signed_in', entity: 'user', entityId: s.user.id },
          now,
        );
        return { message: `Welcome ${s.user.email}` };
      },
    );
  });

  // The console itself: staff whose session gave its second factor. Checked before the body is
  // even read, so an anonymous or buyer request learns nothing from validation messages.
  await app.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // Handlers that need the staff member call requireStaff again: the session is looked up once per request.
    app.addHook('onRequest', async (req) => {
      await requireStaff(req, db, cookie, clock());
    });
    app.get(
      '/audit',
      {
        schema: {
          tags,
          summary: 'The audit log, newest first',
          querystring: AuditQuerySchema,
          response: { 200: AuditListSchema, ...errors },
        },
      },
      async (req) => ({ entries: await listAudit(db, req.query) }),
    );

    const DocumentParams = z.object({ id: z.uuid({ message: vm.documentNotFound }) });

    app.get(
      '/verifications',
      {
        schema: {
          tags,
          summary: 'Documents waiting for review, oldest first',
          response: { 200: VerificationQueueSchema, ...errors },
        },
      },
      async () => ({ documents: await verificationQueue(db) }),
    );

    app.get(
      '/documents/:id/file',
      {
        schema: {
          tags,
          summary: "A buyer's document, inline for preview (staff only; every view is audited)",
          params: DocumentParams,
          response: { 401: MessageResponseSchema, 403: MessageResponseSchema, 404: MessageResponseSchema },
        },
      },
      async (req, reply) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const doc = await findDocumentById(db, req.params.id);
        const { stream, size } = await store.open(doc.storageKey);
        await audit(
          db,
          { actorId: user.id, action: 'document.viewed', entity: 'document', entityId: doc.id },
          now,
        );
        return (
          reply
            .header('content-type', doc.contentType)
            .header('content-length', size)
            .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(doc.originalName)}`)
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'no-store')
            // Previewed inside the console page (same origin only), never in another site's frame.
            .header('x-frame-options', 'SAMEORIGIN')
            .header('content-security-policy', "frame-ancestors 'self'")
            .send(stream as never)
        );
      },
    );

    app.post(
      '/documents/:id/verify',
      {
        schema: {
          tags,
          summary: 'Verify a pending document with its number, issuing state and expiry',
          params: DocumentParams,
          body: VerifyDocumentBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const doc = await verifyDocument({ db, now, staffId: user.id }, req.params.id, req.body);
        // The buyer's open profile page shows Verified without a reload.
        await events.publish(doc.userId, 'profile').catch(() => {});
        return { message: vm.verified };
      },
    );

    app.post(
      '/documents/:id/request-reupload',
      {
        schema: {
          tags,
          summary: 'Ask the buyer for a new upload; the note is emailed to them',
          params: DocumentParams,
          body: RequestReuploadBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const doc = await requestReupload({ db, now, staffId: user.id, mail }, req.params.id, req.body.note);
        await events.publish(doc.userId, 'profile').catch(() => {});
        return { message: vm.reuploadRequested };
      },
    );

    const OrderParams = z.object({ number: z.string().trim().max(40) });

    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Orders with filters (item status, dates, buyer, number), newest first, paged',
          querystring: AdminOrdersQuerySchema,
          response: { 200: AdminOrderListSchema, ...errors },
        },
      },
      async (req) => listAdminOrders(db, req.query),
    );

    app.get(
      '/orders/export.csv',
      {
        schema: { tags, summary: 'Orders placed in a date range, as CSV', querystring: OrdersCsvQuerySchema },
      },
      async (req, reply) => {
        const { from, to } = req.query;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${from}-to-${to}.csv"`)
          .send(await ordersCsv(db, from, to));
      },
    );

    app.get(
      '/orders/:number',
      {
        schema: {
          tags,
          summary: 'One order with its buyer',
          params: OrderParams,
          response: { 200: AdminOrderSchema, ...errors },
        },
      },
      async (req) => loadAdminOrder(db, req.params.number),
    );

    app.post(
      '/orders/:number/stage',
      {
        schema: {
          tags,
          summary: 'Move an order to the next shipping stage (the buyer is told)',
          params: OrderParams,
          body: SetStageBodySchema,
          response: { 200: AdminOrderSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const { userId } = await setStage(
          { db, now, staffId: user.id, mail },
          req.params.number,
          req.body.stage,
        );
        await events.publish(userId, 'orders').catch(() => {});
        return loadAdminOrder(db, req.params.number);
      },
    );

    app.post(
      '/orders/:number/items/:sku/status',
      {
        schema: {
          tags,
          summary: 'Mark a pending item delivered or cancelled (cancelling returns its stock, once)',
          params: OrderParams.extend({ sku: z.string().trim().max(60) }),
          body: SetItemStatusBodySchema,
          response: { 200: AdminOrderSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const { userId } = await setItemStatus(
          { db, now, staffId: user.id, mail },
          req.params.number,
          req.params.sku,
          req.body.status,
        );
        await events.publish(userId, 'orders').catch(() => {});
        return loadAdminOrder(db, req.params.number);
      },
    );

    app.get(
      '/settings',
      {
        schema: {
          tags,
          summary: 'The store settings as the storefront shows them',
          response: { 200: StoreInfoSchema, ...errors },
        },
      },
      async () => storeSettings.get(),
    );

    app.put(
      '/settings',
      {
        schema: {
          tags,
          summary: 'Change the store settings; every instance applies them at once',
          body: StoreSettingsBodySchema,
          response: { 200: StoreInfoSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const before = await savedSettings(db);
        await db.transaction(async (tx) => {
          await saveSettings(tx, req.body);
          await audit(
            tx,
            {
              actorId: user.id,
              action: 'settings.changed',
              entity: 'settings',
              entityId: 'store',
              before,
              after: req.body,
            },
            now,
          );
        });
        await storeSettings.changed();
        return storeSettings.get();
      },
    );

    app.get(
      '/outbox',
      {
        schema: {
          tags,
          summary: 'Mail sent, waiting and failed, newest first',
          querystring: OutboxQuerySchema,
          response: { 200: OutboxListSchema, ...errors },
        },
      },
      async (req) => ({ mails: await listOutbox(db, req.query) }),
    );

    app.post(
      '/outbox/:id/retry',
      {
        schema: {
          tags,
          summary: 'Send a failed mail again',
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const row = await retryMail(db, req.params.id, now);
        if (!row) throw new DomainError(409, 'Only a failed or waiting mail can be retried.');
        await audit(
          db,
          { actorId: user.id, action: 'mail.retried', entity: 'mail', entityId: String(req.params.id) },
          now,
        );
        mail.kick();
        return { message: `The mail to ${row.to} will be sent again.` };
      },
    );

    app.get(
      '/staff',
      {
        schema: {
          tags,
          summary: 'Staff accounts and their sign-in state',
          response: { 200: StaffListSchema, ...errors },
        },
      },
      async () => ({ staff: await listStaff(db) }),
    );

    app.post(
      '/staff',
      {
        schema: {
          tags,
          summary: 'Add a staff member; answers their one-time password once',
          body: NewStaffBodySchema,
          response: { 200: NewStaffResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const created = await addStaff({ db, staffId: user.id, now }, req.body, scryptCost);
        return {
          message: `Staff account ${req.body.email} created. Hand over the one-time password: it is shown only now.`,
          ...created,
        };
      },
    );

    app.post(
      '/staff/:id/reset-2fa',
      {
        schema: {
          tags,
          summary: "Reset another staff member's two-factor sign-in (a lost phone); their sessions end",
          params: z.object({ id: z.uuid({ message: staffAdminMessages.staffNotFound }) }),
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        await resetStaffTotp({ db, staffId: user.id, now }, req.params.id);
        return { message: staffAdminMessages.totpReset };
      },
    );

    const BuyerParams = z.object({ id: z.uuid({ message: 'Buyer not found' }) });

    app.get(
      '/buyers',
      {
        schema: {
          tags,
          summary: 'Buyers: search by business, name or email; filter by state and document status',
          querystring: BuyersQuerySchema,
          response: { 200: BuyerListSchema, ...errors },
        },
      },
      async (req) => listBuyers(db, req.query),
    );

    app.get(
      '/buyers/:id',
      {
        schema: {
          tags,
          summary: 'A buyer with profile, addresses, documents and recent orders',
          params: BuyerParams,
          response: { 200: BuyerDetailSchema, ...errors },
        },
      },
      async (req) => buyerDetail(db, req.params.id),
    );

    app.post(
      '/buyers/:id/verify-email',
      {
        schema: {
          tags,
          summary: "Mark a buyer's email verified by hand",
          params: BuyerParams,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        const changed = await verifyBuyerEmail({ db, now, staffId: user.id }, req.params.id);
        if (changed) await events.publish(req.params.id, 'profile').catch(() => {});
        return { message: changed ? 'Email marked verified.' : 'The email was already verified.' };
      },
    );

    app.post(
      '/buyers/:id/disable',
      {
        schema: {
          tags,
          summary: 'Disable (sessions end; no sign-in, no orders) or enable a buyer account',
          params: BuyerParams,
          body: DisableBuyerBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = clock();
        const { user } = await requireStaff(req, db, cookie, now);
        await setBuyerDisabled({ db, now, staffId: user.id }, req.params.id, req.body.disabled);
        return { message: req.body.disabled ? 'Account disabled.' : 'Account enabled.' };
      },
    );

    app.get(
      '/documents/expiring',
      {
        schema: {
          tags,
          summary: 'Verified documents expiring within N days (default 30) or expired, soonest first',
          querystring: ExpiringQuerySchema,
          response: { 200: ExpiringListSchema, ...errors },
        },
      },
      async (req) => ({ documents: await expiringDocuments(db, clock(), req.query.days) }),
    );
  });
};
