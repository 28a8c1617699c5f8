/** What a product is, for the state rules and the excise tax. */
export const PRODUCT_KINDS = [
  'ends_device',
  'e_liquid',
  'pod_cartridge',
  'hemp_cannabinoid',
  'kratom',
  'tobacco',
  'accessory',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  ends_device: 'Vape device (ENDS)',
  e_liquid: 'E-liquid',
  pod_cartridge: 'Pod or cartridge',
  hemp_cannabinoid: 'Hemp-derived cannabinoid',
  kratom: 'Kratom',
  tobacco: 'Tobacco or rolling papers',
  accessory: 'Accessory',
};

/** Kinds that are electronic nicotine delivery systems (devices, their liquid and pods). */
export const ENDS_KINDS: readonly ProductKind[] = ['ends_device', 'e_liquid', 'pod_cartridge'];

export const CANNABINOIDS = ['delta_9', 'delta_8', 'thca', 'hhc', 'cbd', 'other'] as const;
export type Cannabinoid = (typeof CANNABINOIDS)[number];
export const CANNABINOID_LABELS: Record<Cannabinoid, string> = {
  delta_9: 'Delta-9 THC',
  delta_8: 'Delta-8 THC',
  thca: 'THC-A',
  hhc: 'HHC',
  cbd: 'CBD',
  other: 'Other',
};

/** What a rule does where it applies. */
export const RULE_EFFECTS = ['no_sale', 'directory_only', 'licence_required', 'no_delivery'] as const;
export type RuleEffect = (typeof RULE_EFFECTS)[number];
export const RULE_EFFECT_LABELS: Record<RuleEffect, string> = {
  no_sale: 'No sale',
  directory_only: "Only products listed in the state's directory",
  licence_required: "Needs the buyer's verified license issued by that state",
  no_delivery: 'No delivery (pickup only)',
};

/** How an excise rate is charged. */
export const TAX_BASES = ['percent_wholesale', 'per_ml', 'per_unit', 'per_cartridge'] as const;
export type TaxBasis = (typeof TAX_BASES)[number];
export const TAX_BASIS_LABELS: Record<TaxBasis, string> = {
  percent_wholesale: '% of the wholesale price',
  per_ml: 'per ml of e-liquid',
  per_unit: 'per unit',
  per_cartridge: 'per cartridge',
};

/** A rule listing this instead of states applies in every state. */
export const ALL_STATES = '*';
