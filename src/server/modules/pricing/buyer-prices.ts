import type { FastifyReply, FastifyRequest } from 'fastify';
import { asciiJson, sendVersioned } from '#server/http/send-json.ts';
import type { CatalogueReadModel, ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import { type CardJson, publicCard } from '#server/modules/catalogue/catalogue.service.ts';
import type { ViewerPrices } from '#server/modules/catalogue/listing-index.ts';
import { knownViewer } from '#server/modules/accounts/session.service.ts';
import type { RequestContext } from '#server/http/request-context.ts';
import type { PricingCache } from './pricing-cache.ts';

/** Whoever is looking, and the price book kept in memory. */
type ViewerContext = Pick<RequestContext, 'viewerId'> & { pricing: PricingCache };
import type { ProductDetail } from '#shared/catalogue/catalogue.schemas.ts';
import { unitPriceCents } from '#shared/catalogue/price.ts';
import type { CardPrice } from '#shared/pricing/buyer-price.schemas.ts';
import { type GroupBook, groupOf, optionPrices } from './price-book.ts';

/**
 * A signed-in buyer in a customer group sees their own prices wherever the storefront shows one.
 * Their answers are the catalogue's pre-built ones with the group's prices added, built once per
 * group and product from memory (no query) and kept until the group or the product changes.
 */

/** The group of whoever is looking (a signed-in buyer), or null for visitors and buyers without one. */
export async function viewerGroup(ctx: ViewerContext): Promise<GroupBook | null> {
  const userId = await ctx.viewerId();
  if (!userId) return null;
  return groupOf(await ctx.pricing.get(), userId);
}

/**
 * viewerGroup's answer when everything it needs is in memory (the session remembered, the price
 * book loaded), without a promise; undefined when it must ask. A grouped buyer's browsing takes
 * this path on nearly every request.
 */
function knownViewerGroup(req: FastifyRequest): GroupBook | null | undefined {
  const { ctx } = req;
  const userId = knownViewer(req.cookies[ctx.cookie.name], ctx.now);
  if (userId === undefined) return undefined;
  if (userId === null) return null;
  const book = ctx.pricing.loaded();
  return book && groupOf(book, userId);
}

/** The card's "your price": the lowest unit price over the options, when the group pays less. */
function cardPrice(p: ProductEntry, options: ReturnType<typeof optionPrices>): CardPrice | null {
  const prices = options.map((o) => o.unitPriceCents);
  if (!prices.length) return null;
  const lowest = Math.min(...prices);
  if (lowest >= unitPriceCents(p.card)) return null;
  return { unitPriceCents: lowest, from: prices.some((c) => c !== lowest) };
}

/**
 * The listing's sorts and price range for this group's buyers: the figure their card shows (the
 * lowest option price when below the card's own price, else the card's), worked out once per
 * group and product, like the card.
 */
const pricesOfGroup = new WeakMap<GroupBook, ViewerPrices>();
export function pricesOf(group: GroupBook): ViewerPrices {
  let prices = pricesOfGroup.get(group);
  if (!prices) {
    const known = new WeakMap<ProductEntry, number>();
    prices = {
      key: group,
      of(p) {
        let cents = known.get(p);
        if (cents === undefined) {
          cents = cardPrice(p, optionPrices(group, p))?.unitPriceCents ?? unitPriceCents(p.card);
          known.set(p, cents);
        }
        return cents;
      },
    };
    pricesOfGroup.set(group, prices);
  }
  return prices;
}

/** The product card as this group's buyers see it. */
export function pricedCardJson(group: GroupBook, p: ProductEntry): string {
  const base = p.cardJson;
  const memo = group.cards.get(p);
  if (memo?.base === base) return memo.json;
  const price = cardPrice(p, optionPrices(group, p));
  const json = price ? `${base.slice(0, -1)},"yourPrice":${JSON.stringify(price)}}` : base;
  group.cards.set(p, { base, json });
  return json;
}

/** The product page as this group's buyers see it: each option's price and its volume tiers. */
export function pricedDetailJson(group: GroupBook, model: CatalogueReadModel, p: ProductEntry): string {
  const base = model.detailJson(p);
  const memo = group.details.get(p);
  if (memo?.base === base) return memo.json;
  const detail = JSON.parse(base) as ProductDetail;
  const prices = optionPrices(group, p);
  const card = cardPrice(p, prices);
  if (card) detail.yourPrice = card;
  const store = unitPriceCents(p.card);
  detail.variants.forEach((v, i) => {
    const o = prices[i]!;
    if (o.unitPriceCents < store || o.tiers.length)
      v.yourPrice = { unitPriceCents: o.unitPriceCents, tiers: o.tiers };
  });
  const json = asciiJson(detail);
  group.details.set(p, { base, json });
  return json;
}

/** The cards whoever is looking sees: with their group's prices, or the catalogue's own. */
export async function buyerCards(ctx: ViewerContext): Promise<CardJson> {
  const group = await viewerGroup(ctx);
  return group ? cardsOf(group) : publicCard;
}

/** The cards and prices whoever is looking sees in a listing (sorted and narrowed by their prices). */
export async function buyerListingView(
  ctx: ViewerContext,
): Promise<{ card: CardJson; prices?: ViewerPrices }> {
  const group = await viewerGroup(ctx);
  return group ? { card: cardsOf(group), prices: pricesOf(group) } : { card: publicCard };
}

/** The ETag part that names a group's prices: a buyer moved to another group, or a list changed, misses. */
const groupTag = (g: GroupBook) => `g${g.id}.${g.version}`;

/**
 * Sends a catalogue answer for whoever is looking: the public one (no-cache, ETag of the catalogue
 * version) for visitors and buyers without a group; for a grouped buyer the same answer with their
 * prices, private (never kept by a shared cache) with an ETag that includes the group's version.
 * `build` gets the cards to use and the group (null: the catalogue's own answer).
 */
export function sendPriced(
  req: FastifyRequest,
  reply: FastifyReply,
  model: CatalogueReadModel,
  build: (card: CardJson, group: GroupBook | null) => string,
): FastifyReply | Promise<FastifyReply> {
  // Whoever is looking decides the answer: caches must key it by the cookie too.
  reply.header('vary', 'Cookie');
  // No session cookie (`sid`, `__Host-sid`): a visitor, answered at once, no request context built.
  if (!req.headers.cookie?.includes('sid=')) return sendFor(req, reply, model, build, null);
  const known = knownViewerGroup(req);
  if (known !== undefined) return sendFor(req, reply, model, build, known);
  return viewerGroup(req.ctx).then((group) => sendFor(req, reply, model, build, group));
}

// A group's card function, made once: no closure per request on the hot path.
const cardsOfGroup = new WeakMap<GroupBook, CardJson>();
function cardsOf(group: GroupBook): CardJson {
  let cards = cardsOfGroup.get(group);
  if (!cards) {
    cards = (p) => pricedCardJson(group, p);
    cardsOfGroup.set(group, cards);
  }
  return cards;
}

function sendFor(
  req: FastifyRequest,
  reply: FastifyReply,
  model: CatalogueReadModel,
  build: (card: CardJson, group: GroupBook | null) => string,
  group: GroupBook | null,
): FastifyReply {
  if (!group) return sendVersioned(req, reply, model.version, () => build(publicCard, null));
  return sendVersioned(
    req,
    reply,
    `${model.version}.${groupTag(group)}`,
    () => build(cardsOf(group), group),
    'private',
  );
}
