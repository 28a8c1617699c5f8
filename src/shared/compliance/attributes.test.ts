import { describe, expect, it } from 'vitest';
import {
  ComplianceAttributesSchema,
  DEFAULT_ATTRIBUTES,
  describeAttributes,
  optionAttributes,
  VariantComplianceSchema,
} from './attributes.ts';
import { CANNABINOID_LABELS, PRODUCT_KIND_LABELS } from './compliance.constants.ts';

describe('a product’s compliance attributes', () => {
  it('a product nobody has filled in is an unflavoured accessory with every figure unknown', () => {
    const blank = {
      kind: 'accessory',
      flavoured: false,
      nicotineMgPerMl: null,
      liquidMlPerUnit: null,
      cartridgesPerUnit: null,
      cannabinoid: null,
      thcMgPerContainer: null,
      synthesised: false,
    };
    expect(ComplianceAttributesSchema.parse({})).toEqual(blank);
    expect(DEFAULT_ATTRIBUTES).toEqual(blank);
  });

  it('keeps every figure given, within its bounds', () => {
    const vape = {
      kind: 'ends_device' as const,
      flavoured: true,
      nicotineMgPerMl: 1000,
      liquidMlPerUnit: 13.5,
      cartridgesPerUnit: 2,
      cannabinoid: null,
      thcMgPerContainer: 0,
      synthesised: true,
    };
    expect(ComplianceAttributesSchema.parse(vape)).toEqual(vape);
    const ok = (over: Record<string, unknown>) => ComplianceAttributesSchema.safeParse(over).success;
    expect(ok({ nicotineMgPerMl: 1000.5 })).toBe(false);
    expect(ok({ nicotineMgPerMl: -1 })).toBe(false);
    expect(ok({ liquidMlPerUnit: 10_000 })).toBe(true);
    expect(ok({ liquidMlPerUnit: 10_001 })).toBe(false);
    expect(ok({ thcMgPerContainer: 1_000_000 })).toBe(true);
    expect(ok({ thcMgPerContainer: 1_000_001 })).toBe(false);
    expect(ok({ cartridgesPerUnit: 1.5 })).toBe(false);
    expect(ok({ kind: 'cigar' })).toBe(false);
  });
});

describe('an option’s own compliance', () => {
  it('keeps its own flavour and nicotine strength, which may be unknown', () => {
    expect(VariantComplianceSchema.parse({ flavoured: true, nicotineMgPerMl: 35 })).toEqual({
      flavoured: true,
      nicotineMgPerMl: 35,
    });
    expect(VariantComplianceSchema.parse({ nicotineMgPerMl: null })).toEqual({ nicotineMgPerMl: null });
    expect(VariantComplianceSchema.parse({})).toEqual({});
    for (const strength of [0, 1000])
      expect(VariantComplianceSchema.safeParse({ nicotineMgPerMl: strength }).success).toBe(true);
    for (const strength of [-1, 1000.5])
      expect(VariantComplianceSchema.safeParse({ nicotineMgPerMl: strength }).success).toBe(false);
  });

  it('overrides only what it gives: its flavour, its nicotine, nothing else', () => {
    const liquid = ComplianceAttributesSchema.parse({
      kind: 'e_liquid',
      flavoured: true,
      nicotineMgPerMl: 50,
      liquidMlPerUnit: 30,
    });
    expect(optionAttributes(liquid, { flavoured: false, nicotineMgPerMl: 0 })).toEqual({
      ...liquid,
      flavoured: false,
      nicotineMgPerMl: 0,
    });
    expect(optionAttributes(liquid, { nicotineMgPerMl: 3 })).toEqual({ ...liquid, nicotineMgPerMl: 3 });
    expect(optionAttributes(liquid, undefined)).toBe(liquid);
  });
});

describe('describeAttributes', () => {
  it('reads every figure a product has, in a fixed order', () => {
    const everything = ComplianceAttributesSchema.parse({
      kind: 'hemp_cannabinoid',
      flavoured: true,
      nicotineMgPerMl: 0,
      liquidMlPerUnit: 1,
      cartridgesPerUnit: 0,
      cannabinoid: 'delta_8',
      thcMgPerContainer: 0.3,
      synthesised: true,
    });
    expect(describeAttributes(everything)).toBe(
      `${PRODUCT_KIND_LABELS.hemp_cannabinoid} · flavoured · 0 mg/ml nicotine · 1 ml · 0 cartridges · ` +
        `${CANNABINOID_LABELS.delta_8} · 0.3 mg THC · synthesised`,
    );
  });

  it('leaves out what is unknown or not so', () => {
    expect(describeAttributes(DEFAULT_ATTRIBUTES)).toBe(PRODUCT_KIND_LABELS.accessory);
    const liquid = ComplianceAttributesSchema.parse({
      kind: 'e_liquid',
      nicotineMgPerMl: 50,
      liquidMlPerUnit: 10,
    });
    expect(describeAttributes(liquid)).toBe(`${PRODUCT_KIND_LABELS.e_liquid} · 50 mg/ml nicotine · 10 ml`);
    expect(describeAttributes({ ...DEFAULT_ATTRIBUTES, kind: 'pod_cartridge', cartridgesPerUnit: 4 })).toBe(
      `${PRODUCT_KIND_LABELS.pod_cartridge} · 4 cartridges`,
    );
    expect(describeAttributes({ ...DEFAULT_ATTRIBUTES, cannabinoid: 'cbd', thcMgPerContainer: 2 })).toBe(
      `${PRODUCT_KIND_LABELS.accessory} · ${CANNABINOID_LABELS.cbd} · 2 mg THC`,
    );
  });
});
