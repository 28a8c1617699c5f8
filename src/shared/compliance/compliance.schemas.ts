import { z } from 'zod';
import { ProductQuerySchema } from '#shared/catalogue/catalogue.schemas.ts';
import { ComplianceAttributesSchema } from './attributes.ts';
import { RULE_EFFECTS, TAX_BASES } from './compliance.constants.ts';
import { TaxRateSchema } from './excise.ts';
import { RuleSchema } from './rules.ts';

export const BlockSchema = z.object({
  effect: z.enum(RULE_EFFECTS),
  reason: z.string(),
  source: z.string(),
});
export type BlockView = z.infer<typeof BlockSchema>;

/** The product page's delivery check: a ZIP, or (signed in, no ZIP) the default address. */
export const ShipCheckQuerySchema = ProductQuerySchema.extend({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Enter a 5-digit US ZIP code')
    .optional(),
});

export const ShipCheckResponseSchema = z.object({
  /** Where the answer is for; null when nothing was given and no default address exists. */
  state: z.string().nullable(),
  stateName: z.string().nullable(),
  /** How the state was found. */
  from: z.enum(['zip', 'default_address', 'none']),
  /** Every option can ship there (for this buyer, by delivery). */
  ok: z.boolean(),
  options: z.array(
    z.object({
      variantId: z.string(),
      name: z.string(),
      blocks: z.array(BlockSchema),
      /** For a visitor: what a buyer would need (a license from that state). */
      needs: z.array(BlockSchema),
      /**
       * Why it cannot be sold for pickup at the store (judged in the store's state, for this buyer):
       * empty when Pickup in store would take it (decision 014, item 5).
       */
      pickupBlocks: z.array(BlockSchema),
    }),
  ),
});
export type ShipCheckResponse = z.infer<typeof ShipCheckResponseSchema>;

/** One state's row on the State Tax Rates page. */
export const PublicTaxRateSchema = z.object({
  state: z.string(),
  stateName: z.string(),
  name: z.string(),
  kinds: z.array(z.string()),
  rate: z.string(),
  basis: z.enum(TAX_BASES),
  effectiveFrom: z.string(),
  effectiveUntil: z.string().nullable(),
  collects: z.boolean(),
  source: z.string(),
});
export const TaxRatesResponseSchema = z.object({
  asOf: z.string(),
  rates: z.array(PublicTaxRateSchema),
});
export type TaxRatesResponse = z.infer<typeof TaxRatesResponseSchema>;

/** Staff: a product's entry in a state's directory. */
export const ListingBodySchema = z.object({
  productId: z.number().int().positive().max(2_147_483_647),
  state: z.string().regex(/^[A-Z]{2}$/, 'Choose a state.'),
  listed: z.boolean(),
  listingId: z.string().trim().max(80).default(''),
  listedOn: z.iso.date({ message: 'Dates are YYYY-MM-DD.' }).nullable().default(null),
});
export const ListingSchema = z.object({
  productId: z.number().int(),
  state: z.string(),
  listed: z.boolean(),
  listingId: z.string(),
  listedOn: z.string().nullable(),
});
export const ListingsQuerySchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const RuleListSchema = z.object({ rules: z.array(RuleSchema) });
export const TaxRateListSchema = z.object({ rates: z.array(TaxRateSchema) });
export const ListingListSchema = z.object({ listings: z.array(ListingSchema) });

/**
 * Staff: how an order stands with the state rules. Judged when placed (by the version recorded
 * on it) and judged again today, for the same ship-to and the buyer's licenses now: a line that
 * a rule now blocks should not ship. There is no per-order override; a rule change is the only
 * way to allow what a rule blocks.
 */
export const OrderComplianceSchema = z.object({
  orderNumber: z.string(),
  shipTo: z.object({
    state: z.string(),
    stateName: z.string(),
    shipping: z.enum(['Delivery', 'Pickup']),
  }),
  /** The rules version the order was placed under (null for orders placed before the rules). */
  judgedByVersion: z.number().int().nullable(),
  currentVersion: z.number().int(),
  /** States whose verified, unexpired tobacco license the buyer holds today. */
  licences: z.array(z.string()),
  exciseCents: z.number().int(),
  carrier: z.string(),
  /** The PACT Act filing this order belongs in, if it has ENDS or tobacco delivered. */
  pact: z
    .object({ state: z.string(), month: z.string(), dueOn: z.string(), filedAt: z.string().nullable() })
    .nullable(),
  lines: z.array(
    z.object({
      sku: z.string(),
      productName: z.string(),
      variantName: z.string(),
      status: z.string(),
      attributes: ComplianceAttributesSchema,
      exciseCents: z.number().int(),
      inPact: z.boolean(),
      /** What the rules say about this line today (empty: it may still ship). */
      today: z.array(BlockSchema),
    }),
  ),
});
export type OrderCompliance = z.infer<typeof OrderComplianceSchema>;

/** A signed-in buyer's state: their default address's (null without one). */
export const MyStateSchema = z.object({
  state: z.string().nullable(),
  stateName: z.string().nullable(),
});
export type MyState = z.infer<typeof MyStateSchema>;

/** The cards a page shows, as `categoryId/brandId/productId` keys (a grid's worth at a time). */
export const CardVerdictsBodySchema = z.object({
  cards: z.array(z.string().max(400)).max(200, 'Ask for at most 200 cards at a time.'),
});

/**
 * Of the cards asked about, those the rules keep from the buyer's state today, for their
 * licences: `blocked` (no option may ship there) and `partial` (some options may not).
 */
export const CardVerdictsSchema = z.object({
  state: z.string().nullable(),
  blocked: z.array(z.string()),
  partial: z.array(z.string()),
  /** Of those, the ones only the state's license rule keeps: a license from it would do. */
  licence: z.array(z.string()),
});
export type CardVerdicts = z.infer<typeof CardVerdictsSchema>;
