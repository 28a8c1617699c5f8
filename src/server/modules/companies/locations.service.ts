import { and, asc, count, eq, sql } from 'drizzle-orm';
import { memberCompanySql } from './company-sql.ts';
import type { Db } from '#server/db/client.ts';
import { Conflict, DomainError, NotFound } from '#server/errors.ts';
import { type ProfileChangeContext, profileChanged } from '#server/modules/accounts/profile-events.ts';
import type { BuyerContext } from '#server/http/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { Address, AddressInput } from '#shared/accounts/accounts.schemas.ts';
import { MAX_ADDRESSES } from '#shared/accounts/us-states.ts';
import { companies } from './companies.table.ts';
import { type AddressRow, addresses, documents } from './locations.table.ts';
import type { PrivateStore } from '#server/storage/private-store.ts';
import { type CompanyDetails, createCompany, markCompanyCompleted } from './company.service.ts';
import type { ActiveSession } from '#server/modules/accounts/active-session.ts';

export function toAddress(a: AddressRow): Address {
  return {
    id: a.id,
    streetAddress: a.streetAddress,
    streetAddress2: a.streetAddress2,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    isDefault: a.isDefault,
    name: a.name,
  };
}

/**
 * The addresses a login sees, as a condition on `addresses`: their company's; a login without one
 * (staff) the ones it kept from before companies. The company is found in the same statement.
 */
const visibleTo = (userId: unknown) =>
  sql`(${addresses.companyId} = ${memberCompanySql(userId)}
    or (${addresses.companyId} is null and ${addresses.userId} = ${userId}))`;

export async function listAddresses({ db, userId }: Pick<BuyerContext, 'db' | 'userId'>): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(visibleTo(userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddress);
}

/** The state of the company's default location, as one SQL expression another query can carry. */
export const defaultStateSql = (userId: unknown) =>
  sql<string | null>`(select a_d.state from addresses a_d
    where a_d.is_default and (a_d.company_id = ${memberCompanySql(userId)}
      or (a_d.company_id is null and a_d.user_id = ${userId})) limit 1)`;

export async function defaultAddress(db: Db, userId: string): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(visibleTo(userId), eq(addresses.isDefault, true)));
  return row ? toAddress(row) : null;
}

/**
 * The company a member acts for, its row locked until the transaction ends: two members (or two
 * tabs) adding at once cannot both see four addresses and make six. Staff have none to change.
 */
async function lockCompany(tx: Db, userId: string): Promise<{ id: string; locationLimit: number }> {
  const [row] = await tx
    .select({ id: companies.id, locationLimit: companies.locationLimit })
    .from(companies)
    .where(eq(companies.id, memberCompanySql(userId)))
    .for('update');
  if (!row) throw new DomainError(403, accountMessages.businessAccountOnly);
  return row;
}

/** Refuses one more address over the company's limit: the spec's words at its 5. */
async function checkRoom(tx: Db, company: { id: string; locationLimit: number }): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.companyId, company.id));
  const existing = row?.n ?? 0;
  if (existing >= company.locationLimit)
    throw new DomainError(
      400,
      company.locationLimit === MAX_ADDRESSES
        ? accountMessages.tooManyAddresses
        : accountMessages.tooManyLocations(company.locationLimit),
    );
  return existing;
}

/** Adds an address to the company (under its lock). The first address becomes the default. */
export async function addAddress(ctx: ProfileChangeContext, input: AddressInput): Promise<Address> {
  const { db, userId, now } = ctx;
  const added = await db.transaction(async (tx) => {
    const company = await lockCompany(tx, userId);
    const makeDefault = (await checkRoom(tx, company)) === 0;
    const [created] = await tx
      .insert(addresses)
      .values({ ...input, userId, companyId: company.id, isDefault: makeDefault, createdAt: now })
      .returning();
    return toAddress(created!);
  });
  await profileChanged(ctx);
  return added;
}

/**
 * Removes a location, and with it its own documents (the rows go with it; their files once it has
 * committed: a failure before leaves both, one after leaves only an unused file).
 */
export async function removeAddress(
  ctx: ProfileChangeContext & { privateStore: PrivateStore },
  id: string,
): Promise<void> {
  const { db, userId } = ctx;
  const keys = await db.transaction(async (tx) => {
    const company = await lockCompany(tx, userId);
    const own = await tx
      .select({ key: documents.storageKey })
      .from(documents)
      .where(and(eq(documents.locationId, id), eq(documents.companyId, company.id)));
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.companyId, company.id)))
      .returning();
    if (!gone) throw new NotFound(accountMessages.addressNotFound);
    if (gone.isDefault) {
      // The oldest remaining address takes over as the default.
      const [next] = await tx
        .select()
        .from(addresses)
        .where(eq(addresses.companyId, company.id))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return own.map((d) => d.key);
  });
  for (const key of keys) await ctx.privateStore.remove(key).catch(() => {});
  await profileChanged(ctx);
}

export async function makeDefaultAddress(ctx: ProfileChangeContext, id: string): Promise<void> {
  const { db, userId } = ctx;
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, userId);
    const [target] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.companyId, company.id)));
    if (!target) throw new NotFound(accountMessages.addressNotFound);
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.companyId, company.id));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
  });
  await profileChanged(ctx);
}

/** /nextpage: the first (default) address, and the profile counts as complete. */
export async function completeProfile(
  ctx: ProfileChangeContext & { actor: Pick<ActiveSession, 'user' | 'company'> },
  input: AddressInput,
): Promise<void> {
  const { db, userId, now } = ctx;
  if (ctx.actor.company?.isCompleted ?? ctx.actor.user.isCompleted)
    throw new Conflict(accountMessages.alreadyCompleted);
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, userId);
    await checkRoom(tx, company);
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.companyId, company.id));
    await tx
      .insert(addresses)
      .values({ ...input, userId, companyId: company.id, isDefault: true, createdAt: now });
    await markCompanyCompleted(tx, company.id, now);
  });
  await profileChanged(ctx);
}

/**
 * A company made whole at once, its profile complete with a first (default) location: the demo
 * buyer's (SEED_DEMO), in the caller's transaction.
 */
export async function createCompletedCompany(
  tx: Db,
  ownerId: string,
  details: CompanyDetails,
  location: AddressInput,
  now: Date,
) {
  const company = await createCompany(tx, ownerId, details, now);
  await markCompanyCompleted(tx, company.id, now);
  await tx
    .insert(addresses)
    .values({ ...location, userId: ownerId, companyId: company.id, isDefault: true, createdAt: now });
  return company;
}
