import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError, Invalid, NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { brands, categories, products, variants } from '#server/modules/catalogue/catalogue.table.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext } from '#server/http/request-context.ts';
import type { PriceScope } from '#shared/pricing/price-resolution.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';
import { companyStaffMessages } from '#shared/companies/companies.messages.ts';
import {
  type EntryBodySchema,
  type Group,
  type GroupBodySchema,
  tierProblem,
} from '#shared/pricing/pricing-staff.schemas.ts';
import type { z } from 'zod';
import { companies, companyMembers } from '#server/modules/companies/companies.table.ts';
import { companyOf, memberIds } from '#server/modules/companies/company.service.ts';
import { companyGroups, customerGroupMembers, customerGroups, priceListEntries } from './pricing.table.ts';
import type { PricingCache } from './pricing-cache.ts';

export type PricingStaffContext = StaffContext & { pricing: PricingCache; events: UserEventBus };

/** Tells every instance, and every open page of the buyers whose prices moved (carts re-price). */
async function announce(ctx: PricingStaffContext, buyers: string[]): Promise<void> {
  await ctx.pricing.changed();
  await ctx.events.publishMany(buyers, 'prices');
}

/** The logins that see a group's prices: the members of its companies. */
const membersOf = async (db: Db, groupId: number) =>
  (
    await db
      .select({ id: companyMembers.userId })
      .from(companyGroups)
      .innerJoin(companyMembers, eq(companyMembers.companyId, companyGroups.companyId))
      .where(and(eq(companyGroups.groupId, groupId), isNull(companyMembers.removedAt)))
  ).map((r) => r.id);

/**
 * A change to one group's price list: the group row locked and its version moved (an order being
 * placed for one of its buyers finishes first, or sees the new version and prices again), the
 * change audited, all in one transaction; then every instance and the group's open carts told.
 */
export async function changeList<T>(
  ctx: PricingStaffContext,
  groupId: number,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const { out, buyers } = await ctx.db.transaction(async (tx) => {
    const [g] = await tx
      .update(customerGroups)
      .set({ version: sql`${customerGroups.version} + 1`, updatedAt: ctx.now })
      .where(eq(customerGroups.id, groupId))
      .returning({ id: customerGroups.id });
    if (!g) throw new NotFound(pricingMessages.groupNotFound);
    return { out: await work(tx), buyers: await membersOf(tx, groupId) };
  });
  await announce(ctx, buyers);
  return out;
}

export async function listGroups({ db }: Pick<StaffContext, 'db'>): Promise<Group[]> {
  const memberCounts = db
    .select({ groupId: companyGroups.groupId, n: count().as('members') })
    .from(companyGroups)
    .groupBy(companyGroups.groupId)
    .as('mc');
  const entryCounts = db
    .select({ groupId: priceListEntries.groupId, n: count().as('entries') })
    .from(priceListEntries)
    .groupBy(priceListEntries.groupId)
    .as('ec');
  const rows = await db
    .select({
      id: customerGroups.id,
      name: customerGroups.name,
      description: customerGroups.description,
      version: customerGroups.version,
      memberCount: sql<number>`coalesce(${memberCounts.n}, 0)::int`,
      entryCount: sql<number>`coalesce(${entryCounts.n}, 0)::int`,
    })
    .from(customerGroups)
    .leftJoin(memberCounts, eq(memberCounts.groupId, customerGroups.id))
    .leftJoin(entryCounts, eq(entryCounts.groupId, customerGroups.id))
    .orderBy(asc(customerGroups.name));
  return rows;
}

const isUniqueViolation = (err: unknown) =>
  /customer_groups_name_unique/.test(String((err as { cause?: Error }).cause?.message ?? err));

/** Creates a group (id null) or renames one; names are unique whatever their case. */
export async function saveGroup(
  ctx: PricingStaffContext,
  id: number | null,
  body: z.output<typeof GroupBodySchema>,
): Promise<number> {
  try {
    const savedId = await ctx.db.transaction(async (tx) => {
      const [before] =
        id === null ? [] : await tx.select().from(customerGroups).where(eq(customerGroups.id, id));
      if (id !== null && !before) throw new NotFound(pricingMessages.groupNotFound);
      const [row] =
        id === null
          ? await tx
              .insert(customerGroups)
              .values({ ...body, createdAt: ctx.now, updatedAt: ctx.now })
              .returning()
          : await tx
              .update(customerGroups)
              .set({ ...body, updatedAt: ctx.now })
              .where(eq(customerGroups.id, id))
              .returning();
      const action = id === null ? 'pricing.group_added' : 'pricing.group_changed';
      const entry = { actorId: ctx.staffId, action, entity: 'customer_group', entityId: String(row!.id) };
      await audit(tx, { ...entry, before: before ?? null, after: body }, ctx.now);
      return row!.id;
    });
    await ctx.pricing.changed();
    return savedId;
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError(409, pricingMessages.groupNameTaken(body.name));
    throw err;
  }
}

/** Deletes a group and its price list; refused while buyers are in it. */
export async function deleteGroup(ctx: PricingStaffContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(customerGroups).where(eq(customerGroups.id, id)).for('update');
    if (!before) throw new NotFound(pricingMessages.groupNotFound);
    const buyers = await membersOf(tx, id);
    if (buyers.length) throw new DomainError(409, pricingMessages.groupHasBuyers(buyers.length));
    await tx.delete(customerGroups).where(eq(customerGroups.id, id));
    const entry = { actorId: ctx.staffId, action: 'pricing.group_deleted', entity: 'customer_group' };
    await audit(tx, { ...entry, entityId: String(id), before }, ctx.now);
  });
  await ctx.pricing.changed();
}

export async function listMembers({ db }: Pick<StaffContext, 'db'>, groupId: number) {
  const [g] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(eq(customerGroups.id, groupId));
  if (!g) throw new NotFound(pricingMessages.groupNotFound);
  return db
    .select({ userId: users.id, email: users.email, name: users.name, businessName: companies.businessName })
    .from(companyGroups)
    .innerJoin(companies, eq(companies.id, companyGroups.companyId))
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyGroups.groupId, groupId), isNull(companyMembers.removedAt)))
    .orderBy(asc(companies.businessName), asc(users.email));
}

/** The group a buyer is in (or none), as the console's buyer page shows it. */
export async function buyerGroup({ db }: Pick<StaffContext, 'db'>, userId: string) {
  const [buyer] = await db
    .select({
      companyId: companyMembers.companyId,
      groupId: customerGroups.id,
      groupName: customerGroups.name,
    })
    .from(companyMembers)
    .leftJoin(companyGroups, eq(companyGroups.companyId, companyMembers.companyId))
    .leftJoin(customerGroups, eq(customerGroups.id, companyGroups.groupId))
    .where(and(eq(companyMembers.userId, userId), isNull(companyMembers.removedAt)));
  if (!buyer) throw new NotFound(pricingMessages.buyerNotFound);
  return { groupId: buyer.groupId, groupName: buyer.groupName };
}

/** Puts a buyer in a group (out of any other: at most one) or in none. */
export async function setBuyerGroup(ctx: PricingStaffContext, userId: string, groupId: number | null) {
  const before = await buyerGroup(ctx, userId);
  const membership = await companyOf(ctx.db, userId);
  const companyId = membership!.company.id;
  await ctx.db.transaction(async (tx) => {
    // The group is the company's; the buyer's own row is the copy the release before reads (015 step 6).
    if (groupId === null) {
      await tx.delete(companyGroups).where(eq(companyGroups.companyId, companyId));
      await tx.delete(customerGroupMembers).where(eq(customerGroupMembers.userId, userId));
    } else {
      const [g] = await tx.select().from(customerGroups).where(eq(customerGroups.id, groupId)).for('share');
      if (!g) throw new Invalid(pricingMessages.groupNotFound, 'groupId');
      await tx
        .insert(companyGroups)
        .values({ companyId, groupId, addedAt: ctx.now })
        .onConflictDoUpdate({ target: companyGroups.companyId, set: { groupId, addedAt: ctx.now } });
      await tx
        .insert(customerGroupMembers)
        .values({ userId, groupId, addedAt: ctx.now })
        .onConflictDoUpdate({ target: customerGroupMembers.userId, set: { groupId, addedAt: ctx.now } });
    }
    const entry = {
      actorId: ctx.staffId,
      action: 'pricing.buyer_group_set',
      entity: 'user',
      entityId: userId,
    };
    await audit(tx, { ...entry, before, after: { groupId } }, ctx.now);
  });
  await announce(ctx, await memberIds(ctx.db, companyId));
  return buyerGroup(ctx, userId);
}

/** The customer group a company is in, or null. */
export async function companyGroup(db: Pick<Db, 'select'>, companyId: string) {
  const [row] = await db
    .select({ id: customerGroups.id, name: customerGroups.name })
    .from(companyGroups)
    .innerJoin(customerGroups, eq(customerGroups.id, companyGroups.groupId))
    .where(eq(companyGroups.companyId, companyId));
  return row ?? null;
}

/**
 * Staff put a company in a group (out of any other: at most one) or in none, from its console page
 * (decision 015, step 5): every member sees the group's prices. Each active member's row in
 * customer_group_members, the copy the release before reads (step 6 drops it), follows. Audited as
 * the company's; every instance and every member's open pages told after it commits.
 */
export async function setCompanyGroup(ctx: PricingStaffContext, companyId: string, groupId: number | null) {
  const done = await ctx.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw new NotFound(companyStaffMessages.companyNotFound);
    const before = await companyGroup(tx, companyId);
    const members = await memberIds(tx, companyId);
    let after: { id: number; name: string } | null = null;
    if (groupId === null) {
      await tx.delete(companyGroups).where(eq(companyGroups.companyId, companyId));
      if (members.length)
        await tx.delete(customerGroupMembers).where(inArray(customerGroupMembers.userId, members));
    } else {
      const [g] = await tx.select().from(customerGroups).where(eq(customerGroups.id, groupId)).for('share');
      if (!g) throw new Invalid(pricingMessages.groupNotFound, 'groupId');
      await tx
        .insert(companyGroups)
        .values({ companyId, groupId, addedAt: ctx.now })
        .onConflictDoUpdate({ target: companyGroups.companyId, set: { groupId, addedAt: ctx.now } });
      if (members.length)
        await tx
          .insert(customerGroupMembers)
          .values(members.map((userId) => ({ userId, groupId, addedAt: ctx.now })))
          .onConflictDoUpdate({ target: customerGroupMembers.userId, set: { groupId, addedAt: ctx.now } });
      after = { id: g.id, name: g.name };
    }
    const entry = { actorId: ctx.staffId, action: 'company.group', entity: 'company', entityId: companyId };
    await audit(tx, { ...entry, before: { group: before }, after: { group: after } }, ctx.now);
    return { members, after };
  });
  await announce(ctx, done.members);
  return done.after;
}

/** The id of what an entry names: an option or product by SKU, a brand as category/brand, a category by slug. */
export async function targetId(db: Db, scope: PriceScope, target: string): Promise<number | null> {
  let rows: { id: number }[];
  if (scope === 'variant')
    rows = await db.select({ id: variants.id }).from(variants).where(eq(variants.sku, target));
  else if (scope === 'product')
    rows = await db.select({ id: products.id }).from(products).where(eq(products.sku, target));
  else if (scope === 'category')
    rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, target));
  else {
    const [cat, brand] = target.split('/');
    rows = await db
      .select({ id: brands.id })
      .from(brands)
      .innerJoin(categories, eq(categories.id, brands.categoryId))
      .where(and(eq(categories.slug, cat ?? ''), eq(brands.slug, brand ?? '')));
  }
  return rows[0]?.id ?? null;
}

/** The database's values of an entry (a fixed price with tiers, or a percentage). */
export function entryValues(body: z.output<typeof EntryBodySchema>) {
  if ('priceCents' in body) {
    const bad = tierProblem(body.priceCents, body.tiers);
    if (bad !== null) throw new Invalid(pricingMessages.tierNotLower, `tiers.${bad}.priceCents`);
    return { priceCents: body.priceCents, basisPoints: null, tiers: body.tiers };
  }
  return { priceCents: null, basisPoints: body.basisPoints, tiers: [] };
}

/** Adds or replaces the group's entry for a target (one per target). */
export async function saveEntry(
  ctx: PricingStaffContext,
  groupId: number,
  body: z.output<typeof EntryBodySchema>,
): Promise<number> {
  const values = entryValues(body);
  return changeList(ctx, groupId, async (tx) => {
    const id = await targetId(tx, body.scope, body.target);
    if (id === null) throw new Invalid(pricingMessages.targetNotFound(body.scope, body.target), 'target');
    const key = { groupId, scope: body.scope, targetId: id };
    const [before] = await tx
      .select()
      .from(priceListEntries)
      .where(
        and(
          eq(priceListEntries.groupId, groupId),
          eq(priceListEntries.scope, body.scope),
          eq(priceListEntries.targetId, id),
        ),
      );
    const [row] = await tx
      .insert(priceListEntries)
      .values({ ...key, ...values, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: [priceListEntries.groupId, priceListEntries.scope, priceListEntries.targetId],
        set: { ...values, updatedAt: ctx.now },
      })
      .returning({ id: priceListEntries.id });
    const entry = { actorId: ctx.staffId, action: 'pricing.entry_saved', entity: 'customer_group' };
    await audit(tx, { ...entry, entityId: String(groupId), before: before ?? null, after: body }, ctx.now);
    return row!.id;
  });
}

export async function deleteEntry(ctx: PricingStaffContext, groupId: number, entryId: number): Promise<void> {
  await changeList(ctx, groupId, async (tx) => {
    const [before] = await tx
      .delete(priceListEntries)
      .where(and(eq(priceListEntries.id, entryId), eq(priceListEntries.groupId, groupId)))
      .returning();
    if (!before) throw new NotFound(pricingMessages.entryNotFound);
    const entry = { actorId: ctx.staffId, action: 'pricing.entry_deleted', entity: 'customer_group' };
    await audit(tx, { ...entry, entityId: String(groupId), before }, ctx.now);
  });
}
