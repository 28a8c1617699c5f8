import { type Example, named } from './audit-entries.fixture.ts';

/** The catalogue's, price groups' and compliance records' entries (see audit-entries.fixture.ts). */

const gold = named('Gold');
const rule = {
  name: 'No flavoured vapes in Massachusetts',
  states: ['MA'],
  condition: { kinds: ['vape'], flavoured: true },
  effect: 'block',
  effectiveFrom: '2026-01-01',
  effectiveUntil: null,
  source: 'https://www.mass.gov/flavor-ban',
};
const rate = {
  state: 'TX',
  name: 'Texas e-cigarette tax',
  kinds: ['vape'],
  basis: 'percent_wholesale',
  rateMilli: 8000,
  effectiveFrom: '2026-01-01',
  effectiveUntil: null,
  collects: true,
  source: 'Tax Code §161.',
};
const option = {
  name: 'Mango Ice',
  sku: 'SS-1003-10',
  stock: 40,
  position: 0,
  minQuantity: 1,
  orderIncrement: 1,
  maxQuantity: null,
};

export const RECORDS: Example[] = [
  [
    {
      action: 'product.created',
      entity: 'product',
      entityId: '5',
      record: named('Nimbus Bar Ultra', { productId: 5 }),
      after: { name: 'Nimbus Bar Ultra', slug: 'nimbus-bar-ultra', priceCents: 1000, variants: [option] },
    },
    'Added product “Nimbus Bar Ultra”',
  ],
  [
    {
      action: 'product.updated',
      entity: 'product',
      entityId: '5',
      record: named('Nimbus Bar Ultra', { productId: 5 }),
      before: { id: 5, name: 'Nimbus Bar Ultra', priceCents: 1000, hidden: false, images: ['a.webp'] },
      after: { name: 'Nimbus Bar Ultra', priceCents: 1200, hidden: false, images: ['a.webp'] },
    },
    'Changed the price of product “Nimbus Bar Ultra” from $10.00 to $12.00',
  ],
  [
    {
      action: 'product.deleted',
      entity: 'product',
      entityId: '5',
      before: { id: 5, name: 'Nimbus Bar Ultra', priceCents: 1200 },
    },
    'Deleted product “Nimbus Bar Ultra”',
  ],
  [
    {
      action: 'variant.created',
      entity: 'variant',
      entityId: '11',
      record: named('Nimbus Bar Ultra — Mango Ice (SS-1003-10)', { productId: 5 }),
      after: { ...option, productId: 5 },
    },
    'Added option “Nimbus Bar Ultra — Mango Ice (SS-1003-10)”',
  ],
  [
    {
      action: 'variant.updated',
      entity: 'variant',
      entityId: '11',
      record: named('Nimbus Bar Ultra — Mango Ice (SS-1003-10)', { productId: 5 }),
      before: { id: 11, productId: 5, ...option, image: 'mango.webp' },
      after: { ...option, stock: 120, productId: 5 },
    },
    'Changed the stock of option “Nimbus Bar Ultra — Mango Ice (SS-1003-10)” from 40 to 120',
  ],
  [
    {
      action: 'variant.deleted',
      entity: 'variant',
      entityId: '11',
      before: { id: 11, productId: 5, ...option },
    },
    'Deleted option “Mango Ice”',
  ],
  [
    {
      action: 'category.created',
      entity: 'category',
      entityId: '2',
      record: named('Disposables'),
      after: { name: 'Disposables', slug: 'disposables' },
    },
    'Added category “Disposables”',
  ],
  [
    {
      action: 'category.updated',
      entity: 'category',
      entityId: '2',
      record: named('Disposable Vapes'),
      before: { id: 2, name: 'Disposables', slug: 'disposables' },
      after: { name: 'Disposable Vapes', slug: 'disposables' },
    },
    'Changed the name of category “Disposable Vapes” from Disposables to Disposable Vapes',
  ],
  [
    { action: 'category.deleted', entity: 'category', entityId: '2', before: { id: 2, name: 'Disposables' } },
    'Deleted category “Disposables”',
  ],
  [
    {
      action: 'brand.created',
      entity: 'brand',
      entityId: '3',
      record: named('Cloudtide'),
      after: { name: 'Cloudtide', slug: 'cloudtide', categoryId: 2 },
    },
    'Added brand “Cloudtide”',
  ],
  [
    {
      action: 'brand.updated',
      entity: 'brand',
      entityId: '3',
      record: named('Cloudtide'),
      before: { id: 3, name: 'Cloudtide', slug: 'cloudtide', categoryId: 2 },
      after: { name: 'Cloudtide', slug: 'cloudtide', categoryId: 4 },
    },
    'Changed the category ID of brand “Cloudtide” from 2 to 4',
  ],
  [
    { action: 'brand.deleted', entity: 'brand', entityId: '3', before: { id: 3, name: 'Cloudtide' } },
    'Deleted brand “Cloudtide”',
  ],
  [
    {
      action: 'banner.created',
      entity: 'banner',
      entityId: '4',
      after: { slot: 'main', title: 'Summer Sale', href: '/sale', image: 'summer.webp' },
    },
    'Added banner “Summer Sale”',
  ],
  [
    {
      action: 'banner.updated',
      entity: 'banner',
      entityId: '4',
      record: named('Summer Sale'),
      before: { id: 4, slot: 'main', title: 'Summer Sale', href: '/sale', position: 0 },
      after: { slot: 'main', title: 'Summer Sale', href: '/summer' },
    },
    'Changed the link of banner “Summer Sale” from /sale to /summer',
  ],
  [
    { action: 'banner.deleted', entity: 'banner', entityId: '4', before: { id: 4, title: 'Summer Sale' } },
    'Deleted banner “Summer Sale”',
  ],
  [
    {
      action: 'pricing.group_added',
      entity: 'customer_group',
      entityId: '3',
      record: gold,
      after: { name: 'Gold', description: '' },
    },
    'Added price group “Gold”',
  ],
  [
    {
      action: 'pricing.group_changed',
      entity: 'customer_group',
      entityId: '3',
      record: gold,
      before: { id: 3, name: 'Gold', description: '', version: 1 },
      after: { name: 'Gold', description: 'Our best buyers' },
    },
    'Changed the description of price group “Gold” from (empty) to Our best buyers',
  ],
  [
    {
      action: 'pricing.group_deleted',
      entity: 'customer_group',
      entityId: '3',
      before: { id: 3, name: 'Gold', description: '' },
    },
    'Deleted price group “Gold”',
  ],
  [
    {
      action: 'pricing.entry_saved',
      entity: 'customer_group',
      entityId: '3',
      record: gold,
      after: {
        scope: 'variant',
        target: 'SS-1003-10',
        priceCents: 1200,
        tiers: [
          { minQuantity: 10, priceCents: 1100 },
          { minQuantity: 50, priceCents: 1000 },
        ],
      },
    },
    'Set the price of option SS-1003-10 in price group “Gold” to $12.00 (10+ at $11.00, 50+ at $10.00)',
  ],
  [
    {
      action: 'pricing.entry_deleted',
      entity: 'customer_group',
      entityId: '3',
      record: gold,
      before: {
        id: 9,
        groupId: 3,
        scope: 'variant',
        targetId: 11,
        priceCents: 1200,
        basisPoints: null,
        tiers: [],
      },
    },
    'Removed the $12.00 price of option #11 from price group “Gold”',
  ],
  [
    {
      action: 'pricing.list_imported',
      entity: 'customer_group',
      entityId: '3',
      record: gold,
      after: { rows: 40, replace: true, added: 3, changed: 5, unchanged: 30, removed: 2 },
    },
    'Imported the price list of price group “Gold” (40 rows), replacing the whole list',
    ['added: 3', 'changed: 5', 'unchanged: 30', 'removed: 2'],
  ],
  [
    {
      action: 'compliance.rule_added',
      entity: 'compliance_rule',
      entityId: '1',
      record: named(rule.name),
      after: rule,
    },
    'Added compliance rule “No flavoured vapes in Massachusetts”',
  ],
  [
    {
      action: 'compliance.rule_changed',
      entity: 'compliance_rule',
      entityId: '1',
      record: named(rule.name),
      before: { id: 1, ...rule, retired: false, updatedAt: '2026-01-02T00:00:00.000Z' },
      after: { ...rule, states: ['MA', 'RI'] },
    },
    'Changed the states of compliance rule “No flavoured vapes in Massachusetts” from MA to MA, RI',
  ],
  [
    { action: 'compliance.rule_retired', entity: 'compliance_rule', entityId: '1', record: named(rule.name) },
    'Retired compliance rule “No flavoured vapes in Massachusetts”',
  ],
  [
    {
      action: 'compliance.rate_added',
      entity: 'excise_rate',
      entityId: '2',
      record: named(rate.name),
      after: rate,
    },
    'Added excise rate “Texas e-cigarette tax”',
  ],
  [
    {
      action: 'compliance.rate_changed',
      entity: 'excise_rate',
      entityId: '2',
      record: named(rate.name),
      before: { id: 2, ...rate, retired: false },
      after: { ...rate, rateMilli: 9000, effectiveUntil: '2026-12-31' },
    },
    'Changed excise rate “Texas e-cigarette tax”',
    ['rate (in thousandths): 8000 → 9000', 'effective until: — → Dec 31, 2026'],
  ],
  [
    {
      action: 'compliance.listing_set',
      entity: 'directory_listing',
      entityId: '5:TX',
      after: { productId: 5, state: 'TX', listed: true, listingId: 'TX-PD-0042', listedOn: '2026-02-01' },
    },
    'Listed product #5 in the Texas directory',
    ['listing ID: TX-PD-0042', 'listed on: Feb 1, 2026'],
  ],
  [
    {
      action: 'compliance.listings_imported',
      entity: 'directory_listing',
      entityId: 'csv',
      after: { products: 12, productIds: [5, 6, 7] },
    },
    'Imported directory listings for 12 products',
  ],
];
