import { z } from 'zod';
import { AddressSchema, DocumentSchema } from '#shared/accounts/accounts.schemas.ts';

/** A Sales ID and a tobacco license, each null when there is none. */
export const DocumentPairSchema = z.object({
  salesId: DocumentSchema.nullable(),
  tobaccoLicense: DocumentSchema.nullable(),
});
export type DocumentPair = z.infer<typeof DocumentPairSchema>;

/** A location with its own documents (those it has; the company's stand for the rest). */
export const LocationSchema = AddressSchema.extend({ documents: DocumentPairSchema });
export type Location = z.infer<typeof LocationSchema>;

/** GET /api/v1/company/locations: the locations, the company's own documents, and the limit. */
export const LocationsSchema = z.object({
  locations: z.array(LocationSchema),
  companyDocuments: DocumentPairSchema,
  /** How many locations the company may have (the spec's 5 unless staff raised it). */
  locationLimit: z.number().int().positive(),
});
export type Locations = z.infer<typeof LocationsSchema>;
