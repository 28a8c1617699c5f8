/**
 * A deterministic demo catalogue: fictional brands (no real trademarks), realistic names,
 * prices, discounts, specifications and stock. The same size and seed always give the same data.
 */
import type { CategoryGroup } from '#shared/catalogue/catalogue.constants.ts';
import { slugify } from '#shared/catalogue/slug.ts';
import type { ProductShape } from './svg-art.ts';

export type CatalogueSize = 'demo' | 'small' | 'large';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const between = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, Math.min(n, copy.length));
}

interface CategoryTemplate {
  name: string;
  group: CategoryGroup | null;
  colour: string;
  shape: ProductShape;
  brands: string[];
  models: string[];
  kinds: string[];
  variantNames: string[];
  variantsPer: [number, number];
  priceRange: [number, number]; // dollars, wholesale per selling unit
  /** What one price buys ("box of 10", "each"), from the product's model and specifications. */
  unit: string | ((model: string, specs: { title: string; details: string }[]) => string);
  notice: string;
  specs: (rng: Rng, model: string) => { title: string; details: string }[];
  highlights: string[];
  blurb: string;
}

const FLAVOURS = [
  'Mango Ice',
  'Blue Razz Ice',
  'Watermelon Ice',
  'Strawberry Kiwi',
  'Peach Ice',
  'Cool Mint',
  'Grape Ice',
  'Lush Ice',
  'Pineapple Coconut',
  'Cherry Lime',
  'Classic Tobacco',
  'Banana Ice',
  'Miami Mint',
  'Sour Apple',
  'Pink Lemonade',
  'Triple Berry',
  'Strawberry Banana',
  'Blueberry Cotton Candy',
  'Cola Ice',
  'Lychee Ice',
  'Passion Fruit',
  'Guava Ice',
  'Menthol',
  'Kiwi Passion',
  'Tropical Rainbow',
  'Raspberry Watermelon',
];
const COLOURS = [
  'Matte Black',
  'Gunmetal',
  'Silver',
  'Rainbow',
  'Ocean Blue',
  'Crimson Red',
  'Carbon Fiber',
  'Emerald Green',
  'Rose Gold',
  'Pearl White',
];
const STRAINS = [
  'Blue Dream',
  'Sour Diesel',
  'Gelato',
  'Pineapple Express',
  'Granddaddy Purple',
  'Jack Herer',
  'Wedding Cake',
  'Zkittlez',
  'Northern Lights',
  'Strawberry Cough',
  'Watermelon Zkittlez',
  'Green Crack',
];
const KRATOM = [
  'Red Bali',
  'Green Maeng Da',
  'White Borneo',
  'Red Thai',
  'Green Malay',
  'Yellow Vietnam',
  'Gold Bali',
  'White Sumatra',
  'Red Horn',
  'Green Indo',
];
const PACKS = ['Standard', 'With Tips', 'Slow Burn', 'Watermarked'];
const GLASS = ['Clear', 'Blue Accent', 'Green Accent', 'Amber', 'Smoke Grey', 'Pink Accent', 'Black Accent'];
const SIZES = ['Black', 'White', 'Clear', 'Green'];

/** What one price of a kratom product buys, by its model, and the form its specification names. */
const KRATOM_PACKS: Record<string, string> = {
  Capsules: 'bottle of 75 capsules',
  Powder: 'pouch of 250 g',
  'Extract Shot': 'box of 12 shots',
  Tablets: 'bottle of 50 tablets',
};
const KRATOM_FORMS: Record<string, string> = {
  Capsules: '500 mg capsules',
  Powder: 'Fine powder',
  Extract: 'Liquid extract shots',
  Tablets: 'Pressed tablets',
};
/** Packaging is sold by the case or pack its model comes in. */
const DISPENSARY_PACKS: Record<string, string> = {
  'Pop-Top Bottles': 'case of 250',
  'Mylar Bags': 'pack of 100',
  'Pre-Roll Tubes': 'case of 500',
  'Glass Jars': 'case of 48',
  'Exit Bags': 'pack of 100',
};
/** The form a kratom model comes in; one number is drawn, as the random form before was, so the catalogue stays the same. */
function kratomForm(rng: Rng, model: string): string {
  rng();
  return KRATOM_FORMS[model.split(' ')[0]!] ?? 'Fine powder';
}
const specDetails = (specs: { title: string; details: string }[], title: string) =>
  specs.find((s) => s.title === title)?.details ?? '';

const CATEGORIES: CategoryTemplate[] = [
  {
    name: 'Disposable Vapes',
    group: 'Vape Hardware',
    colour: '#7c3aed',
    shape: 'disposable',
    brands: [
      'Nimbus Bar',
      'Cloudtide',
      'Vaporline',
      'Puffcraft',
      'Aurora Mist',
      'Zephyr Stix',
      'Glacier Puff',
      'Neon Drift',
    ],
    models: ['Pro', 'Max', 'Ultra', 'Mini', 'Turbo', 'Flex', 'Nova', 'Edge', 'Prime', 'Lux', 'Duo', 'Pulse'],
    kinds: ['5000 Puffs', '7500 Puffs', '10000 Puffs', '15000 Puffs', '3000 Puffs'],
    variantNames: FLAVOURS,
    variantsPer: [8, 16],
    priceRange: [45, 140],
    unit: 'box of 10',
    notice:
      'WARNING: This product contains nicotine. Nicotine is an addictive chemical. Sale only to adults 21 and over.',
    specs: (rng, model) => [
      { title: 'Puff count', details: `Up to ${model.match(/\d+/)?.[0] ?? '5000'} puffs` },
      { title: 'Nicotine strength', details: pick(rng, ['5% (50 mg/ml)', '3% (30 mg/ml)', '2% (20 mg/ml)']) },
      { title: 'E-liquid capacity', details: `${between(rng, 8, 20)} ml pre-filled` },
      { title: 'Battery', details: `${pick(rng, [550, 650, 850])} mAh, USB-C rechargeable` },
      { title: 'Coil', details: pick(rng, ['1.0 Ω mesh coil', '0.8 Ω dual mesh coil', '1.2 Ω mesh coil']) },
      { title: 'Pack', details: '10 devices per display box' },
    ],
    highlights: [
      'Pre-filled and pre-charged, ready out of the box',
      'Mesh coil for consistent flavour to the last puff',
      'USB-C recharging',
      'Draw-activated, no buttons',
      'Child-resistant display box',
    ],
    blurb:
      'a draw-activated disposable with a mesh coil that keeps the flavour steady from the first puff to the last',
  },
  {
    name: 'Vape Hardware',
    group: 'Vape Hardware',
    colour: '#0e7490',
    shape: 'pod',
    brands: ['Voltcraft Labs', 'Ohmward', 'Coilsmith', 'Tankforge', 'Pulse Kinetic', 'Arcwell'],
    models: [
      'Pod Kit',
      'Box Mod',
      'Sub-Ohm Tank',
      'Pod System',
      'Starter Kit',
      'Mesh Coils',
      'Replacement Pods',
    ],
    kinds: ['X1', 'X2', 'V3', 'S', 'GT', 'Nano', 'Plus', 'Pro 2', 'Air', 'Core'],
    variantNames: COLOURS,
    variantsPer: [5, 10],
    priceRange: [9, 60],
    unit: (model) => ({ 'Mesh Coils': 'pack of 5', 'Replacement Pods': 'pack of 4' })[model] ?? 'each',
    notice:
      'Batteries must be charged with the supplied cable. Keep away from children. E-liquid sold separately.',
    specs: (rng) => [
      { title: 'Battery', details: `${pick(rng, [1000, 1500, 2000, 3000])} mAh built-in` },
      { title: 'Output', details: `${between(rng, 5, 40) * 2} W max` },
      { title: 'Capacity', details: `${pick(rng, ['2 ml', '3.5 ml', '5 ml'])} top-fill` },
      { title: 'Charging', details: 'USB-C, 2 A fast charge' },
      {
        title: 'Coil compatibility',
        details: pick(rng, ['0.4 Ω and 0.8 Ω mesh', '0.15 Ω sub-ohm', '1.2 Ω MTL']),
      },
    ],
    highlights: [
      'Adjustable airflow',
      'Leak-resistant top fill',
      'Short-circuit and over-charge protection',
      'Zinc-alloy body',
    ],
    blurb: 'reliable refillable hardware for customers moving on from disposables',
  },
  {
    name: 'Delta Products',
    group: 'Vape Hardware',
    colour: '#15803d',
    shape: 'jar',
    brands: ['Hempstead Farms', 'Delta Dawn', 'Canopy Cure', 'Terra Leaf', 'Sunhaven'],
    models: [
      'Delta-8 Gummies',
      'Delta-9 Gummies',
      'HHC Cartridge',
      'Delta-8 Disposable',
      'THC-A Live Resin',
      'Delta-8 Tincture',
    ],
    kinds: ['500 mg', '1000 mg', '1 g', '2 g', '3000 mg', '25 ct'],
    variantNames: STRAINS,
    variantsPer: [5, 10],
    priceRange: [12, 45],
    unit: 'each',
    notice:
      'Contains no more than 0.3% Delta-9 THC on a dry-weight basis (2018 Farm Bill). Check your state’s laws before resale. Adults 21+ only.',
    specs: (rng) => [
      {
        title: 'Cannabinoid',
        details: pick(rng, ['Delta-8 THC', 'Delta-9 THC (hemp-derived)', 'HHC', 'THC-A']),
      },
      { title: 'Potency', details: `${pick(rng, [25, 50, 100])} mg per serving` },
      { title: 'Lab tested', details: 'Third-party COA on every batch' },
      { title: 'Source', details: 'US-grown hemp' },
    ],
    highlights: [
      'Third-party lab tested, COA by QR code',
      'Hemp-derived, Farm Bill compliant',
      'Tamper-evident packaging',
    ],
    blurb: 'hemp-derived and third-party lab tested, packed for retail shelves',
  },
  {
    name: 'Kratom',
    group: null,
    colour: '#b45309',
    shape: 'pouch',
    brands: ['Golden Leaf Botanicals', 'Borneo Roots', 'Maeng Market', 'Tropic Harvest'],
    models: ['Capsules', 'Powder', 'Extract Shot', 'Tablets'],
    // Grades in the name, strains as the options: one price buys the same pack of any strain.
    kinds: [
      'Classic',
      'Premium',
      'Reserve',
      'Select',
      'Signature',
      'Gold Label',
      'Craft',
      'Heritage',
      'Ultra',
      'Small Batch',
    ],
    variantNames: KRATOM.slice(0, 7),
    variantsPer: [4, 7],
    priceRange: [8, 70],
    unit: (model) => KRATOM_PACKS[model] ?? 'each',
    notice:
      'Not for sale to persons under 21. Not for sale where prohibited by state or local law. Not evaluated by the FDA.',
    specs: (rng, model) => [
      { title: 'Origin', details: pick(rng, ['Indonesia', 'Borneo', 'Sumatra', 'Bali']) },
      { title: 'Form', details: kratomForm(rng, model) },
      { title: 'Testing', details: 'Tested for heavy metals, salmonella and E. coli' },
      { title: 'Compliance', details: 'AKA GMP qualified vendor' },
    ],
    highlights: [
      'Lab tested for purity',
      'Resealable, light-blocking pouch',
      'Consistent batch-to-batch colour and grind',
    ],
    blurb: 'a clean, consistent leaf sourced from long-standing growers and tested batch by batch',
  },
  {
    name: 'Rolling Papers',
    group: 'Smoke Shop',
    colour: '#be123c',
    shape: 'papers',
    brands: ['Driftwood Papers', 'Saltmarsh', 'Kestrel Rolls', 'Pinecone Co', 'Redline Rolling'],
    models: [
      'King Size Slim',
      '1 1/4 Papers',
      'Pre-Rolled Cones',
      'Hemp Wraps',
      'Rolling Tips',
      'Single Wide',
    ],
    kinds: ['Unbleached', 'Classic', 'Organic Hemp', 'Rice', 'Ultra Thin'],
    variantNames: PACKS,
    variantsPer: [3, 4],
    priceRange: [12, 55],
    unit: (_, specs) => `display box of ${specDetails(specs, 'Booklets per box')}`,
    notice: 'For use with legal tobacco and herbal blends only.',
    specs: (rng) => [
      { title: 'Material', details: pick(rng, ['Unbleached hemp', 'Rice paper', 'Wood pulp']) },
      { title: 'Leaves per booklet', details: String(pick(rng, [32, 33, 50])) },
      { title: 'Booklets per box', details: String(pick(rng, [24, 50])) },
      { title: 'Gum', details: 'Natural acacia gum' },
    ],
    highlights: ['Slow, even burn', 'Natural acacia gum strip', 'Counter display box'],
    blurb: 'thin, slow-burning papers in a counter-ready display box',
  },
  {
    name: 'Water Pipes',
    group: 'Smoke Shop',
    colour: '#1d4ed8',
    shape: 'beaker',
    brands: ['Clearwater Glass', 'Helix Glassworks', 'Borosil Co', 'Tidepool Glass'],
    models: ['Beaker Bong', 'Straight Tube', 'Recycler', 'Bubbler', 'Mini Rig'],
    kinds: ['8"', '10"', '12"', '14"', '18"'],
    variantNames: GLASS,
    variantsPer: [4, 7],
    priceRange: [14, 120],
    unit: 'each',
    notice: 'For use with legal tobacco products only. Fragile: inspect on delivery.',
    specs: (rng) => [
      { title: 'Glass', details: `${pick(rng, [4, 5, 7, 9])} mm borosilicate` },
      { title: 'Joint', details: pick(rng, ['14 mm female', '18 mm female']) },
      { title: 'Percolator', details: pick(rng, ['Tree perc', 'Showerhead', 'Honeycomb', 'None']) },
      { title: 'Included', details: 'Bowl and downstem' },
    ],
    highlights: [
      'Thick borosilicate glass',
      'Ice pinch',
      'Removable downstem',
      'Packed in foam for shipping',
    ],
    blurb: 'thick borosilicate glass that survives the counter and the customer',
  },
  {
    name: 'Smoke Shop Supplies',
    group: 'Smoke Shop',
    colour: '#4b5563',
    shape: 'grinder',
    brands: ['Granite Grind', 'Flintlock Supply', 'Ashbury'],
    models: [
      '4-Piece Grinder',
      'Torch Lighter',
      'Digital Pocket Scale',
      'Rolling Tray',
      'Stash Jar',
      'Ashtray',
    ],
    kinds: ['55 mm', '63 mm', 'Large', 'Medium', 'Small', 'Pro'],
    variantNames: COLOURS,
    variantsPer: [4, 8],
    priceRange: [4, 40],
    unit: (_, specs) => `display of ${specDetails(specs, 'Display').replace(/ units$/, '')}`,
    notice: 'Lighters: keep away from children. Do not ship butane by air.',
    specs: (rng) => [
      {
        title: 'Material',
        details: pick(rng, ['Aircraft-grade aluminium', 'Zinc alloy', 'Stainless steel', 'Tempered glass']),
      },
      { title: 'Finish', details: pick(rng, ['Anodised', 'Powder-coated', 'Polished']) },
      { title: 'Display', details: `${pick(rng, [6, 12, 24])} units` },
    ],
    highlights: ['Retail-ready packaging', 'Sturdy, low return rate', 'Mix colours in one order'],
    blurb: 'everyday counter sellers with a healthy margin',
  },
  {
    name: 'Dispensary Supply',
    group: 'Smoke Shop',
    colour: '#0f766e',
    shape: 'bottle',
    brands: ['Packwell', 'Sealtight Supply', 'Vialcraft'],
    models: ['Pop-Top Bottles', 'Mylar Bags', 'Pre-Roll Tubes', 'Glass Jars', 'Exit Bags'],
    kinds: ['Child-Resistant', 'Opaque', 'Smell-Proof', 'Clear', 'Custom-Ready'],
    variantNames: SIZES,
    variantsPer: [3, 4],
    priceRange: [10, 90],
    unit: (model) => DISPENSARY_PACKS[model] ?? 'case of 100',
    notice: 'Child-resistant certification applies only when closed as directed.',
    specs: (rng) => [
      { title: 'Certification', details: 'ASTM D3475 child-resistant' },
      {
        title: 'Material',
        details: pick(rng, ['BPA-free polypropylene', 'Food-grade mylar', 'Glass with CR lid']),
      },
      { title: 'Size', details: pick(rng, ['13 dram', '30 dram', '3.5 g', '7 g', '98 mm']) },
    ],
    highlights: ['Child-resistant certified', 'Smell-proof seal', 'Bulk case pricing'],
    blurb: 'compliant packaging that keeps product fresh and customers safe',
  },
  {
    name: 'Nectar Collectors',
    group: 'Smoke Shop',
    colour: '#c2410c',
    shape: 'collector',
    brands: ['Honeycomb Glass', 'Dabworth'],
    models: ['Nectar Collector Kit', 'Electric Nectar Collector', 'Quartz Tip Set', 'Titanium Tip Set'],
    kinds: ['10 mm', '14 mm', 'Mini', 'Pro'],
    variantNames: GLASS,
    variantsPer: [4, 7],
    priceRange: [12, 80],
    unit: 'each',
    notice: 'For use with legal concentrates only. Tips get hot: use the included stand.',
    specs: (rng) => [
      { title: 'Tip', details: pick(rng, ['Quartz', 'Titanium', 'Ceramic']) },
      { title: 'Joint', details: pick(rng, ['10 mm male', '14 mm male']) },
      { title: 'Included', details: 'Dish, clip and tip' },
    ],
    highlights: ['Heats in seconds', 'Includes stand and clip', 'Gift-boxed'],
    blurb: 'a compact collector that sells itself in a gift box',
  },
];

export interface DemoCategory {
  slug: string;
  name: string;
  group: CategoryGroup | null;
  position: number;
  colour: string;
  shape: ProductShape;
}
export interface DemoBrand {
  key: string;
  categorySlug: string;
  slug: string;
  name: string;
  position: number;
  colour: string;
}
export interface DemoVariant {
  name: string;
  sku: string;
  stock: number;
  position: number;
}
export interface DemoProduct {
  brandKey: string;
  categorySlug: string;
  slug: string;
  name: string;
  description: string;
  productCode: string;
  sku: string;
  rating: number;
  priceCents: number;
  discountPriceCents: number | null;
  discountPercentage: number | null;
  /** What one price buys: "box of 10", "each". */
  sellingUnit: string;
  delivery: string;
  highlights: string[];
  importantNotice: string;
  seller: string;
  specifications: { title: string; details: string }[];
  isNew: boolean;
  isHot: boolean;
  createdAt: Date;
  variants: DemoVariant[];
}
export interface DemoCatalogue {
  categories: DemoCategory[];
  brands: DemoBrand[];
  products: DemoProduct[];
}

const PRODUCTS_PER_BRAND: Record<CatalogueSize, [number, number]> = {
  small: [2, 4],
  demo: [8, 13],
  large: [360, 400],
};

export function generateCatalogue(
  size: CatalogueSize = 'demo',
  seed = 2026,
  sellerName = 'Smokestack Wholesale',
): DemoCatalogue {
  const rng = mulberry32(seed);
  const categories: DemoCategory[] = [];
  const brands: DemoBrand[] = [];
  const products: DemoProduct[] = [];
  const epoch = Date.UTC(2026, 10, 1);
  let serial = 1000;

  CATEGORIES.forEach((c, ci) => {
    const categorySlug = slugify(c.name);
    categories.push({
      slug: categorySlug,
      name: c.name,
      group: c.group,
      position: ci,
      colour: c.colour,
      shape: c.shape,
    });
    c.brands.forEach((brandName, bi) => {
      const brandSlug = slugify(brandName);
      const brandKey = `${categorySlug}/${brandSlug}`;
      brands.push({
        key: brandKey,
        categorySlug,
        slug: brandSlug,
        name: brandName,
        position: bi,
        colour: c.colour,
      });
      const [lo, hi] = PRODUCTS_PER_BRAND[size];
      const count = between(rng, lo, hi);
      const usedSlugs = new Set<string>();
      for (let pi = 0; pi < count; pi++) {
        const model = c.models[pi % c.models.length]!;
        const kind = c.kinds[Math.floor(pi / c.models.length) % c.kinds.length]!;
        const series = Math.floor(pi / (c.models.length * c.kinds.length));
        let name = `${brandName} ${model} ${kind}`;
        if (series > 0) name += ` Series ${series + 1}`;
        let slug = slugify(name);
        while (usedSlugs.has(slug)) slug = `${slug}-${pi}`;
        usedSlugs.add(slug);
        serial++;
        const price = between(rng, c.priceRange[0] * 100, c.priceRange[1] * 100);
        const priceCents = Math.round(price / 25) * 25 - 1; // ends in .24/.49/.74/.99
        const discounted = rng() < 0.32;
        const pct = discounted ? pick(rng, [5, 10, 12, 15, 20, 25, 30]) : null;
        const discountPriceCents = pct ? Math.round((priceCents * (100 - pct)) / 100) : null;
        const soldOut = rng() < 0.08;
        const nVariants = between(rng, c.variantsPer[0], c.variantsPer[1]);
        const variantNames = sample(rng, c.variantNames, nVariants);
        const variants = variantNames.map((vn, vi) => ({
          name: vn,
          sku: `SS-${serial}-${String(vi + 1).padStart(2, '0')}`,
          stock: soldOut || rng() < 0.1 ? 0 : between(rng, 1, 240),
          position: vi,
        }));
        const isNew = rng() < (c.name === 'Kratom' || c.name === 'Rolling Papers' ? 0.45 : 0.22);
        const daysOld = isNew ? between(rng, 0, 20) : between(rng, 30, 400);
        const flavourLine = variantNames.slice(0, 3).join(', ');
        // Drawn in the order the fields below were always drawn in, so the catalogue stays the same.
        const rating = Math.round((4 + rng()) * 10) / 10;
        const highlights = sample(rng, c.highlights, 4);
        const specifications = c.specs(rng, `${model} ${kind}`);
        const sellingUnit = typeof c.unit === 'string' ? c.unit : c.unit(model, specifications);
        products.push({
          brandKey,
          categorySlug,
          slug,
          name,
          description:
            `${name} is ${c.blurb}. ${sellingUnit === 'each' ? 'Sold individually' : `Sold by the ${sellingUnit}`} at wholesale pricing for licensed retailers. ` +
            `Available in ${nVariants} option${nVariants === 1 ? '' : 's'}, including ${flavourLine}. ` +
            `Mix options freely in one order; stock shown is what ships today from our warehouse.`,
          productCode: `P${serial}`,
          sku: `SS-${serial}`,
          rating,
          priceCents,
          discountPriceCents,
          discountPercentage: pct,
          sellingUnit,
          delivery:
            'Ships in 1–2 business days. Flat $20.00 delivery on every order, or free pickup in store.',
          highlights,
          importantNotice: c.notice,
          seller: sellerName,
          specifications,
          isNew,
          isHot: rng() < 0.15,
          createdAt: new Date(epoch - daysOld * 86_400_000 - between(rng, 0, 86_399) * 1000),
          variants,
        });
      }
    });
  });
  return { categories, brands, products };
}

export const categoryTemplates = CATEGORIES;

export interface DemoBanner {
  slot: 'main' | 'second' | 'vertical' | 'promo' | 'brand_tile';
  headline: string;
  sub: string;
  href: string;
  categorySlug: string;
}

/** Home banners for every slot: 8 main, 22 second carousel, 4 promo, 4 vertical and 5 brand tiles. */
export function generateBanners(catalogue: DemoCatalogue, seed = 7): DemoBanner[] {
  const rng = mulberry32(seed);
  const banners: DemoBanner[] = [];
  const mainLines = [
    ['New season disposables', 'Top flavours restocked — order by the box'],
    ['Wholesale glass', 'Beakers, recyclers and bubblers from $14'],
    ['Kratom, lab tested', 'Capsules, powders and shots in every strain'],
    ['Rolling papers by the case', 'Cones, wraps and tips for the counter'],
    ['Hardware that lasts', 'Pod kits, mods and coils in stock now'],
    ['Delta products', 'Farm Bill compliant, COA on every batch'],
    ['Dispensary packaging', 'Child-resistant bottles and bags in bulk'],
    ['Flat $20 delivery', 'On every order — or pick up free in store'],
  ];
  const mainCats = [
    'disposable-vapes',
    'water-pipes',
    'kratom',
    'rolling-papers',
    'vape-hardware',
    'delta-products',
    'dispensary-supply',
    'ALL',
  ];
  mainLines.forEach(([headline, sub], i) => {
    const slug = mainCats[i]!;
    banners.push({
      slot: 'main',
      headline: headline!,
      sub: sub!,
      href: `/categories?categoryId=${encodeURIComponent(slug)}`,
      categorySlug: slug === 'ALL' ? 'disposable-vapes' : slug,
    });
  });
  for (let i = 0; i < 22; i++) {
    const brand = catalogue.brands[(i * 7) % catalogue.brands.length]!;
    const pct = pick(rng, [10, 15, 20, 25]);
    banners.push({
      slot: 'second',
      headline: `${brand.name}`,
      sub: `Up to ${pct}% off selected lines`,
      href: `/categories?categoryId=${brand.categorySlug}&brandId=${brand.slug}`,
      categorySlug: brand.categorySlug,
    });
  }
  const promos = [
    ['Buy by the box', 'Better margins on 10-packs', 'disposable-vapes'],
    ['Counter sellers', 'Grinders, lighters and trays', 'smoke-shop-supplies'],
    ['Nectar collectors', 'Gift-boxed and ready to sell', 'nectar-collectors'],
    ['Just landed', 'New kratom strains this week', 'kratom'],
  ];
  for (const [headline, sub, slug] of promos) {
    banners.push({
      slot: 'promo',
      headline: headline!,
      sub: sub!,
      href: `/categories?categoryId=${slug}`,
      categorySlug: slug!,
    });
  }
  const verticals = [
    ['Vape Hardware', 'All vape lines', 'Vape Hardware', 'vape-hardware'],
    ['Smoke Shop', 'Glass, papers and supplies', 'Smoke Shop', 'water-pipes'],
    ['Hot right now', 'What shops reorder most', 'ALL', 'disposable-vapes'],
    ['Kratom', 'Every strain, tested', 'kratom', 'kratom'],
  ];
  for (const [headline, sub, target, colourSlug] of verticals) {
    banners.push({
      slot: 'vertical',
      headline: headline!,
      sub: sub!,
      href: `/categories?categoryId=${encodeURIComponent(target!)}`,
      categorySlug: colourSlug!,
    });
  }
  const tileBrands = sample(rng, catalogue.brands, 5);
  for (const b of tileBrands) {
    banners.push({
      slot: 'brand_tile',
      headline: b.name,
      sub: 'Shop the brand',
      href: `/categories?categoryId=${b.categorySlug}&brandId=${b.slug}`,
      categorySlug: b.categorySlug,
    });
  }
  return banners;
}
