import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import { products } from '#server/modules/catalogue/catalogue.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext } from '#server/http/request-context.ts';
import { catalogueMessages } from '#shared/catalogue/catalogue.messages.ts';
import type { TaxRateBody } from '#shared/compliance/excise.ts';
import type { RuleBody } from '#shared/compliance/rules.ts';
import { bumpComplianceVersion } from './compliance.service.ts';
import { complianceRules, directoryListings, exciseRates } from './compliance.table.ts';
import type { ComplianceCache } from './compliance-cache.ts';

export type ComplianceStaffContext = StaffContext & { compliance: ComplianceCache };

export const complianceStaffMessages = {
  ruleNotFound: 'Rule not found',
  rateNotFound: 'Rate not found',
} as const;

/**
 * A staff change to rules, listings or rates: made, the version bumped and the change audited in
 * one transaction (the version row's lock makes an order being placed finish first, or judge
 * again), then every instance told.
 */
async function change<T>(ctx: ComplianceStaffContext, work: (tx: Db) => Promise<T>): Promise<T> {
  const out = await ctx.db.transaction(async (tx) => {
    await bumpComplianceVersion(tx);
    return work(tx);
  });
  await ctx.compliance.changed();
  return out;
}

const ruleValues = (body: RuleBody, now: Date) => ({
  name: body.name,
  states: body.states,
  condition: body.condition,
  effect: body.effect,
  effectiveFrom: body.effectiveFrom,
  effectiveUntil: body.effectiveUntil,
  source: body.source,
  updatedAt: now,
});

/** Adds a rule (id null) or replaces one's fields. */
export async function saveRule(
  ctx: ComplianceStaffContext,
  id: number | null,
  body: RuleBody,
): Promise<number> {
  return change(ctx, async (tx) => {
    let before: typeof complianceRules.$inferSelect | undefined;
    let savedId: number;
    if (id === null) {
      const [row] = await tx.insert(complianceRules).values(ruleValues(body, ctx.now)).returning();
      savedId = row!.id;
    } else {
      [before] = await tx.select().from(complianceRules).where(eq(complianceRules.id, id)).for('update');
      if (!before) throw new NotFound(complianceStaffMessages.ruleNotFound);
      await tx.update(complianceRules).set(ruleValues(body, ctx.now)).where(eq(complianceRules.id, id));
      savedId = id;
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: id === null ? 'compliance.rule_added' : 'compliance.rule_changed',
        entity: 'compliance_rule',
        entityId: String(savedId),
        before: before ?? null,
        after: body,
      },
      ctx.now,
    );
    return savedId;
  });
}

/** Retires a rule: it stops applying at once and stays for the record. */
export async function retireRule(ctx: ComplianceStaffContext, id: number): Promise<void> {
  await change(ctx, async (tx) => {
    const [row] = await tx
      .update(complianceRules)
      .set({ retired: true, updatedAt: ctx.now })
      .where(eq(complianceRules.id, id))
      .returning({ id: complianceRules.id });
    if (!row) throw new NotFound(complianceStaffMessages.ruleNotFound);
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'compliance.rule_retired',
        entity: 'compliance_rule',
        entityId: String(id),
      },
      ctx.now,
    );
  });
}

/** Adds an excise rate (id null) or replaces one's fields. */
export async function saveRate(
  ctx: ComplianceStaffContext,
  id: number | null,
  body: TaxRateBody,
): Promise<number> {
  return change(ctx, async (tx) => {
    const values = { ...body, updatedAt: ctx.now };
    let before: typeof exciseRates.$inferSelect | undefined;
    let savedId: number;
    if (id === null) {
      const [row] = await tx.insert(exciseRates).values(values).returning({ id: exciseRates.id });
      savedId = row!.id;
    } else {
      [before] = await tx.select().from(exciseRates).where(eq(exciseRates.id, id)).for('update');
      if (!before) throw new NotFound(complianceStaffMessages.rateNotFound);
      await tx.update(exciseRates).set(values).where(eq(exciseRates.id, id));
      savedId = id;
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: id === null ? 'compliance.rate_added' : 'compliance.rate_changed',
        entity: 'excise_rate',
        entityId: String(savedId),
        before: before ?? null,
        after: body,
      },
      ctx.now,
    );
    return savedId;
  });
}

export interface ListingBody {
  productId: number;
  state: string;
  listed: boolean;
  listingId: string;
  listedOn: string | null;
}

/** A product's entry in a state's directory, set (listed or struck). */
export async function saveListing(ctx: ComplianceStaffContext, body: ListingBody): Promise<void> {
  await change(ctx, async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, body.productId));
    if (!product) throw new NotFound(catalogueMessages.productNotFound);
    const values = { ...body, updatedAt: ctx.now };
    await tx
      .insert(directoryListings)
      .values(values)
      .onConflictDoUpdate({ target: [directoryListings.productId, directoryListings.state], set: values });
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'compliance.listing_set',
        entity: 'directory_listing',
        entityId: `${body.productId}:${body.state}`,
        after: body,
      },
      ctx.now,
    );
  });
}
