import { z } from 'zod';
import {
  CANNABINOID_LABELS,
  CANNABINOIDS,
  PRODUCT_KIND_LABELS,
  PRODUCT_KINDS,
} from './compliance.constants.ts';

const amount = (max: number) => z.number().min(0).max(max).nullable().default(null);

/**
 * A product's compliance attributes (products.compliance): what the state rules and the excise
 * tax read. A figure left null is unknown; rules that test a figure treat unknown as failing
 * (a hemp product without its THC content is not sold until staff fill it in).
 */
export const ComplianceAttributesSchema = z.object({
  kind: z.enum(PRODUCT_KINDS).default('accessory'),
  /** Characterising flavour: not tobacco, menthol or unflavoured. */
  flavoured: z.boolean().default(false),
  nicotineMgPerMl: amount(1000),
  /** E-liquid per unit sold (a bottle's size, or what a device or pod holds). */
  liquidMlPerUnit: amount(10_000),
  cartridgesPerUnit: z.number().int().min(0).max(10_000).nullable().default(null),
  cannabinoid: z.enum(CANNABINOIDS).nullable().default(null),
  thcMgPerContainer: amount(1_000_000),
  /** Made with synthesised or converted cannabinoids (for example delta-8 from CBD). */
  synthesised: z.boolean().default(false),
});
export type ComplianceAttributes = z.output<typeof ComplianceAttributesSchema>;

/** Where an option differs from its product: its flavour and nicotine strength. */
export const VariantComplianceSchema = z.object({
  flavoured: z.boolean().optional(),
  nicotineMgPerMl: z.number().min(0).max(1000).nullable().optional(),
});
export type VariantCompliance = z.output<typeof VariantComplianceSchema>;

export const DEFAULT_ATTRIBUTES: ComplianceAttributes = ComplianceAttributesSchema.parse({});

/** The attributes of one option: its product's, with the option's own where it has them. */
export function optionAttributes(
  product: ComplianceAttributes,
  variant: VariantCompliance | null | undefined,
): ComplianceAttributes {
  if (!variant) return product;
  return {
    ...product,
    ...(variant.flavoured !== undefined ? { flavoured: variant.flavoured } : {}),
    ...(variant.nicotineMgPerMl !== undefined ? { nicotineMgPerMl: variant.nicotineMgPerMl } : {}),
  };
}

/** The attributes in a few words, as staff read them: "E-liquid · flavoured · 50 mg/ml · 10 ml". */
export function describeAttributes(a: ComplianceAttributes): string {
  return [
    PRODUCT_KIND_LABELS[a.kind],
    a.flavoured ? 'flavoured' : null,
    a.nicotineMgPerMl === null ? null : `${a.nicotineMgPerMl} mg/ml nicotine`,
    a.liquidMlPerUnit === null ? null : `${a.liquidMlPerUnit} ml`,
    a.cartridgesPerUnit === null ? null : `${a.cartridgesPerUnit} cartridges`,
    a.cannabinoid === null ? null : CANNABINOID_LABELS[a.cannabinoid],
    a.thcMgPerContainer === null ? null : `${a.thcMgPerContainer} mg THC`,
    a.synthesised ? 'synthesised' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
