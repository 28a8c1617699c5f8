import { z } from 'zod';
import { SHIPPING_TYPES } from '#shared/cart/cart.rules.ts';
import { parseAmount } from '#shared/money.ts';
import {
  QUOTE_DAYS_DEFAULT,
  QUOTE_DAYS_MAX,
  QUOTE_NOTE_MAX,
  QUOTE_REASON_MAX,
  quoteMessages,
} from './quotes.messages.ts';

export { QUOTE_DAYS_DEFAULT, QUOTE_DAYS_MAX, QUOTE_NOTE_MAX, QUOTE_REASON_MAX, quoteMessages };

/**
 * Quotes (decision 016, part 3): the desk's order offered to a company at negotiated prices until
 * a day, accepted once by a member (an order at the quoted prices, judged then), declined, left to
 * expire or withdrawn; or asked for by a buyer from their cart.
 */

/** The highest negotiated unit price ($100,000). */
export const QUOTE_PRICE_MAX_CENTS = 10_000_000;

export const QUOTE_STATUSES = ['requested', 'sent', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QuoteParamsSchema = z.object({
  number: z.string().regex(/^Q-\d{1,12}$/, quoteMessages.notFound),
});

const Sku = z.string().trim().min(1, quoteMessages.notInDraft).max(60, quoteMessages.notInDraft);
const Day = z.iso.date({ message: quoteMessages.expiresOn });

/** A line's negotiated unit price at the desk, with its reason; null puts it back to the company's. */
export const DeskPriceBodySchema = z
  .object({
    sku: Sku,
    unitPriceCents: z
      .number({ message: quoteMessages.priceAmount })
      .int(quoteMessages.priceAmount)
      .min(0, quoteMessages.priceAmount)
      .max(QUOTE_PRICE_MAX_CENTS, quoteMessages.priceTooHigh)
      .nullable(),
    reason: z.string().trim().max(QUOTE_REASON_MAX, quoteMessages.reasonTooLong).default(''),
  })
  .superRefine((b, issue) => {
    if (b.unitPriceCents !== null && !b.reason)
      issue.addIssue({ code: 'custom', path: ['reason'], message: quoteMessages.priceReasonRequired });
  });
export type DeskPriceBody = z.input<typeof DeskPriceBodySchema>;

/**
 * The negotiate form as its boxes hold it (the price typed in dollars; empty puts it back), read
 * into DeskPriceBodySchema: the page and the server give the same messages, on the same boxes.
 */
export const DeskPriceFormSchema = z
  .object({ sku: z.string(), unitPriceCents: z.string(), reason: z.string() })
  .transform(({ unitPriceCents: typed, ...rest }, ctx): DeskPriceBody => {
    if (!typed.trim()) return { ...rest, unitPriceCents: null, reason: '' };
    const cents = parseAmount(typed);
    if (cents === null || cents > QUOTE_PRICE_MAX_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['unitPriceCents'],
        message: cents === null ? quoteMessages.priceAmount : quoteMessages.priceTooHigh,
      });
      return z.NEVER;
    }
    return { ...rest, unitPriceCents: cents };
  })
  .pipe(DeskPriceBodySchema);

/** Send the draft as a quote: at the version, location and total the page showed, standing until a day. */
export const DeskQuoteBodySchema = z.object({
  version: z.number().int().nonnegative(),
  locationId: z.uuid({ message: quoteMessages.locationGone }),
  expiresOn: Day,
  expectedTotalCents: z.number().int().nonnegative().max(1_000_000_000),
});
export type DeskQuoteBody = z.infer<typeof DeskQuoteBodySchema>;

export const QuoteWithdrawBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, quoteMessages.withdrawReason)
    .max(QUOTE_REASON_MAX, quoteMessages.reasonTooLong),
});

export const QuoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES).optional(),
});

/** A buyer accepts the lines they choose (every line they can have, by default) at the version shown. */
export const QuoteAcceptBodySchema = z.object({
  version: z.number().int().nonnegative(),
  skus: z.array(z.string().trim().min(1).max(60)).min(1, quoteMessages.nothingToAccept).max(500),
  expectedTotalCents: z.number().int().nonnegative().max(1_000_000_000),
  idempotencyKey: z.uuid(),
});
export type QuoteAcceptBody = z.infer<typeof QuoteAcceptBodySchema>;

export const QuoteDeclineBodySchema = z.object({
  reason: z.string().trim().max(QUOTE_REASON_MAX, quoteMessages.reasonTooLong).default(''),
});

/** "Request a quote" from the cart: its lines, for the location chosen (else the default), with a note. */
export const QuoteRequestBodySchema = z.object({
  note: z.string().trim().max(QUOTE_NOTE_MAX, quoteMessages.requestNoteTooLong).default(''),
  locationId: z.uuid().nullable().default(null),
});
export type QuoteRequestBody = z.input<typeof QuoteRequestBodySchema>;

export const QuoteLineSchema = z.object({
  sku: z.string(),
  productName: z.string(),
  variantName: z.string(),
  sellingUnit: z.string(),
  imageUrl: z.string(),
  quantity: z.number().int(),
  /** The quoted unit price; null on a request not yet priced. */
  unitPriceCents: z.number().int().nullable(),
  /** The company's own price for the option when the quote was sent (null on a request). */
  listUnitPriceCents: z.number().int().nullable(),
  negotiated: z.boolean(),
  lineTotalCents: z.number().int(),
  exciseCents: z.number().int(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/** A quoted line as it stands now, for the buyer about to accept. */
export const QuoteLineNowSchema = z.object({
  sku: z.string(),
  /** Whether it can be ordered now at the quoted price; else `problem` says why. */
  available: z.boolean(),
  problem: z.string().nullable(),
  stock: z.number().int(),
  exciseCents: z.number().int(),
});

export const QuoteLocationSchema = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});

export const QuoteSchema = z.object({
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  version: z.number().int(),
  businessName: z.string(),
  location: QuoteLocationSchema.nullable(),
  shippingType: z.enum(SHIPPING_TYPES),
  shippingCents: z.number().int(),
  /** The note for the buyer. */
  note: z.string(),
  /** The buyer's note when they asked for it. */
  requestNote: z.string(),
  requestedBy: z.string().nullable(),
  staffName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The last day it stands (YYYY-MM-DD); null on a request. */
  expiresOn: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was declined or withdrawn. */
  closedReason: z.string(),
  orderNumber: z.string().nullable(),
  lines: z.array(QuoteLineSchema),
  subtotalCents: z.number().int(),
  exciseCents: z.number().int(),
  totalCents: z.number().int(),
  /** Whether this member may accept or decline it (owners and buyers, while it is sent). */
  canAnswer: z.boolean(),
  /** While it is open: each line as it stands now, and what accepting every available line comes to. */
  now: z
    .object({
      lines: z.array(QuoteLineNowSchema),
      subtotalCents: z.number().int(),
      exciseCents: z.number().int(),
      shippingCents: z.number().int(),
      totalCents: z.number().int(),
    })
    .nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** A quote as staff see it: the buyer's view, with the company, the reasons and the internal note. */
export const StaffQuoteSchema = QuoteSchema.extend({
  companyId: z.string(),
  internalNote: z.string(),
  feeNote: z.string(),
  decidedBy: z.string().nullable(),
  lines: z.array(QuoteLineSchema.extend({ priceReason: z.string() })),
});
export type StaffQuote = z.infer<typeof StaffQuoteSchema>;

export const QuoteSummarySchema = z.object({
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  companyId: z.string(),
  businessName: z.string(),
  lineCount: z.number().int(),
  totalCents: z.number().int(),
  expiresOn: z.string().nullable(),
  staffName: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  orderNumber: z.string().nullable(),
});
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;
export const QuoteListSchema = z.object({ quotes: z.array(QuoteSummarySchema) });
export type QuoteList = z.infer<typeof QuoteListSchema>;

export const QuoteSentSchema = z.object({ message: z.string(), number: z.string() });
export const QuoteAcceptedSchema = z.object({
  message: z.string(),
  number: z.string(),
  orderNumber: z.string(),
});
export type QuoteAccepted = z.infer<typeof QuoteAcceptedSchema>;
export const QuoteOpenedSchema = z.object({ message: z.string(), companyId: z.string() });
