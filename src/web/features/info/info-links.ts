/**
 * The footer's information pages, by address and title: all the storefront's first load needs of
 * them (their text, info-pages.ts, loads with the page).
 */
export const INFO_TOPICS = [
  { slug: 'about-us', title: 'About Us' },
  { slug: 'state-tax-rates', title: 'State Tax Rates' },
  { slug: 'age-policy', title: 'Age Policy' },
  { slug: 'shipping-and-returns', title: 'Shipping & Returns' },
  { slug: 'distributor-authorization', title: 'Distributor Authorization' },
  { slug: 'faq', title: 'FAQ' },
  { slug: 'licenses', title: 'Licenses' },
] as const;

export type InfoSlug = (typeof INFO_TOPICS)[number]['slug'];

export const INFO_LINKS = INFO_TOPICS.map((t) => ({ title: t.title, href: `/info/${t.slug}` }));
