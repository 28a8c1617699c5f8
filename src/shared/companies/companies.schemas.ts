import { z } from 'zod';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { isValidEmail, isValidPasswordLength } from '#shared/accounts/accounts.rules.ts';
import { UpdateProfileBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { requireFilled } from '#shared/input/required.ts';
import { parseAmount } from '#shared/money.ts';
import { companyMessages } from './companies.messages.ts';
import { COMPANY_ROLES, MAX_ORDER_LIMIT_CENTS, mayHaveLimit } from './companies.rules.ts';

export { companyMessages } from './companies.messages.ts';

export const CompanyRoleSchema = z.enum(COMPANY_ROLES, { message: companyMessages.roleRequired });

/** GET /company: the business, and the caller's role in it. */
export const CompanySchema = z.object({
  id: z.string(),
  businessName: z.string(),
  phoneNumber: z.string(),
  taxId: z.string().nullable(),
  role: CompanyRoleSchema,
});
export type Company = z.infer<typeof CompanySchema>;
export const CompanyMessageSchema = z.object({ message: z.string(), company: CompanySchema });

/** A tax id: an EIN or a state id as the business gives it, 1–40 characters once trimmed; empty clears it. */
export const TAX_ID_MAX = 40;
const TaxId = z
  .string({ message: companyMessages.taxIdTooLong })
  .max(TAX_ID_MAX * 4, companyMessages.taxIdTooLong)
  .transform((t) => t.trim())
  .refine((t) => t.length <= TAX_ID_MAX, companyMessages.taxIdTooLong)
  .transform((t) => (t === '' ? null : t));

/** PATCH /company (owners): the name and phone with My Profile's rules; the tax id left out stays. */
export const UpdateCompanyBodySchema = z.object({
  businessName: UpdateProfileBodySchema.shape.businessName,
  phoneNumber: UpdateProfileBodySchema.shape.phoneNumber,
  taxId: TaxId.nullable().optional(),
});
export type UpdateCompanyBody = z.input<typeof UpdateCompanyBodySchema>;
export type UpdateCompanyInput = z.output<typeof UpdateCompanyBodySchema>;

/** An order limit in cents: 0 or more (0: every order waits for an owner, decision 015 step 4); null: none. */
const OrderLimitCents = z
  .number({ message: companyMessages.limitInvalid })
  .int(companyMessages.limitInvalid)
  .min(0, companyMessages.limitInvalid)
  .max(MAX_ORDER_LIMIT_CENTS, companyMessages.limitTooHigh)
  .nullable();

/** A role with its order limit: the limit only for a buyer (the database's check says the same). */
function limitForBuyersOnly(b: { role: string; orderLimitCents: number | null }, ctx: z.RefinementCtx) {
  if (b.orderLimitCents !== null && !mayHaveLimit(b.role))
    ctx.addIssue({ code: 'custom', message: companyMessages.limitOnlyForBuyers, path: ['orderLimitCents'] });
}

/** PATCH /company/members/:userId (owners): the role, and a buyer's order limit (left out: none). */
export const UpdateMemberBodySchema = z
  .object({ role: CompanyRoleSchema, orderLimitCents: OrderLimitCents.default(null) })
  .superRefine(limitForBuyersOnly);
export type UpdateMemberBody = z.input<typeof UpdateMemberBodySchema>;
export type UpdateMemberInput = z.output<typeof UpdateMemberBodySchema>;

const Email = z
  .string({ message: companyMessages.emailRequired })
  .max(1024, accountMessages.invalidEmailFormat)
  .transform((e) => e.trim())
  .refine((e) => e !== '', { message: companyMessages.emailRequired, abort: true })
  .refine(isValidEmail, accountMessages.invalidEmailFormat);

/** POST /company/invitations (owners): who, as what, and a buyer's order limit. */
export const InviteBodySchema = z
  .object({ email: Email, role: CompanyRoleSchema, orderLimitCents: OrderLimitCents.default(null) })
  .superRefine(limitForBuyersOnly);
export type InviteBody = z.input<typeof InviteBodySchema>;
export type InviteInput = z.output<typeof InviteBodySchema>;

export const CompanyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  orderLimitCents: z.number().int().nullable(),
  joinedAt: z.string(),
  /** The member asking. */
  isYou: z.boolean(),
});
export type CompanyMember = z.infer<typeof CompanyMemberSchema>;
export const CompanyMemberListSchema = z.object({ members: z.array(CompanyMemberSchema) });
export const CompanyMemberMessageSchema = z.object({ message: z.string(), member: CompanyMemberSchema });

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  orderLimitCents: z.number().int().nullable(),
  invitedBy: z.string(),
  /** When it was last sent (first sent, or sent again). */
  sentAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['pending', 'expired']),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });
export const InvitationMessageSchema = z.object({ message: z.string(), invitation: InvitationSchema });

/** GET /invitations/:token (public): what the link invites to. */
export const InvitationPreviewSchema = z.object({
  businessName: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const InvitationTokenParamsSchema = z.object({
  token: z.string().min(1, companyMessages.invitationInvalid).max(100, companyMessages.invitationInvalid),
});

/** POST /invitations/:token/accept: the new member's name and password, with sign-up's rules and messages. */
export const AcceptInvitationBodySchema = z
  .object({
    name: z.string({ message: accountMessages.allFieldsRequired }).max(400),
    password: z.string({ message: accountMessages.allFieldsRequired }).max(1024),
    confirmPassword: z.string({ message: accountMessages.allFieldsRequired }).max(1024),
  })
  .superRefine((b, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (requireFilled(ctx, b, ['name', 'password', 'confirmPassword'], accountMessages.allFieldsRequired))
      return;
    if (b.password !== b.confirmPassword) return fail(accountMessages.passwordsDoNotMatch, 'confirmPassword');
    if (!isValidPasswordLength(b.password)) return fail(accountMessages.passwordLength, 'password');
    if (b.name.trim().length > 100) return fail(accountMessages.fieldTooLong, 'name');
  })
  .transform((b) => ({ name: b.name.trim(), password: b.password }));
export type AcceptInvitationBody = z.input<typeof AcceptInvitationBodySchema>;
export type AcceptInvitationInput = z.output<typeof AcceptInvitationBodySchema>;

/** An order limit as an owner types it in dollars; empty is none; ignored unless the role is buyer. */
const limitText = z.string().max(40, companyMessages.limitInvalid);
function limitFromText(b: { role: string; orderLimit: string }, ctx: z.RefinementCtx) {
  if (!mayHaveLimit(b.role) || b.orderLimit.trim() === '') return;
  const cents = parseAmount(b.orderLimit);
  if (cents === null)
    ctx.addIssue({ code: 'custom', message: companyMessages.limitInvalid, path: ['orderLimit'] });
  else if (cents > MAX_ORDER_LIMIT_CENTS)
    ctx.addIssue({ code: 'custom', message: companyMessages.limitTooHigh, path: ['orderLimit'] });
}
const limitCents = (b: { role: string; orderLimit: string }) =>
  mayHaveLimit(b.role) && b.orderLimit.trim() !== '' ? parseAmount(b.orderLimit) : null;

/** The Company page's invite form: what InviteBodySchema takes, the limit typed in dollars. */
export const InviteFormSchema = z
  .object({ email: Email, role: CompanyRoleSchema, orderLimit: limitText })
  .superRefine(limitFromText)
  .transform((b) => ({ email: b.email, role: b.role, orderLimitCents: limitCents(b) }));

/** The Company page's member form: what UpdateMemberBodySchema takes, the limit typed in dollars. */
export const MemberFormSchema = z
  .object({ role: CompanyRoleSchema, orderLimit: limitText })
  .superRefine(limitFromText)
  .transform((b) => ({ role: b.role, orderLimitCents: limitCents(b) }));

/** The Company page's details form (owners): the body of PATCH /company, tax id as typed. */
export const CompanyFormSchema = UpdateCompanyBodySchema.extend({ taxId: TaxId });
