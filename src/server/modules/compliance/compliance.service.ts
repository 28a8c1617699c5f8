import { asc, eq, sql } from 'drizzle-orm';
import { memberCompanySql } from '#server/modules/companies/company-sql.ts';
import type { Db } from '#server/db/client.ts';
import { defaultStateSql } from '#server/modules/companies/locations.service.ts';
import {
  type ComplianceAttributes,
  ComplianceAttributesSchema,
  DEFAULT_ATTRIBUTES,
  optionAttributes,
  type VariantCompliance,
  VariantComplianceSchema,
} from '#shared/compliance/attributes.ts';
import type { BlockView } from '#shared/compliance/compliance.schemas.ts';
import { type LineExcise, lineExcise, type TaxRate } from '#shared/compliance/excise.ts';
import { type Block, type Judgement, judge, type Rule } from '#shared/compliance/rules.ts';
import { isoDay } from '#shared/dates.ts';
import { complianceRules, complianceVersion, directoryListings, exciseRates } from './compliance.table.ts';

/** Everything the rules and the excise read, as of one version. */
export interface ComplianceData {
  version: number;
  rules: Rule[];
  rates: TaxRate[];
  /** `${productId}:${state}` of every product listed in a state's directory. */
  listings: ReadonlySet<string>;
}

export async function loadCompliance(db: Db): Promise<ComplianceData> {
  const [[v], rules, rates, listings] = await Promise.all([
    db
      .select({ version: complianceVersion.version })
      .from(complianceVersion)
      .where(eq(complianceVersion.id, 1)),
    db.select().from(complianceRules).orderBy(asc(complianceRules.id)),
    db.select().from(exciseRates).orderBy(asc(exciseRates.state), asc(exciseRates.id)),
    db
      .select({ productId: directoryListings.productId, state: directoryListings.state })
      .from(directoryListings)
      .where(eq(directoryListings.listed, true)),
  ]);
  return {
    version: v?.version ?? 0,
    rules: rules.map((r) => ({
      id: r.id,
      name: r.name,
      states: r.states,
      condition: r.condition,
      effect: r.effect,
      effectiveFrom: r.effectiveFrom,
      effectiveUntil: r.effectiveUntil,
      source: r.source,
      retired: r.retired,
    })),
    rates: rates.map((r) => ({
      id: r.id,
      state: r.state,
      name: r.name,
      kinds: r.kinds,
      basis: r.basis,
      rateMilli: r.rateMilli,
      effectiveFrom: r.effectiveFrom,
      effectiveUntil: r.effectiveUntil,
      collects: r.collects,
      source: r.source,
      retired: r.retired,
    })),
    listings: new Set(listings.map((l) => `${l.productId}:${l.state}`)),
  };
}

/**
 * Inside the transaction of any change to rules, listings or rates: the version row's lock makes
 * an order being placed finish first, or see the new version and judge again (see place_order).
 */
export async function bumpComplianceVersion(tx: Db): Promise<void> {
  await tx
    .update(complianceVersion)
    .set({ version: sql`${complianceVersion.version} + 1` })
    .where(eq(complianceVersion.id, 1));
}

/**
 * The location a cart or an order is judged for, as a scalar subquery: the one asked for when it
 * is the member's company's, else (none asked) the company's default; null when neither (another
 * company's id, or no location yet). `locationId` is a value, a placeholder or null.
 */
export const shipLocationSql = (userId: unknown, locationId: unknown) =>
  sql<string | null>`(select a_s.id from addresses a_s where a_s.company_id = ${memberCompanySql(userId)}
    and ((${locationId}::uuid is null and a_s.is_default) or a_s.id = ${locationId}::uuid))`;

/** That location's state, the ship-to of a delivery to it. */
export const shipStateSql = (userId: unknown, locationId: unknown) =>
  sql<
    string | null
  >`(select a_t.state from addresses a_t where a_t.id = ${shipLocationSql(userId, locationId)})`;

/**
 * The states a location may receive licensed products in: its own tobacco license when it has one
 * (whatever its status: a location's pending license does not fall back to the company's), else
 * the company's (decision 015) — verified by staff, not expired on `day`, sorted. `location` may
 * be null (the company's alone). One SQL expression, so the query that needs it carries it.
 */
export const heldLicenceStatesSql = (company: unknown, location: unknown, day: unknown) =>
  sql<string[]>`array(select distinct d_l.issuing_state
    from (select ${location}::uuid as id) l_l
    join documents d_l on d_l.company_id = ${company}
      and (d_l.location_id = l_l.id or (d_l.location_id is null and not exists (
        select 1 from documents d_o where d_o.location_id = l_l.id and d_o.kind = d_l.kind)))
    where d_l.kind = 'tobacco_license' and d_l.status = 'verified' and d_l.issuing_state is not null
      and (d_l.expires_on is null or d_l.expires_on >= ${day})
    order by 1)`;

/**
 * The license states a member's company holds for a location (the one asked for, else its
 * default), as one SQL expression: the cart's query carries it, so judging a cart costs no extra
 * round trip (place_order compares this list with its own reading, under lock).
 */
export const licenceStatesSql = (userId: unknown, day: unknown, locationId: unknown = null) =>
  heldLicenceStatesSql(memberCompanySql(userId), shipLocationSql(userId, locationId), day);

/** Whose license states: a member, for a location of their company (null: its default). */
export interface LicenceHolder {
  userId: string;
  locationId?: string | null;
}

export async function licenceStates(db: Db, holder: LicenceHolder, day: string): Promise<string[]> {
  const [row] = await db
    .select({ states: licenceStatesSql(holder.userId, day, holder.locationId ?? null) })
    .from(sql`(select 1) as one`);
  return row?.states ?? [];
}

/** The license states an order's company holds for the order's location (its own, else the company's). */
export async function orderLicenceStates(
  db: Db,
  order: { companyId: string | null; locationId: string | null },
  day: string,
): Promise<string[]> {
  if (!order.companyId) return [];
  const [row] = await db
    .select({ states: heldLicenceStatesSql(order.companyId, order.locationId, day) })
    .from(sql`(select 1) as one`);
  return row?.states ?? [];
}

/** The buyer's default location's state and license states, in one round trip. */
export async function buyerStanding(
  db: Db,
  userId: string,
  day: string,
): Promise<{ defaultState: string | null; licences: string[] }> {
  const [row] = await db
    .select({ defaultState: defaultStateSql(userId), licences: licenceStatesSql(userId, day) })
    .from(sql`(select 1) as one`);
  return { defaultState: row?.defaultState ?? null, licences: row?.licences ?? [] };
}

/** A product's attributes as stored (jsonb), read with their defaults, in the schema's key order. */
export function storedAttributes(stored: unknown): ComplianceAttributes {
  const p = ComplianceAttributesSchema.safeParse(stored ?? {});
  return p.success ? p.data : DEFAULT_ATTRIBUTES;
}

/** Where an option differs, as stored (jsonb); nothing when unreadable. */
export function storedVariantCompliance(stored: unknown): VariantCompliance {
  const v = VariantComplianceSchema.safeParse(stored ?? {});
  return v.success ? (v.data as VariantCompliance) : {};
}

/** attributesOf's answers by the stored objects (the catalogue read model's, shared by every order). */
const readAttributes = new WeakMap<object, WeakMap<object, ComplianceAttributes>>();
const NO_VARIANT = {};

/**
 * Raw attributes as stored (jsonb), read with their defaults. Answers are frozen and kept for as
 * long as the stored objects live: the read model's stay until it reloads, so an order or a cart
 * judged from memory reads each option's attributes once, not on every line of every order.
 */
export function attributesOf(product: unknown, variant: unknown): ComplianceAttributes {
  const v = variant ?? NO_VARIANT;
  if (typeof product !== 'object' || product === null || typeof v !== 'object')
    return readStoredAttributes(product, variant);
  let byVariant = readAttributes.get(product);
  if (!byVariant) {
    byVariant = new WeakMap();
    readAttributes.set(product, byVariant);
  }
  let known = byVariant.get(v);
  if (!known) {
    known = readStoredAttributes(product, variant);
    byVariant.set(v, known);
  }
  return known;
}

const readStoredAttributes = (product: unknown, variant: unknown) =>
  Object.freeze(optionAttributes(storedAttributes(product), storedVariantCompliance(variant)));

export interface ShipTo {
  /** The address's state for delivery; the store's own for pickup. */
  state: string;
  shipping: 'Delivery' | 'Pickup';
}

export interface LineVerdict extends Judgement {
  excise: LineExcise;
}

/** One line judged and taxed for a ship-to, a day and the buyer's licenses (null: a visitor). */
export function verdictFor(
  data: ComplianceData,
  line: { productId: number; attributes: ComplianceAttributes; unitPriceCents: number; quantity: number },
  shipTo: ShipTo,
  day: string,
  licences: ReadonlySet<string> | null,
): LineVerdict {
  const judgement = judge({
    attributes: line.attributes,
    productId: line.productId,
    state: shipTo.state,
    shipping: shipTo.shipping,
    day,
    rules: data.rules,
    listed: (productId, state) => data.listings.has(`${productId}:${state}`),
    licenceStates: licences,
  });
  const excise = lineExcise(
    data.rates,
    line.attributes,
    shipTo.state,
    day,
    line.unitPriceCents,
    line.quantity,
  );
  return { ...judgement, excise };
}

/** One storefront option judged for delivery to a state (the product page's check, the badges). */
export function optionVerdict(
  data: ComplianceData,
  product: { dbId: number; row: { compliance: unknown } },
  variant: { compliance: unknown },
  state: string,
  day: string,
  licences: ReadonlySet<string> | null,
  shipping: 'Delivery' | 'Pickup' = 'Delivery',
): LineVerdict {
  return verdictFor(
    data,
    {
      productId: product.dbId,
      attributes: attributesOf(product.row.compliance, variant.compliance),
      unitPriceCents: 0,
      quantity: 1,
    },
    { state, shipping },
    day,
    licences,
  );
}

export interface LineToJudge {
  productId: number;
  productCompliance: unknown;
  variantCompliance: unknown;
  unitPriceCents: number;
  quantity: number;
}

/**
 * A buyer's lines judged and taxed for one ship-to on `now`'s day: what the cart shows and what
 * an order is placed by. Returns the data version and the license states used, which the order's
 * transaction checks are still current.
 */
export async function judgeLines(
  db: Db,
  data: ComplianceData,
  holder: LicenceHolder,
  now: Date,
  lines: readonly LineToJudge[],
  shipTo: ShipTo,
  /** The buyer's license states when the caller's query already read them (licenceStatesSql). */
  known?: string[],
): Promise<{ version: number; licences: string[]; verdicts: LineVerdict[] }> {
  const day = isoDay(now);
  const licences = known ?? (await licenceStates(db, holder, day));
  const held = new Set(licences);
  const verdicts = lines.map((l) =>
    verdictFor(
      data,
      {
        productId: l.productId,
        attributes: attributesOf(l.productCompliance, l.variantCompliance),
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
      },
      shipTo,
      day,
      held,
    ),
  );
  return { version: data.version, licences, verdicts };
}

/** A block as buyers see it: what it does, why, on whose word (not the rule's id). */
export const blockView = ({ effect, reason, source }: Block): BlockView => ({ effect, reason, source });
