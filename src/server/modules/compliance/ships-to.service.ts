import { Invalid } from '#server/errors.ts';
import type { CatalogueReadModel, ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import type { RequestContext, WithDb } from '#server/http/request-context.ts';
import type { CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts';
import type { ComplianceCache } from './compliance-cache.ts';

/** What the storefront's ship-to verdicts read: the buyer, the catalogue and the rules in memory. */
type ShipsToContext = Pick<RequestContext, 'now' | 'userId'> &
  WithDb & { catalogue: CatalogueCache; compliance: ComplianceCache };
import { stateName } from '#shared/accounts/us-states.ts';
import { complianceMessages } from '#shared/compliance/compliance.messages.ts';
import type { CardVerdicts, MyState } from '#shared/compliance/compliance.schemas.ts';
import { isoDay } from '#shared/dates.ts';
import type { ComplianceData } from './compliance.service.ts';
import { buyerStanding, optionVerdict } from './compliance.service.ts';

export type ProductVerdict = 'partial' | 'blocked';

/**
 * Products kept from one state (for one set of licenses, on one day): absent means it may ship.
 * `licenceOnly`: every reason is the state's license rule, so a license from it would lift them.
 */
type StateVerdicts = ReadonlyMap<ProductEntry, { kept: ProductVerdict; licenceOnly: boolean }>;

const MAX_KEYS_PER_MODEL = 200;
const cache = new WeakMap<CatalogueReadModel, WeakMap<ComplianceData, Map<string, StateVerdicts>>>();

/**
 * Every product judged for delivery to a state, from memory: worked out once per catalogue,
 * rules version, day, state and set of licenses, then kept with that catalogue and rules (a new
 * read model or a rules change starts afresh). Stock does not enter into it.
 */
export function stateVerdicts(
  model: CatalogueReadModel,
  data: ComplianceData,
  state: string,
  licences: readonly string[],
  day: string,
): StateVerdicts {
  const byData = cache.get(model) ?? new WeakMap<ComplianceData, Map<string, StateVerdicts>>();
  cache.set(model, byData);
  const byKey = byData.get(data) ?? new Map<string, StateVerdicts>();
  byData.set(data, byKey);
  const key = `${day}|${state}|${licences.join(',')}`;
  const known = byKey.get(key);
  if (known) return known;
  const held = new Set(licences);
  const verdicts = new Map<ProductEntry, { kept: ProductVerdict; licenceOnly: boolean }>();
  for (const p of model.allProducts) {
    let blocked = 0;
    let licenceOnly = true;
    for (const v of p.variants) {
      const { blocks } = optionVerdict(data, p, v, state, day, held);
      if (!blocks.length) continue;
      blocked++;
      if (blocks.some((b) => b.effect !== 'licence_required')) licenceOnly = false;
    }
    if (blocked)
      verdicts.set(p, { kept: blocked === p.variants.length ? 'blocked' : 'partial', licenceOnly });
  }
  if (byKey.size >= MAX_KEYS_PER_MODEL) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, verdicts);
  return verdicts;
}

/** The signed-in buyer's state and licenses, from their default address (null: none yet). */
async function buyerState(ctx: ShipsToContext): Promise<{ state: string; licences: string[] } | null> {
  const { defaultState, licences } = await buyerStanding(ctx.db, ctx.userId, isoDay(ctx.now));
  return defaultState ? { state: defaultState, licences } : null;
}

export async function myState(ctx: ShipsToContext): Promise<MyState> {
  const mine = await buyerState(ctx);
  return mine ? { state: mine.state, stateName: stateName(mine.state) } : { state: null, stateName: null };
}

/**
 * The verdicts of the cards a page shows (a grid at a time, not the whole catalogue: a state may
 * keep thousands of products from a buyer). Keys that name no product are left out.
 */
export async function cardVerdicts(ctx: ShipsToContext, keys: readonly string[]): Promise<CardVerdicts> {
  const mine = await buyerState(ctx);
  if (!mine) return { state: null, blocked: [], partial: [], licence: [] };
  const [model, data] = await Promise.all([ctx.catalogue.get(), ctx.compliance.get()]);
  const verdicts = stateVerdicts(model, data, mine.state, mine.licences, isoDay(ctx.now));
  const blocked: string[] = [];
  const partial: string[] = [];
  const licence: string[] = [];
  for (const key of new Set(keys)) {
    const [categoryId, brandId, productId, extra] = key.split('/');
    if (!categoryId || !brandId || !productId || extra !== undefined) continue;
    const product = model.product(categoryId, brandId, productId);
    const verdict = product && verdicts.get(product);
    if (!verdict) continue;
    (verdict.kept === 'blocked' ? blocked : partial).push(key);
    if (verdict.licenceOnly) licence.push(key);
  }
  return { state: mine.state, blocked, partial, licence };
}

/**
 * "Ships to my state": the catalogue and a predicate keeping what may ship to the buyer's default
 * address (at least one option). A buyer without a default address is told to add one.
 */
export async function shipsToMine(
  ctx: ShipsToContext,
): Promise<{ model: CatalogueReadModel; keep: (p: ProductEntry) => boolean }> {
  const mine = await buyerState(ctx);
  if (!mine) throw new Invalid(complianceMessages.noDefaultAddress);
  const [model, data] = await Promise.all([ctx.catalogue.get(), ctx.compliance.get()]);
  const verdicts = stateVerdicts(model, data, mine.state, mine.licences, isoDay(ctx.now));
  return { model, keep: (p) => verdicts.get(p)?.kept !== 'blocked' };
}
