import { z } from 'zod';
import { PAYMENT_TERMS } from './terms.ts';

/** Whether this runtime knows the time zone (an IANA name such as America/Chicago). */
function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

/** The store's receivables settings, as staff edit them (decision 017). */
export const ReceivablesSettingsSchema = z.object({
  invoiceOn: z.enum(['placed', 'shipped'], { message: 'Choose when invoices are issued.' }),
  defaultTerms: z.enum(PAYMENT_TERMS, { message: 'Choose the default terms.' }),
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine(knownTimeZone, { message: 'Choose a time zone such as America/Chicago.' }),
  /** A company with an invoice more than this many days past due is on credit hold. */
  holdAfterDays: z
    .number({ message: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(1, 'At least 1 day.')
    .max(365, 'At most 365 days.'),
});
export type ReceivablesSettings = z.output<typeof ReceivablesSettingsSchema>;

/** A company's own terms; null: the store's default. */
export const CompanyTermsBodySchema = z.object({
  paymentTerms: z.enum(PAYMENT_TERMS, { message: 'Choose the terms.' }).nullable(),
});
export type CompanyTermsBody = z.output<typeof CompanyTermsBodySchema>;

export const CompanyTermsSchema = z.object({
  paymentTerms: z.enum(PAYMENT_TERMS).nullable(),
  /** What applies: its own, or the store's default. */
  effectiveTerms: z.enum(PAYMENT_TERMS),
});
