import { z } from 'zod';
import { AddressSchema, DOCUMENT_KINDS } from '#shared/accounts/accounts.schemas.ts';
import { MAX_DB_ID } from '#shared/input/input.ts';
import { OrderSchema } from '#shared/orders/orders.schemas.ts';
import { companyStaffMessages as m } from './companies.messages.ts';
import { CompanyRoleSchema } from './companies.schemas.ts';

/** Staff's companies in the console (decision 015, step 5): search, the company page, its changes. */

export const CompaniesQuerySchema = z.object({
  /** Part of the business name or of a member's email. */
  q: z.string().trim().max(100).optional(),
  /** Companies with a location in this state. */
  state: z.string().trim().toUpperCase().length(2).optional(),
  /** Companies a sales rep looks after (decision 016). */
  rep: z.uuid({ message: m.notASalesRep }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CompaniesQuery = z.output<typeof CompaniesQuerySchema>;

/** How many of the company's documents (its own and its locations') are in each state. */
export const DocumentSummarySchema = z.object({
  pending: z.number().int(),
  verified: z.number().int(),
  reuploadRequested: z.number().int(),
  expired: z.number().int(),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

export const CompanyRowSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  phone: z.string(),
  members: z.number().int(),
  /** The states of its locations, each once, in order. */
  states: z.array(z.string()),
  documents: DocumentSummarySchema,
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type CompanyRow = z.infer<typeof CompanyRowSchema>;
export const CompanyListSchema = z.object({
  companies: z.array(CompanyRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A document as staff see it: what was read on it, and its status today (a past expiry: expired). */
export const StaffDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(['pending', 'verified', 'reupload_requested', 'expired']),
  originalName: z.string(),
  uploadedAt: z.string(),
  documentNumber: z.string().nullable(),
  issuingState: z.string().nullable(),
  expiresOn: z.string().nullable(),
  note: z.string().nullable(),
});
export type StaffDocument = z.infer<typeof StaffDocumentSchema>;

export const StaffMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  orderLimitCents: z.number().int().nullable(),
  joinedAt: z.string(),
  /** When they were removed from the company; null for a current member. */
  removedAt: z.string().nullable(),
  emailVerified: z.boolean(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  orderLimitCents: z.number().int().nullable(),
  invitedBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['pending', 'expired', 'accepted', 'withdrawn']),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

export const CompanyNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type CompanyNote = z.infer<typeof CompanyNoteSchema>;

export const CompanyDetailSchema = z.object({
  company: z.object({
    id: z.string(),
    businessName: z.string(),
    phone: z.string(),
    taxId: z.string().nullable(),
    locationLimit: z.number().int(),
    isCompleted: z.boolean(),
    disabled: z.boolean(),
    createdAt: z.string(),
    /** The sales rep who looks after it (decision 016), or null. */
    salesRep: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  members: z.array(StaffMemberSchema),
  invitations: z.array(StaffInvitationSchema),
  /** Each location with its own documents (the company's stand for a kind it has none of). */
  locations: z.array(AddressSchema.extend({ documents: z.array(StaffDocumentSchema) })),
  companyDocuments: z.array(StaffDocumentSchema),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  orders: z.array(OrderSchema),
  notes: z.array(CompanyNoteSchema),
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

export const CompanyNoteBodySchema = z.object({
  body: z
    .string({ message: m.noteRequired })
    .max(8_000, m.noteTooLong)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { message: m.noteRequired, abort: true })
    .refine((s) => s.length <= 2_000, m.noteTooLong),
});
export type CompanyNoteBody = z.input<typeof CompanyNoteBodySchema>;
export const CompanyNoteMessageSchema = z.object({ message: z.string(), note: CompanyNoteSchema });

export const CompanyDisableBodySchema = z.object({
  disabled: z.boolean({ message: 'Say disabled: true or false.' }),
});

export const SalesRepBodySchema = z.object({
  salesRepId: z.uuid({ message: m.notASalesRep }).nullable(),
});
/** The staff a company may be given as its rep: those whose role is sales. */
export const SalesRepChoicesSchema = z.object({
  reps: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});

export const CompanyGroupBodySchema = z.object({
  groupId: z
    .number({ message: m.groupInvalid })
    .int(m.groupInvalid)
    .positive(m.groupInvalid)
    .max(MAX_DB_ID, m.groupInvalid)
    .nullable(),
});
export const CompanyGroupMessageSchema = z.object({
  message: z.string(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const LOCATION_LIMIT_MAX = 50;
const Limit = z
  .number({ message: m.limitInvalid })
  .int(m.limitInvalid)
  .min(1, m.limitInvalid)
  .max(LOCATION_LIMIT_MAX, m.limitInvalid);
export const LocationLimitBodySchema = z.object({ limit: Limit });
export const LocationLimitMessageSchema = z.object({ message: z.string(), locationLimit: z.number().int() });

/** The company page's location limit form: the number as typed. */
export const LocationLimitFormSchema = z.object({
  limit: z
    .string()
    .max(10, m.limitInvalid)
    .refine((s) => /^\s*\d+\s*$/.test(s), m.limitInvalid)
    .transform((s) => Number(s.trim()))
    .pipe(Limit),
});

/** The company page's group form: a group's id as the select gives it, or '' for none. */
/** The sales rep select: an id, or '' for none. */
export const SalesRepFormSchema = z
  .object({ salesRepId: z.string().max(40, m.notASalesRep) })
  .transform((b) => ({ salesRepId: b.salesRepId === '' ? null : b.salesRepId }))
  .pipe(SalesRepBodySchema);

export const CompanyGroupFormSchema = z
  .object({ groupId: z.string().max(12, m.groupInvalid).regex(/^\d*$/, m.groupInvalid) })
  .transform((b) => ({ groupId: b.groupId === '' ? null : Number(b.groupId) }))
  .pipe(CompanyGroupBodySchema);
