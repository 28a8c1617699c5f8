import { z } from 'zod';
import { SHIPPING_TYPES } from '#shared/cart/cart.rules.ts';
import { CartLineSchema } from '#shared/cart/cart.schemas.ts';
import { QUICK_ORDER_MAX_CHARS } from '#shared/cart/quick-order.ts';
import { BlockSchema } from '#shared/compliance/compliance.schemas.ts';
import { parseAmount } from '#shared/money.ts';
import { QuantityRuleViewSchema, TierRowSchema } from '#shared/pricing/buyer-price.schemas.ts';
import { DESK_LINES_MAX, deskMessages } from './desk.messages.ts';

export { DESK_LINES_MAX, deskMessages };

/**
 * The order desk (decision 016, part 2): staff build an order for a company and one of its
 * locations, see each line as the company's buyers would (price and tiers, case pack, stock, the
 * verdict for the location), and place it through the same order transaction as a buyer's.
 */

/** The longest buyer's note and internal note (the checkout's comments hold 1000). */
export const DESK_NOTE_MAX = 1000;
/** The highest delivery fee staff may set ($10,000). */
export const DESK_FEE_MAX_CENTS = 1_000_000;
/** The longest reason for a changed fee. */
export const DESK_REASON_MAX = 200;

export const DeskParamsSchema = z.object({ companyId: z.uuid({ message: deskMessages.companyNotFound }) });

const Sku = z.string().trim().min(1, deskMessages.unknownSku).max(60, deskMessages.unknownSku);

/** One line's quantity set (0 removes it), or with `adding` that many added to the line's. */
export const DeskLineBodySchema = z.object({
  sku: Sku,
  adding: z.boolean().default(false),
  quantity: z
    .number({ message: deskMessages.quantityRange })
    .int(deskMessages.quantityRange)
    .min(0, deskMessages.quantityRange)
    .max(10_000, deskMessages.quantityRange),
});
export type DeskLineBody = z.input<typeof DeskLineBodySchema>;

/** Pasted lines, parsed as the buyer's quick order parses them. */
export const DeskPasteBodySchema = z.object({
  text: z.string().max(QUICK_ORDER_MAX_CHARS, deskMessages.pasteTooLong),
});

/** The draft's version the page showed: a draft changed since (another tab) answers 409. */
const Version = z
  .number({ message: deskMessages.versionMissing })
  .int(deskMessages.versionMissing)
  .nonnegative(deskMessages.versionMissing);

/** What the draft says besides its lines, at the version the page showed. `feeCents` null: the store's fee. */
export const DeskDraftBodySchema = z
  .object({
    version: Version,
    locationId: z.uuid({ message: deskMessages.locationNotFound }).nullable(),
    shippingType: z.enum(SHIPPING_TYPES),
    feeCents: z
      .number({ message: deskMessages.feeAmount })
      .int(deskMessages.feeAmount)
      .min(0, deskMessages.feeAmount)
      .max(DESK_FEE_MAX_CENTS, deskMessages.feeTooHigh)
      .nullable(),
    feeReason: z.string().trim().max(DESK_REASON_MAX).default(''),
    buyerNote: z.string().trim().max(DESK_NOTE_MAX).default(''),
    internalNote: z.string().trim().max(DESK_NOTE_MAX).default(''),
  })
  .superRefine((b, issue) => {
    if (b.feeCents !== null && b.shippingType !== 'Shiptoaddress')
      issue.addIssue({ code: 'custom', path: ['feeCents'], message: deskMessages.feeOnlyForDelivery });
    if (b.feeCents !== null && !b.feeReason)
      issue.addIssue({ code: 'custom', path: ['feeReason'], message: deskMessages.feeReasonRequired });
  });
export type DeskDraftBody = z.input<typeof DeskDraftBodySchema>;

/**
 * The details form as its boxes hold them (the fee typed in dollars, "Change fee" a box to tick),
 * read into the body and checked by DeskDraftBodySchema: the page and the server give the same
 * messages. The fee keeps the body's name, `feeCents`, so a refusal naming it lands on its box;
 * with "Change fee" off, or for a pickup, the order takes the store's fee (null).
 */
export const DeskDetailsFormSchema = z
  .object({
    version: z.number(),
    locationId: z.string(),
    shippingType: z.enum(SHIPPING_TYPES),
    changeFee: z.boolean(),
    feeCents: z.string(),
    feeReason: z.string(),
    buyerNote: z.string(),
    internalNote: z.string(),
  })
  .transform(({ changeFee, feeCents: typed, ...details }, ctx): DeskDraftBody => {
    const changed = changeFee && details.shippingType === 'Shiptoaddress';
    const feeCents = changed ? parseAmount(typed) : null;
    if (changed && (feeCents === null || feeCents > DESK_FEE_MAX_CENTS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['feeCents'],
        message: feeCents === null ? deskMessages.feeAmount : deskMessages.feeTooHigh,
      });
      return z.NEVER;
    }
    return {
      ...details,
      locationId: details.locationId || null,
      feeCents,
      feeReason: changed ? details.feeReason : '',
    };
  })
  .pipe(DeskDraftBodySchema);

/** Place the draft: the version and total the page showed; the key makes a double press one order. */
export const DeskPlaceBodySchema = z.object({
  version: Version,
  /** The location the page showed (`locationId` of the draft): one removed since refuses the order. */
  locationId: z.uuid({ message: deskMessages.noLocation }),
  expectedTotalCents: z.number().int().nonnegative().max(1_000_000_000),
  idempotencyKey: z.uuid(),
});
export type DeskPlaceBody = z.infer<typeof DeskPlaceBodySchema>;

export const DeskSearchQuerySchema = z.object({
  q: z.string().trim().max(100, deskMessages.searchTooLong).default(''),
});

/** A draft's line as the company's buyers would see it in their cart, with the tiers and a problem. */
export const DeskLineSchema = CartLineSchema.extend({
  /** The company's quantity breaks for this option (empty: one price). */
  tiers: z.array(TierRowSchema),
  /** Why it cannot be ordered as it is (stock, case pack, compliance, gone), or null. */
  problem: z.string().nullable(),
  /**
   * A negotiated unit price for a quote (decision 016, part 3): `unitPriceCents` and the line's
   * total are then the negotiated ones, and this says what the company's price is and why.
   */
  negotiated: z.object({ listUnitPriceCents: z.number().int(), reason: z.string() }).nullable(),
  /** The lowest unit price staff set for the option (null: none). */
  minPriceCents: z.number().int().nullable(),
});
export type DeskLine = z.infer<typeof DeskLineSchema>;

export const DeskLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  isDefault: z.boolean(),
});
export type DeskLocation = z.infer<typeof DeskLocationSchema>;

export const DeskDraftSchema = z.object({
  company: z.object({
    id: z.string(),
    businessName: z.string(),
    /** The customer group whose price list prices it; null: list prices. */
    groupName: z.string().nullable(),
    disabled: z.boolean(),
    /** Both documents verified for the chosen location: no cap on the subtotal. */
    verified: z.boolean(),
  }),
  locations: z.array(DeskLocationSchema),
  version: z.number().int(),
  /** The location chosen, else the company's default; null when it has none. */
  locationId: z.string().nullable(),
  shippingType: z.enum(SHIPPING_TYPES),
  /** The store's delivery fee, and the one set for this order (null: the store's). */
  standardFeeCents: z.number().int(),
  feeCents: z.number().int().nullable(),
  feeReason: z.string(),
  buyerNote: z.string(),
  internalNote: z.string(),
  /** Where the lines are judged for: the store's state for pickup, the location's for delivery. */
  shipTo: z.object({ state: z.string(), stateName: z.string(), shipping: z.enum(SHIPPING_TYPES) }).nullable(),
  lines: z.array(DeskLineSchema),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  exciseCents: z.number().int(),
  totalCents: z.number().int(),
  /** Why it cannot be placed now (each a sentence); empty: it can. */
  problems: z.array(z.string()),
  /** Why it cannot be sent as a quote now (stock may be short on a quote); empty: it can. */
  quoteProblems: z.array(z.string()),
  /** The quote this draft was opened from (a buyer's request, or a quote being revised), if any. */
  quote: z
    .object({
      number: z.string(),
      status: z.string(),
      requestedBy: z.string().nullable(),
      requestNote: z.string(),
    })
    .nullable(),
  /** The last day a quote sent now stands unless changed (today + 14 days). */
  defaultExpiresOn: z.string(),
  updatedAt: z.string(),
});
export type DeskDraft = z.infer<typeof DeskDraftSchema>;

/** A search hit: one option, priced for the company at its first case, with its verdict. */
export const DeskOptionSchema = z.object({
  sku: z.string(),
  productName: z.string(),
  variantName: z.string(),
  sellingUnit: z.string(),
  imageUrl: z.string(),
  stock: z.number().int(),
  unitPriceCents: z.number().int(),
  priceSource: z.enum(['list', 'sale', 'group']),
  tiers: z.array(TierRowSchema),
  quantityRule: QuantityRuleViewSchema,
  blocks: z.array(BlockSchema),
  /** How many the draft already holds. */
  inDraft: z.number().int(),
});
export type DeskOption = z.infer<typeof DeskOptionSchema>;
export const DeskSearchSchema = z.object({ query: z.string(), options: z.array(DeskOptionSchema) });
export type DeskSearch = z.infer<typeof DeskSearchSchema>;

export const DeskPasteResultSchema = z.object({
  message: z.string(),
  draft: DeskDraftSchema,
  /** The pasted lines not added, each with its line numbers and why. */
  notAdded: z.array(z.object({ lines: z.array(z.number().int()), sku: z.string(), problem: z.string() })),
});
export type DeskPasteResult = z.infer<typeof DeskPasteResultSchema>;

export const DeskPlacedSchema = z.object({ message: z.string(), number: z.string() });
export type DeskPlaced = z.infer<typeof DeskPlacedSchema>;

/** The staff member's drafts in progress, newest first (the desk's front page). */
export const DeskDraftListSchema = z.object({
  drafts: z.array(
    z.object({
      companyId: z.string(),
      businessName: z.string(),
      lineCount: z.number().int(),
      updatedAt: z.string(),
    }),
  ),
});
export type DeskDraftList = z.infer<typeof DeskDraftListSchema>;
