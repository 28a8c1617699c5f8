import { z } from 'zod';
import { MAX_DB_ID } from '#shared/input/input.ts';
import { adminMessages, auditMessages, staffAdminMessages } from './staff.messages.ts';
import { PERMISSIONS, STAFF_ROLES } from './staff-roles.ts';

export const StaffRoleSchema = z.enum(STAFF_ROLES, { message: staffAdminMessages.badRole });

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
  /** Their role and what it holds: the console shows only what they may use (decision 016). */
  role: StaffRoleSchema,
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** What the server found of an entry's record when the log was read (audit-sentence.ts names it with this). */
export const AuditRecordNamesSchema = z.object({
  name: z.string().nullable(),
  kind: z.string().nullable(),
  buyerId: z.string().nullable(),
  productId: z.number().int().nullable(),
});
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** The record's state before and after; fields named like a secret read "(hidden)". */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  record: AuditRecordNamesSchema,
  at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Where the next page of older entries starts (`before`), or null at the oldest. */
  nextBefore: z.number().int().nullable(),
});

const IsoDaySchema = z.iso.date({ message: auditMessages.badDate });
/** A code of the log's own alphabet: `order`, `order.item_cancelled`. */
const codeSchema = (message: string) =>
  z
    .string({ message })
    .max(80, message)
    .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/, message);

/** The log's filters (all optional, combined), as the console's URL holds them. */
export const AuditQuerySchema = z
  .object({
    entity: codeSchema(auditMessages.badEntity).optional(),
    entityId: z.string().max(100).optional(),
    actor: z.uuid({ message: auditMessages.badActor }).optional(),
    action: codeSchema(auditMessages.badAction).optional(),
    /** Days, YYYY-MM-DD, both included, in UTC (as the orders filter). */
    from: IsoDaySchema.optional(),
    to: IsoDaySchema.optional(),
    /** Older than this entry: the next page. */
    before: z.coerce
      .number({ message: auditMessages.badBefore })
      .int(auditMessages.badBefore)
      .positive(auditMessages.badBefore)
      .max(MAX_DB_ID, auditMessages.badBefore)
      .optional(),
    limit: z.coerce
      .number({ message: auditMessages.badLimit })
      .int(auditMessages.badLimit)
      .min(1, auditMessages.badLimit)
      .max(200, auditMessages.badLimit)
      .default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: auditMessages.datesReversed, path: ['to'] });
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const StaffListSchema = z.object({
  staff: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      totpEnabled: z.boolean(),
      passwordChangeRequired: z.boolean(),
      role: StaffRoleSchema,
      /** How many companies name them as their sales rep. */
      companies: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type StaffListEntry = z.infer<typeof StaffListSchema>['staff'][number];
export const NewStaffBodySchema = z.object({
  name: z.string({ message: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(80),
  email: z.email({ message: 'Enter a valid email address.' }).trim().max(254),
  role: StaffRoleSchema,
});
export const StaffRoleBodySchema = z.object({ role: StaffRoleSchema });
export type StaffRoleBody = z.infer<typeof StaffRoleBodySchema>;
export type NewStaffBody = z.input<typeof NewStaffBodySchema>;
/** The one-time password is shown once, to the staff member who made the account. */
export const NewStaffResponseSchema = z.object({ message: z.string(), id: z.string(), password: z.string() });
