import { z } from 'zod';
import { AddressSchema, DOCUMENT_KINDS } from '#shared/accounts/accounts.schemas.ts';
import { US_STATE_CODES } from '#shared/accounts/us-states.ts';
import { TRACKING_STAGES } from '#shared/orders/order-tracking.ts';
import { ORDER_ITEM_STATUSES, OrderSchema } from '#shared/orders/orders.schemas.ts';

type TrackingStage = (typeof TRACKING_STAGES)[number]['stage'];

export const adminMessages = {
  staffOnly: 'This area is for staff only.',
  secondFactorRequired: 'Enter the code from your authenticator app.',
  invalidCode: 'That code is not valid. Try again.',
  codeAlreadyUsed: 'This code was already used. Wait for the next code in your app.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  alreadySetUp: 'Two-factor sign-in is already set up for this account.',
  setUpFirst: 'Set up two-factor sign-in first.',
  keyUnreadable: 'Two-factor sign-in is unavailable: the server key changed. Ask an administrator.',
  passwordChangeFirst: 'Choose a new password first.',
} as const;

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx). */
export const SecondFactorBodySchema = z.object({
  code: z
    .string({ message: adminMessages.invalidCode })
    .trim()
    .transform((c) => c.replace(/\s+/g, '').toLowerCase())
    .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, adminMessages.invalidCode)),
});
export type SecondFactorBody = z.input<typeof SecondFactorBodySchema>;

export const TotpSetupResponseSchema = z.object({
  /** otpauth:// URI for the QR code. */
  uri: z.string(),
  /** The same key, base32, for typing in by hand. */
  secret: z.string(),
});

export const TotpConfirmResponseSchema = z.object({
  message: z.string(),
  /** Shown once: each signs in once instead of a code. */
  recoveryCodes: z.array(z.string()),
});

export const StaffMeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** TOTP is set up on the account. */
  totpEnabled: z.boolean(),
  /** This session gave its second factor: the console is open. */
  secondFactor: z.boolean(),
  /** Signed in with a one-time password: choose a new one before anything else. */
  passwordChangeRequired: z.boolean(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  at: z.string(),
});
export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema) });
export const AuditQuerySchema = z.object({
  entity: z.string().max(40).optional(),
  entityId: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const verificationMessages = {
  numberRequired: 'Enter the licence or certificate number.',
  stateRequired: 'Choose the issuing state.',
  expiryInvalid: 'Enter the expiry date as YYYY-MM-DD.',
  expiryPast: 'The expiry date has passed: request a new upload instead.',
  noteRequired: 'Tell the buyer what to fix (up to 500 characters).',
  notPending: 'This document is no longer waiting for review.',
  verified: 'Document verified.',
  reuploadRequested: 'The buyer was asked for a new upload.',
  documentNotFound: 'Document not found',
} as const;
const vm = verificationMessages;

export const VerifyDocumentBodySchema = z.object({
  documentNumber: z.string({ message: vm.numberRequired }).trim().min(1, vm.numberRequired).max(60),
  issuingState: z
    .string({ message: vm.stateRequired })
    .trim()
    .toUpperCase()
    .refine((s) => US_STATE_CODES.includes(s), vm.stateRequired),
  expiresOn: z.iso.date({ message: vm.expiryInvalid }),
});
export type VerifyDocumentBody = z.input<typeof VerifyDocumentBodySchema>;

export const RequestReuploadBodySchema = z.object({
  note: z.string({ message: vm.noteRequired }).trim().min(1, vm.noteRequired).max(500, vm.noteRequired),
});

export const QueuedDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  buyer: z.object({ id: z.string(), name: z.string(), businessName: z.string(), email: z.string() }),
});
export const VerificationQueueSchema = z.object({ documents: z.array(QueuedDocumentSchema) });

export const orderAdminMessages = {
  itemNotPending: 'This item is no longer pending.',
  stageNotNext: 'The order is already at this stage or beyond.',
  orderCancelled: 'This order is cancelled.',
  orderNotFound: 'Order not found',
} as const;

export const ADMIN_ITEM_STATUSES = ['delivered', 'cancelled'] as const;
export const SetItemStatusBodySchema = z.object({ status: z.enum(ADMIN_ITEM_STATUSES) });
export const SetStageBodySchema = z.object({
  stage: z.enum(TRACKING_STAGES.map((s) => s.stage) as [TrackingStage, ...TrackingStage[]]),
});

const isoDay = z.iso.date({ message: 'Dates are YYYY-MM-DD.' });
export const AdminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_ITEM_STATUSES).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** Part of the buyer's business name, name or email. */
  buyer: z.string().trim().max(100).optional(),
  number: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminOrdersQuery = z.output<typeof AdminOrdersQuerySchema>;
export const OrdersCsvQuerySchema = z.object({ from: isoDay, to: isoDay });

export const AdminOrderSchema = OrderSchema.extend({
  buyer: z.object({ id: z.string(), name: z.string(), businessName: z.string(), email: z.string() }),
});
export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const settingText = (max: number, label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

/** What staff edit in Settings; the store's full name comes from the deployment (STORE_NAME). */
export const StoreSettingsBodySchema = z.object({
  shortName: settingText(40, 'The short name'),
  contact: z.object({
    phone: settingText(40, 'The phone number'),
    email: z.email({ message: 'The contact email is not valid.' }).max(254),
    address: settingText(200, 'The address'),
    hours: settingText(120, 'The opening hours'),
  }),
  social: z
    .array(
      z.object({
        name: settingText(40, 'The network name'),
        url: z.url({ protocol: /^https$/, message: 'Social links must be https:// addresses.' }).max(300),
      }),
    )
    .max(8),
  pickupAddress: settingText(200, 'The pickup address'),
  deliveryFeeCents: z.number().int().min(0, 'The delivery fee cannot be negative.').max(100_000),
  unverifiedCapCents: z.number().int().min(0, 'The cap cannot be negative.').max(100_000_000),
});
export type StoreSettingsBody = z.input<typeof StoreSettingsBodySchema>;

export const OutboxQuerySchema = z.object({
  status: z.enum(['pending', 'sent', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const OutboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export const OutboxListSchema = z.object({ mails: z.array(OutboxEntrySchema) });

export const DOCUMENT_FILTERS = ['missing', 'pending', 'reupload_requested', 'verified'] as const;
export const BuyersQuerySchema = z.object({
  /** Part of the business name, name or email. */
  q: z.string().trim().max(100).optional(),
  state: z.string().trim().toUpperCase().length(2).optional(),
  /** Buyers with at least one document in this state ('missing': one not uploaded). */
  documents: z.enum(DOCUMENT_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type BuyersQuery = z.output<typeof BuyersQuerySchema>;

const DocStatus = z.enum(['pending', 'verified', 'reupload_requested']).nullable();
export const BuyerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  state: z.string().nullable(),
  createdAt: z.string(),
  disabled: z.boolean(),
  documents: z.object({ salesId: DocStatus, tobaccoLicense: DocStatus }),
});
export const BuyerListSchema = z.object({
  buyers: z.array(BuyerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const BuyerDetailSchema = z.object({
  buyer: BuyerRowSchema.extend({ phone: z.string() }),
  addresses: z.array(AddressSchema),
  documents: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(DOCUMENT_KINDS),
      status: z.string(),
      originalName: z.string(),
      uploadedAt: z.string(),
      documentNumber: z.string().nullable(),
      issuingState: z.string().nullable(),
      expiresOn: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  orders: z.array(OrderSchema),
});
export const DisableBuyerBodySchema = z.object({ disabled: z.boolean() });

export const ExpiringQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const ExpiringListSchema = z.object({
  documents: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(DOCUMENT_KINDS),
      expiresOn: z.string(),
      documentNumber: z.string().nullable(),
      buyer: z.object({ id: z.string(), name: z.string(), businessName: z.string(), email: z.string() }),
    }),
  ),
});

export const staffAdminMessages = {
  emailTaken: 'That email already has an account.',
  notYourself: 'Ask another staff member to reset your own two-factor sign-in.',
  staffNotFound: 'Staff member not found',
  totpReset: 'Two-factor sign-in was reset: they set up their app again at their next sign-in.',
} as const;

export const StaffListSchema = z.object({
  staff: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      totpEnabled: z.boolean(),
      passwordChangeRequired: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export const NewStaffBodySchema = z.object({
  name: z.string({ message: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(80),
  email: z.email({ message: 'Enter a valid email address.' }).trim().max(254),
});
export type NewStaffBody = z.input<typeof NewStaffBodySchema>;
/** The one-time password is shown once, to the staff member who made the account. */
export const NewStaffResponseSchema = z.object({ message: z.string(), id: z.string(), password: z.string() });
