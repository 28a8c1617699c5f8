import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Conflict, DomainError } from '#server/errors.ts';
import type { WithDb } from '#server/http/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { isValidEmail, normalizePhone } from '#shared/accounts/accounts.rules.ts';
import type {
  Address,
  NewAccount,
  Profile,
  SignInCredentials,
  UpdateProfileInput,
} from '#shared/accounts/accounts.schemas.ts';
import {
  companyOf,
  createCompany,
  type Membership,
  tellMembers,
  updateCompanyDetails,
} from '#server/modules/companies/company.service.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { canManage, type CompanyRole } from '#shared/companies/companies.rules.ts';
import { type UserRow, users } from './accounts.table.ts';
import type { DocumentRow } from '#server/modules/companies/locations.table.ts';
import { defaultAddress } from '#server/modules/companies/locations.service.ts';
import { documentView, listDocuments } from '#server/modules/companies/documents.service.ts';
import type { AccountsContext } from './accounts-context.ts';
import { profileChanged } from './profile-events.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import { queueVerificationMail } from './email-flows.service.ts';
import { hashPassword, type ScryptCost, verifyPassword } from './password.ts';
import { createSession } from './session.service.ts';
import {
  clearAccountFailures,
  isSignInBlocked,
  reauthenticate,
  recordSignInFailure,
} from './sign-in-limiter.ts';

export type { AccountsContext } from './accounts-context.ts';

export function toProfile(
  u: UserRow,
  membership: Membership | null,
  address: Address | null,
  docs: DocumentRow[] = [],
  now = new Date(),
): Profile {
  const salesIdRow = docs.find((d) => d.kind === 'sales_id');
  const licenceRow = docs.find((d) => d.kind === 'tobacco_license');
  const salesId = salesIdRow ? documentView(salesIdRow, now) : null;
  const licence = licenceRow ? documentView(licenceRow, now) : null;
  const company = membership?.company ?? null;
  return {
    documents: { salesId, tobaccoLicense: licence },
    isSalesIdUploaded: Boolean(salesId),
    isSalesIdverified: salesId?.status === 'verified',
    requestForReUploadOfSalesId: salesId?.status === 'reupload_requested',
    isTobaccoLicenceUploaded: Boolean(licence),
    isTobaccoLicenceVerified: licence?.status === 'verified',
    requestForTobaccoLicenceUpload: licence?.status === 'reupload_requested',
    id: u.id,
    defaultAddress: address,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    name: u.name,
    // The business is the company's (staff have none: their own row's placeholders).
    businessName: company?.businessName ?? u.businessName,
    phoneNumber: company?.phone ?? u.phone,
    isCompleted: company?.isCompleted ?? u.isCompleted,
    createdAt: u.createdAt.toISOString(),
    role: u.role as Profile['role'],
    company: membership
      ? {
          id: membership.company.id,
          role: membership.member.role as CompanyRole,
          businessName: membership.company.businessName,
        }
      : null,
  };
}

/** The profile the API returns: the user, their company and role, its default address and documents. */
export async function loadProfile(
  { db, now }: WithDb & { now: Date },
  u: UserRow,
  /** The membership as the session found it (no need to read it again); undefined: read it. */
  known?: Membership | null,
): Promise<Profile> {
  const [company, address, docs] = await Promise.all([
    known !== undefined ? known : companyOf(db, u.id),
    defaultAddress(db, u.id),
    listDocuments(db, u.id),
  ]);
  return toProfile(u, company, address, docs, now);
}

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return u;
}

/** SPEC §3/§7: the account is created with isCompleted false and signed in (a new session). */
export async function signUp(ctx: AccountsContext, body: NewAccount) {
  if (await findUserByEmail(ctx.db, body.email)) throw new Conflict(accountMessages.emailInUse, 'email');
  const passwordHash = await hashPassword(body.password, ctx.scryptCost);
  // The account and its verification mail are written together: no account without its mail.
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: body.email,
        passwordHash,
        businessName: body.businessName,
        name: body.name,
        phone: body.phoneNumber,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning();
    // Two sign-ups racing for one address: the unique index lets one through.
    if (!created) throw new Conflict(accountMessages.emailInUse, 'email');
    // A business signing up is a company with this person as its owner (decision 015).
    await createCompany(
      tx,
      created.id,
      { businessName: body.businessName, phone: body.phoneNumber },
      ctx.now,
    );
    await queueVerificationMail(tx, created, ctx);
    return created;
  });
  ctx.mail.kick();
  const session = await createSession(ctx.db, user.id, false, ctx.now);
  return { user, session };
}

export class TooManyAttempts extends DomainError {
  constructor() {
    super(429, accountMessages.tooManySignInAttempts);
  }
}
export class BadCredentials extends DomainError {
  constructor() {
    super(401, accountMessages.incorrectCredentials);
  }
}

const dummyHashes = new Map<string, Promise<string>>();
/** A hash of the current cost to check unknown emails against, so they take as long as known ones. */
function dummyHashFor(cost: ScryptCost) {
  const key = `${cost.logN}/${cost.r}/${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('not a real password, only for timing', cost);
    dummyHashes.set(key, hash);
  }
  return hash;
}

export async function signIn(ctx: AccountsContext & { ip: string }, body: SignInCredentials) {
  const { ip } = ctx;
  if (await isSignInBlocked(ctx.db, ip, body.email, ctx.now)) throw new TooManyAttempts();
  const user = await findUserByEmail(ctx.db, body.email);
  const ok = user
    ? await verifyPassword(body.password, user.passwordHash)
    : await verifyPassword(body.password, await dummyHashFor(ctx.scryptCost)).then(() => false);
  // A login of a disabled company is refused as a wrong password is: nothing tells them apart.
  const membership = user && ok ? await companyOf(ctx.db, user.id) : null;
  if (!user || !ok || user.disabledAt || membership?.company.disabledAt) {
    await recordSignInFailure(ctx.db, ip, body.email, ctx.now);
    throw new BadCredentials();
  }
  await clearAccountFailures(ctx.db, body.email);
  const session = await createSession(ctx.db, user.id, body.rememberMe, ctx.now);
  return { user, session, membership };
}

/**
 * My Profile: name, business name and phone; the email only while unverified, only when it is
 * valid and different, and only with the current password. A new email gets its own
 * verification link. The business name and phone are the company's: only an owner changes them
 * (anyone else may send them unchanged), and every member's open pages hear of it.
 */
export async function updateProfile(
  ctx: AccountsContext & { events: UserEventBus },
  user: UserRow,
  body: UpdateProfileInput,
): Promise<UserRow> {
  const nextEmail = body.email?.trim();
  const changesEmail = Boolean(nextEmail) && nextEmail!.toLowerCase() !== user.email.toLowerCase();
  if (changesEmail) {
    if (user.emailVerifiedAt) throw new DomainError(400, accountMessages.emailLocked, 'email');
    if (!isValidEmail(nextEmail!)) throw new DomainError(400, accountMessages.invalidEmailFormat, 'email');
    if (!body.currentPassword)
      throw new DomainError(400, accountMessages.currentPasswordRequired, 'currentPassword');
    await reauthenticate(ctx.db, user, body.currentPassword, ctx.now, 'currentPassword');
    if (await findUserByEmail(ctx.db, nextEmail!)) throw new Conflict(accountMessages.emailInUse, 'email');
  }
  const business = { businessName: body.businessName, phone: body.phoneNumber };
  let changedBusiness: string | null = null;
  const updated = await ctx.db.transaction(async (tx) => {
    // The business is the company's (its members' rows follow, for the release before); staff have none.
    const membership = await companyOf(tx, user.id);
    const { company, member } = membership ?? {};
    // Compared as the form's rules read them (a copy the release before wrote may not be normalised).
    const same =
      company?.businessName.trim() === business.businessName &&
      normalizePhone(company.phone) === business.phone;
    if (company && !same) {
      if (!canManage(member!.role))
        throw new DomainError(403, companyMessages.ownerOnlyBusiness, 'businessName');
      await updateCompanyDetails(tx, company.id, business, ctx.now);
      changedBusiness = company.id;
    }
    const [row] = await tx
      .update(users)
      .set({
        name: body.name,
        ...(membership ? {} : business),
        ...(changesEmail ? { email: nextEmail!, emailVerifiedAt: null } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (changesEmail) await queueVerificationMail(tx, row!, ctx);
    return row!;
  });
  if (changesEmail) ctx.mail.kick();
  if (changedBusiness) await tellMembers(ctx, changedBusiness, 'profile');
  else await profileChanged({ events: ctx.events, userId: user.id });
  return updated;
}
