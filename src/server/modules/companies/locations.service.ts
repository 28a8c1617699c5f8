import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Conflict, DomainError, NotFound } from '#server/errors.ts';
import { type ProfileChangeContext, profileChanged } from '#server/modules/accounts/profile-events.ts';
import type { BuyerContext } from '#server/http/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { Address, AddressInput } from '#shared/accounts/accounts.schemas.ts';
import { MAX_ADDRESSES } from '#shared/accounts/us-states.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { type AddressRow, addresses } from './locations.table.ts';
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
  };
}

export async function listAddresses({ db, userId }: Pick<BuyerContext, 'db' | 'userId'>): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddress);
}

/** The state of the buyer's default address, as one SQL expression another query can carry. */
export const defaultStateSql = (userId: unknown) =>
  sql<string | null>`(select ${addresses.state} from ${addresses}
    where ${addresses.userId} = ${userId} and ${addresses.isDefault} limit 1)`;

export async function defaultAddress(db: Db, userId: string): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row ? toAddress(row) : null;
}

class TooManyAddresses extends DomainError {
  constructor() {
    super(400, accountMessages.tooManyAddresses);
  }
}

/**
 * Adds an address. The buyer's row is locked first, so two simultaneous adds cannot both see
 * four addresses and make six. The first address becomes the default.
 */
export async function addAddress(ctx: ProfileChangeContext, input: AddressInput): Promise<Address> {
  const { db, userId, now } = ctx;
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
    const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    const existing = row?.n ?? 0;
    if (existing >= MAX_ADDRESSES) throw new TooManyAddresses();
    const makeDefault = existing === 0;
    if (makeDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [created] = await tx
      .insert(addresses)
      .values({ ...input, userId, isDefault: makeDefault, createdAt: now })
      .returning();
    return toAddress(created!);
  });
  await profileChanged(ctx);
  return added;
}

export async function removeAddress(ctx: ProfileChangeContext, id: string): Promise<void> {
  const { db, userId } = ctx;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!gone) throw new NotFound(accountMessages.addressNotFound);
    if (gone.isDefault) {
      // The oldest remaining address takes over as the default.
      const [next] = await tx
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
  await profileChanged(ctx);
}

export async function makeDefaultAddress(ctx: ProfileChangeContext, id: string): Promise<void> {
  const { db, userId } = ctx;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
    const [target] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!target) throw new NotFound(accountMessages.addressNotFound);
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
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
    const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if ((row?.n ?? 0) >= MAX_ADDRESSES) throw new TooManyAddresses();
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    await tx.insert(addresses).values({ ...input, userId, isDefault: true, createdAt: now });
    // Staff (no company) never get here: their profile counts as complete.
    if (ctx.actor.company) await markCompanyCompleted(tx, ctx.actor.company.id, now);
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
  await tx.insert(addresses).values({ ...location, userId: ownerId, isDefault: true, createdAt: now });
  return company;
}
