import { z } from 'zod';
import { ViewingSchema } from './view-as.schemas.ts';
import { COMPANY_ROLES } from '#shared/companies/companies.rules.ts';
import { requireFilled } from '#shared/input/required.ts';
import { accountMessages } from './accounts.messages.ts';
import { isValidEmail, isValidPasswordLength, isValidPhone, normalizePhone } from './accounts.rules.ts';
import { US_STATE_CODES } from './us-states.ts';

export const DOCUMENT_KINDS = ['sales_id', 'tobacco_license'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const text = (max: number) => z.string({ message: accountMessages.allFieldsRequired }).max(max * 4);

/**
 * SPEC §5 Sign-up. The checks run in the spec's order and the first failure is the message, so
 * the form and the server say the same thing.
 */
export const SignUpBodySchema = z
  .object({
    businessName: text(120),
    name: text(100),
    phoneNumber: text(40),
    email: text(254),
    password: z.string({ message: accountMessages.allFieldsRequired }).max(1024),
    confirmPassword: z.string({ message: accountMessages.allFieldsRequired }).max(1024),
  })
  .superRefine((b, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const all = ['businessName', 'name', 'phoneNumber', 'email', 'password', 'confirmPassword'] as const;
    if (requireFilled(ctx, b, all, accountMessages.allFieldsRequired)) return;
    if (b.password !== b.confirmPassword) return fail(accountMessages.passwordsDoNotMatch, 'confirmPassword');
    if (!isValidEmail(b.email.trim())) return fail(accountMessages.invalidEmailFormat, 'email');
    if (!isValidPhone(b.phoneNumber)) return fail(accountMessages.invalidPhoneFormat, 'phoneNumber');
    if (!isValidPasswordLength(b.password)) return fail(accountMessages.passwordLength, 'password');
    if (b.businessName.trim().length > 120 || b.name.trim().length > 100)
      return fail(accountMessages.fieldTooLong, 'name');
  })
  .transform((b) => ({
    businessName: b.businessName.trim(),
    name: b.name.trim(),
    phoneNumber: normalizePhone(b.phoneNumber),
    email: b.email.trim(),
    password: b.password,
  }));
export type SignUpBody = z.input<typeof SignUpBodySchema>;
export type NewAccount = z.output<typeof SignUpBodySchema>;

export const SignInBodySchema = z.object({
  email: z
    .string({ message: accountMessages.allFieldsRequired })
    .trim()
    .min(1, accountMessages.allFieldsRequired)
    .max(254, accountMessages.incorrectCredentials),
  password: z
    .string({ message: accountMessages.allFieldsRequired })
    .min(1, accountMessages.allFieldsRequired)
    .max(1024, accountMessages.incorrectCredentials),
  rememberMe: z.boolean().default(false),
});
export type SignInBody = z.input<typeof SignInBodySchema>;
export type SignInCredentials = z.output<typeof SignInBodySchema>;

/** SPEC §3/§4: a document's state and the upload metadata the buyer may see. */
export const DocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  /** 'expired': verified, but its expiry date has passed (it counts as unverified). */
  status: z.enum(['pending', 'verified', 'reupload_requested', 'expired']),
  expiresOn: z.string().nullable(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  md5Hash: z.string(),
  timeCreated: z.string(),
  updated: z.string(),
  note: z.string().nullable(),
});
export type Document = z.infer<typeof DocumentSchema>;
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const UPLOAD_ACCEPT =
  '.jpg,.jpeg,.png,.pdf,.doc,.docx,image/jpeg,image/png,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const ProfileSchema = z.object({
  id: z.string(),
  defaultAddress: z.lazy(() => AddressSchema).nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  businessName: z.string(),
  phoneNumber: z.string(),
  isCompleted: z.boolean(),
  createdAt: z.string(),
  role: z.enum(['buyer', 'staff']),
  /** The member's company and their role in it (decision 015); null for staff. */
  company: z.object({ id: z.string(), role: z.enum(COMPANY_ROLES), businessName: z.string() }).nullable(),
  documents: z.object({ salesId: DocumentSchema.nullable(), tobaccoLicense: DocumentSchema.nullable() }),
  /** The spec's flags (SPEC §3), derived from the documents. */
  isSalesIdUploaded: z.boolean(),
  isSalesIdverified: z.boolean(),
  requestForReUploadOfSalesId: z.boolean(),
  isTobaccoLicenceUploaded: z.boolean(),
  isTobaccoLicenceVerified: z.boolean(),
  requestForTobaccoLicenceUpload: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const SessionResponseSchema = z.object({
  user: ProfileSchema.nullable(),
  /** Staff viewing the store as this member, read only (decision 016, part 5); null otherwise. */
  viewing: ViewingSchema.nullable().default(null),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const SignInResponseSchema = z.object({
  message: z.string(),
  user: ProfileSchema,
  /** Where the sign-in page goes: home, /nextpage to complete the profile, or staff's /admin. */
  next: z.enum(['/', '/nextpage', '/admin']),
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const TokenBodySchema = z.object({
  token: z
    .string({ message: accountMessages.linkInvalid })
    .min(1, accountMessages.linkInvalid)
    .max(100, accountMessages.linkInvalid),
});

export const LostPasswordBodySchema = z.object({
  email: z
    .string({ message: accountMessages.invalidEmailFormat })
    .trim()
    .refine((e) => isValidEmail(e), accountMessages.invalidEmailFormat),
});
export type LostPasswordBody = z.input<typeof LostPasswordBodySchema>;

/** A new password with its confirmation: the reset page and Change Password share these rules. */
function newPasswordRules(
  b: { password: string; confirmPassword: string },
  ctx: z.RefinementCtx,
  anotherBlank = false,
) {
  const blank = requireFilled(
    ctx,
    b,
    ['password', 'confirmPassword'],
    accountMessages.allFieldsRequiredDot,
    (v) => v === '',
  );
  if (blank || anotherBlank) return;
  if (b.password !== b.confirmPassword)
    ctx.addIssue({
      code: 'custom',
      message: accountMessages.newPasswordsDoNotMatch,
      path: ['confirmPassword'],
    });
  else if (!isValidPasswordLength(b.password))
    ctx.addIssue({ code: 'custom', message: accountMessages.passwordLength, path: ['password'] });
}

export const ResetPasswordBodySchema = z
  .object({
    token: TokenBodySchema.shape.token,
    password: z.string({ message: accountMessages.allFieldsRequiredDot }).max(1024),
    confirmPassword: z.string({ message: accountMessages.allFieldsRequiredDot }).max(1024),
  })
  .superRefine(newPasswordRules);
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z
  .object({
    oldPassword: z.string({ message: accountMessages.allFieldsRequiredDot }).max(1024),
    password: z.string({ message: accountMessages.allFieldsRequiredDot }).max(1024),
    confirmPassword: z.string({ message: accountMessages.allFieldsRequiredDot }).max(1024),
  })
  .superRefine((b, ctx) => {
    const blank = requireFilled(
      ctx,
      b,
      ['oldPassword'],
      accountMessages.allFieldsRequiredDot,
      (v) => v === '',
    );
    newPasswordRules(b, ctx, blank);
  });
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

export const AddressSchema = z.object({
  id: z.string(),
  streetAddress: z.string(),
  streetAddress2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  isDefault: z.boolean(),
  /** What the company calls this location ("Main St store"); '' when unnamed (the street is shown). */
  name: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;
/** A location's name: optional, at most this many characters. */
export const LOCATION_NAME_MAX = 60;
export const AddressListSchema = z.object({ addresses: z.array(AddressSchema) });

/** One address body for both forms; each says its own "required" message (SPEC §5). */
function addressBody(requiredMessage: string) {
  const field = (max: number) => z.string({ message: requiredMessage }).max(max * 2, requiredMessage);
  return z
    .object({
      streetAddress: field(120),
      streetAddress2: z.string().max(240).optional(),
      city: field(80),
      state: field(40),
      zipCode: field(20),
      name: z
        .string()
        .max(LOCATION_NAME_MAX * 2, accountMessages.locationNameTooLong)
        .optional(),
    })
    .superRefine((b, ctx) => {
      const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
      if (requireFilled(ctx, b, ['streetAddress', 'city', 'state', 'zipCode'], requiredMessage)) return;
      if (!US_STATE_CODES.includes(b.state.trim().toUpperCase()))
        return fail(accountMessages.invalidState, 'state');
      if (!/^\d{5}(-\d{4})?$/.test(b.zipCode.trim())) return fail(accountMessages.invalidZip, 'zipCode');
      if ((b.name ?? '').trim().length > LOCATION_NAME_MAX)
        return fail(accountMessages.locationNameTooLong, 'name');
    })
    .transform((b) => ({
      streetAddress: b.streetAddress.trim(),
      streetAddress2: (b.streetAddress2 ?? '').trim(),
      city: b.city.trim(),
      state: b.state.trim().toUpperCase(),
      zipCode: b.zipCode.trim(),
      name: (b.name ?? '').trim(),
    }));
}

/** /nextpage: 'All address fields are required'. */
export const CompleteProfileBodySchema = addressBody(accountMessages.allAddressFieldsRequired);
export type CompleteProfileBody = z.input<typeof CompleteProfileBodySchema>;
/** Account › Address: 'Fill all the fields'. */
export const AddAddressBodySchema = addressBody(accountMessages.fillAllFields);
export type AddAddressBody = z.input<typeof AddAddressBodySchema>;
export type AddressInput = z.output<typeof AddAddressBodySchema>;

export const UpdateProfileBodySchema = z.object({
  name: z
    .string({ message: accountMessages.allFieldsRequired })
    .trim()
    .min(1, accountMessages.allFieldsRequired)
    .max(100, accountMessages.fieldTooLong),
  businessName: z
    .string({ message: accountMessages.allFieldsRequired })
    .trim()
    .min(1, accountMessages.allFieldsRequired)
    .max(120, accountMessages.fieldTooLong),
  phoneNumber: z
    .string({ message: accountMessages.invalidPhoneEdit })
    .max(40, accountMessages.invalidPhoneEdit)
    .refine(isValidPhone, accountMessages.invalidPhoneEdit)
    .transform(normalizePhone),
  email: z.string().trim().max(254, accountMessages.invalidEmailFormat).optional(),
  currentPassword: z.string().max(1024).optional(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;
export type UpdateProfileInput = z.output<typeof UpdateProfileBodySchema>;

export const SignUpResponseSchema = z.object({ message: z.string(), user: ProfileSchema });
export const ProfileMessageSchema = z.object({ message: z.string(), user: ProfileSchema });
