import { z } from 'zod';
import { adminMessages } from './staff.messages.ts';

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
