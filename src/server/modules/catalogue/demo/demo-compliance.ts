import type { ComplianceAttributes, VariantCompliance } from '#shared/compliance/attributes.ts';
import type { DemoProduct } from './demo-catalogue.ts';

/** Flavours the rules do not count as characterising: tobacco, menthol, unflavoured. */
const UNFLAVOURED = /tobacco|menthol|unflavou?red/i;

const spec = (p: DemoProduct, title: string) =>
  p.specifications.find((s) => s.title === title)?.details ?? '';
const firstNumber = (text: string) => {
  const m = /(\d+(?:\.\d+)?)/.exec(text);
  return m ? Number(m[1]) : null;
};

/**
 * Compliance attributes for a demo product, read from what the demo already says about it (its
 * category, model name and specifications), so the demo data is unchanged and the rules have
 * something true to read: disposables are flavoured ENDS boxes of ten with their nicotine and
 * e-liquid, hardware is ENDS without liquid, delta products are hemp cannabinoids (delta-8 and
 * HHC converted), kratom is kratom, papers are tobacco; the rest are accessories.
 */
export function demoCompliance(p: DemoProduct): {
  product: Partial<ComplianceAttributes>;
  variants: VariantCompliance[];
} {
  const none = { product: { kind: 'accessory' as const }, variants: p.variants.map(() => ({})) };
  switch (p.categorySlug) {
    case 'disposable-vapes': {
      const nicotine = /\((\d+) mg\/ml\)/.exec(spec(p, 'Nicotine strength'));
      const ml = firstNumber(spec(p, 'E-liquid capacity'));
      return {
        product: {
          kind: 'ends_device',
          flavoured: true,
          nicotineMgPerMl: nicotine ? Number(nicotine[1]) : null,
          // Sold by the display box of ten devices.
          liquidMlPerUnit: ml === null ? null : ml * 10,
        },
        variants: p.variants.map((v) => (UNFLAVOURED.test(v.name) ? { flavoured: false } : {})),
      };
    }
    case 'vape-hardware':
      return {
        product: { kind: 'ends_device', flavoured: false, liquidMlPerUnit: 0, cartridgesPerUnit: 0 },
        variants: p.variants.map(() => ({})),
      };
    case 'delta-products': {
      const converted = /delta-8|hhc/i.test(p.name);
      const cannabinoid = /delta-8/i.test(p.name)
        ? 'delta_8'
        : /delta-9/i.test(p.name)
          ? 'delta_9'
          : /hhc/i.test(p.name)
            ? 'hhc'
            : /thc-a/i.test(p.name)
              ? 'thca'
              : 'other';
      return {
        product: {
          kind: 'hemp_cannabinoid',
          cannabinoid,
          synthesised: converted,
          // The potency printed on the pack (mg per container, or grams of extract).
          thcMgPerContainer: firstNumber(spec(p, 'Potency')),
        },
        variants: p.variants.map(() => ({})),
      };
    }
    case 'kratom':
      return { product: { kind: 'kratom' }, variants: p.variants.map(() => ({})) };
    case 'rolling-papers':
      return { product: { kind: 'tobacco' }, variants: p.variants.map(() => ({})) };
    default:
      return none;
  }
}
