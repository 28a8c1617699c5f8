import { z } from 'zod';
import { PAYMENT_TERMS } from './terms.ts';

/** Who an invoice is made out to, as it was on the day it was issued. */
export const BillToSchema = z.object({
  businessName: z.string(),
  /** The company's first owner (or the order's placer, for an order without a company). */
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The company's main location, in lines. */
  address: z.array(z.string()),
});
export type BillTo = z.output<typeof BillToSchema>;

export const ShipToSchema = z.object({
  shippingType: z.enum(['Pickup', 'Shiptoaddress']),
  name: z.string(),
  businessName: z.string(),
  address: z.array(z.string()),
});
export type ShipTo = z.output<typeof ShipToSchema>;

/** A license the order relied on: verified and in force for its location when the invoice was issued. */
export const InvoiceLicenseSchema = z.object({
  kind: z.enum(['sales_id', 'tobacco_license']),
  number: z.string(),
  state: z.string(),
  expiresOn: z.string().nullable(),
});
export type InvoiceLicense = z.output<typeof InvoiceLicenseSchema>;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;

/** An invoice or credit note as a list shows it (an order's documents). */
export const InvoiceSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  orderNumber: z.string(),
  /** The first invoice a credit note or a supplementary invoice refers to; null on the first. */
  references: z.string().nullable(),
  reason: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  terms: z.enum(PAYMENT_TERMS),
  totalCents: z.number().int(),
});
export type InvoiceSummary = z.output<typeof InvoiceSummarySchema>;

export const InvoiceListSchema = z.object({ invoices: z.array(InvoiceSummarySchema) });

export const InvoiceLineSchema = z.object({
  sku: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  exciseCents: z.number().int(),
  delivery: z.boolean(),
});
export type InvoiceLine = z.output<typeof InvoiceLineSchema>;

/** A document whole, as its PDF prints it. */
export const InvoiceSchema = InvoiceSummarySchema.extend({
  issuedAt: z.string(),
  billTo: BillToSchema,
  shipTo: ShipToSchema,
  licenses: z.array(InvoiceLicenseSchema),
  exciseState: z.string(),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  exciseCents: z.number().int(),
  lines: z.array(InvoiceLineSchema),
});
export type Invoice = z.output<typeof InvoiceSchema>;

/** An order number, as `?order=` names it. */
export const InvoicesQuerySchema = z.object({
  order: z.string().trim().min(1).max(40),
});

/** An invoice or credit note's number in a path. */
export const InvoiceParamsSchema = z.object({
  number: z.string().regex(/^(INV|CN)-\d{4}-\d{6,9}$/, 'No such invoice.'),
});
