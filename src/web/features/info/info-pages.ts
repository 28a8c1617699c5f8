import { INFO_TOPICS, type InfoSlug } from './info-links.ts';

/** The footer's information pages' text, real text instead of placeholders (titles: info-links.ts). */
export interface InfoPage {
  slug: InfoSlug;
  sections: { heading?: string; body: string[] }[];
}

export const INFO_PAGES: InfoPage[] = [
  {
    slug: 'about-us',
    sections: [
      {
        body: [
          '{store} is a wholesale distributor for smoke shops, vape shops, convenience stores and dispensaries across the United States. We sell only to businesses, by the box and by the case.',
          'We stock disposable vapes, vape hardware, hemp-derived delta products, kratom, rolling papers, water pipes, smoke shop supplies, dispensary packaging and nectar collectors — every line sourced directly from the manufacturer or its authorised distributor.',
        ],
      },
      {
        heading: 'How ordering works',
        body: [
          'Create a business account, add your shipping address and upload your Sales ID (resale certificate) and tobacco license. Once our team verifies them, you can order without limits.',
          'Place your order online for pickup or flat-rate delivery. We do not charge cards online: our sales team contacts you after each order to confirm stock and arrange payment.',
        ],
      },
    ],
  },
  {
    slug: 'state-tax-rates',
    sections: [
      {
        body: [
          'Many states levy excise taxes on vapor products, other tobacco products (OTP) and, in some cases, hemp-derived cannabinoids. These taxes are set by each state and some cities and counties, and they change often.',
          'Prices on this site are wholesale prices before any state excise tax. Where we collect excise tax for your ship-to state, your cart, checkout and invoice show it on each line and in the total; the table below lists the rates we apply, from the same table our checkout uses.',
        ],
      },
      {
        heading: 'Resale exemption',
        body: [
          'Sales tax is not charged on purchases for resale when a valid Sales ID (resale certificate) for your state is on file and verified. Upload it from My Profile.',
          'You are responsible for collecting and remitting the taxes that apply to your retail sales. If you are unsure which rates apply to you, ask your state’s department of revenue or your accountant.',
        ],
      },
    ],
  },
  {
    slug: 'age-policy',
    sections: [
      {
        body: [
          'Federal law (Tobacco 21) prohibits the sale of tobacco and nicotine products, including electronic nicotine delivery systems, to anyone under 21. This site is for adults 21 and over only, and every visitor must confirm their age before entering.',
          'We sell to licensed businesses only. Accounts are verified against the business’s Sales ID and tobacco license, and we refuse or cancel orders we believe are not for lawful resale.',
        ],
      },
      {
        heading: 'Your responsibilities as a retailer',
        body: [
          'Check a government-issued photo ID for every customer who appears to be under 30, and never sell to anyone under 21. Follow your state’s rules on product display, flavour restrictions and hemp-derived products.',
        ],
      },
    ],
  },
  {
    slug: 'shipping-and-returns',
    sections: [
      {
        heading: 'Delivery',
        body: [
          'Delivery is a flat $20.00 on every order, whatever its size. Orders placed before 2 pm Central on a business day usually leave our warehouse the same day and arrive within 1–2 business days in our delivery area.',
          'Pickup in store is free: choose it at checkout and we will tell you when your order is ready.',
          'Vapor products are shipped in line with the PACT Act, with age verification and adult signature on delivery where the law requires it.',
        ],
      },
      {
        heading: 'Returns',
        body: [
          'Inspect your delivery on arrival. Report damaged, missing or wrong items within 7 days with your order number and photos, and we will replace or credit them.',
          'Defective hardware is covered by the manufacturer’s warranty; we handle the claim for you. Opened consumables (e-liquids, disposables, kratom, delta products) cannot be returned unless they are defective.',
        ],
      },
    ],
  },
  {
    slug: 'distributor-authorization',
    sections: [
      {
        body: [
          '{store} buys from manufacturers and their authorised distributors only. Every product we sell is 100% original: we do not buy from the grey market, and we keep the paperwork that shows where each lot came from.',
          'Need a manufacturer’s authorisation letter or a certificate of analysis (COA) for a product you carry? Contact our sales team with the product code and we will send it.',
        ],
      },
    ],
  },
  {
    slug: 'faq',
    sections: [
      {
        heading: 'Who can buy here?',
        body: [
          'Licensed businesses in the United States. You must be 21 or older and provide your business details when you register.',
        ],
      },
      {
        heading: 'Why should I upload my Sales ID and tobacco license?',
        body: [
          'Verified documents enable unlimited product ordering. Without them, some features may be restricted, such as how much you can order at once.',
        ],
      },
      {
        heading: 'How do I pay?',
        body: [
          'We do not take payment online. After you place an order, our team contacts you to confirm it and arrange payment (PayPal, Visa, Mastercard or Discover).',
        ],
      },
      { heading: 'How much is delivery?', body: ['A flat $20.00 on every order. Pickup in store is free.'] },
      {
        heading: 'Is there a minimum order?',
        body: ['No. Products are sold by the unit, box or case shown on each product page.'],
      },
    ],
  },
  {
    slug: 'licenses',
    sections: [
      {
        body: [
          '{store} operates as a licensed tobacco and vapor products distributor. Our state license numbers are printed on every invoice, and copies are available to customers and inspectors on request.',
          'We are registered under the federal PACT Act for delivery sales of vapor products and keep the reports it requires.',
        ],
      },
    ],
  },
];

/** A page's title, as the footer links to it. */
export const infoTitle = (slug: InfoSlug) => INFO_TOPICS.find((t) => t.slug === slug)!.title;
