import { Invalid, NotFound } from '#server/errors.ts';
import type { RequestContext, WithDb } from '#server/http/request-context.ts';
import type { CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts';
import type { ComplianceCache } from './compliance-cache.ts';

/** What the ZIP check reads: who asks, the catalogue and the rules kept in memory. */
type ShipCheckContext = Pick<RequestContext, 'now' | 'session'> &
  WithDb & { catalogue: CatalogueCache; compliance: ComplianceCache; settings: StoreSettings };
import type { StoreSettings } from '#server/modules/store/store-settings.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import { catalogueMessages } from '#shared/catalogue/catalogue.messages.ts';
import { complianceMessages } from '#shared/compliance/compliance.messages.ts';
import type { ShipCheckResponse, TaxRatesResponse } from '#shared/compliance/compliance.schemas.ts';
import { describeRate } from '#shared/compliance/excise.ts';
import { stateOfZip } from '#shared/compliance/zip-state.ts';
import { isoDay } from '#shared/dates.ts';
import { blockView, buyerStanding, optionVerdict } from './compliance.service.ts';

/**
 * The product page's delivery check, judged from memory (catalogue and compliance read models):
 * each option against the rules in force today for the ZIP's state, or a signed-in buyer's
 * default address; a buyer's own licenses count, a visitor is told what a buyer would need.
 */
export async function shipCheck(
  ctx: ShipCheckContext,
  q: { categoryId: string; brandId: string; subBrandId: string; zip?: string },
): Promise<ShipCheckResponse> {
  const model = await ctx.catalogue.get();
  const p = model.product(q.categoryId, q.brandId, q.subBrandId);
  if (!p) throw new NotFound(catalogueMessages.productNotFound);
  const zipState = q.zip ? stateOfZip(q.zip) : null;
  if (q.zip && !zipState) throw new Invalid(complianceMessages.zipNotInState, 'zip');
  const day = isoDay(ctx.now);
  const session = await ctx.session();
  // A signed-in buyer's default address and licenses in one query; a visitor's check is all memory.
  const buyer = session ? await buyerStanding(ctx.db, session.user.id, day) : null;
  const state = zipState ?? buyer?.defaultState ?? null;
  const from: ShipCheckResponse['from'] = zipState ? 'zip' : state ? 'default_address' : 'none';
  if (!state) return { state: null, stateName: null, from, ok: false, options: [] };

  const data = await ctx.compliance.get();
  const licences = buyer ? new Set(buyer.licences) : null;
  // Pickup is sold in the store's own state: the product page says when it would take an option.
  const { storeState } = await ctx.settings.get();
  const options = p.variants.map((v) => {
    const verdict = optionVerdict(data, p, v, state, day, licences);
    const pickup = optionVerdict(data, p, v, storeState, day, licences, 'Pickup');
    return {
      variantId: v.sku,
      name: v.name,
      blocks: verdict.blocks.map(blockView),
      needs: verdict.needs.map(blockView),
      pickupBlocks: pickup.blocks.map(blockView),
    };
  });
  return { state, stateName: stateName(state), from, ok: options.every((o) => !o.blocks.length), options };
}

/** The State Tax Rates page: every rate in force today or starting later, by state. */
export async function taxRatesPage(
  ctx: Pick<RequestContext, 'now'> & { compliance: ComplianceCache },
): Promise<TaxRatesResponse> {
  const data = await ctx.compliance.get();
  const day = isoDay(ctx.now);
  const rates = data.rates
    .filter((r) => !r.retired && (r.effectiveUntil === null || day < r.effectiveUntil))
    .map((r) => ({
      state: r.state,
      stateName: stateName(r.state),
      name: r.name,
      kinds: r.kinds,
      rate: describeRate(r),
      basis: r.basis,
      effectiveFrom: r.effectiveFrom,
      effectiveUntil: r.effectiveUntil,
      collects: r.collects,
      source: r.source,
    }))
    .sort((a, b) => a.stateName.localeCompare(b.stateName) || a.effectiveFrom.localeCompare(b.effectiveFrom));
  return { asOf: day, rates };
}
