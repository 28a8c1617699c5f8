import type { Quote, QuoteLine, QuoteSummary } from '#shared/orders/quotes.schemas.ts';

/** A quoted line: 4 boxes of Mango Ice at a negotiated $12.00 (usual $15.00), unless told. */
export function makeQuoteLine(sku: string, overrides: Partial<QuoteLine> = {}): QuoteLine {
  const quantity = overrides.quantity ?? 4;
  const unitPriceCents = overrides.unitPriceCents ?? 1200;
  return {
    sku,
    productName: 'Nimbus Bar Ultra',
    variantName: `Option ${sku}`,
    sellingUnit: 'box of 10',
    imageUrl: '/media/x.webp',
    quantity,
    unitPriceCents,
    listUnitPriceCents: 1500,
    negotiated: true,
    lineTotalCents: quantity * (unitPriceCents ?? 0),
    exciseCents: 0,
    ...overrides,
  };
}

/**
 * Quote Q-7, sent to Chain Store 12 for delivery ($20.00), valid until Dec 10, 2026, with `lines`
 * (two, unless told), every line available now at the quote's excise, answerable by this member.
 */
export function makeQuote(overrides: Partial<Quote> = {}, lines?: QuoteLine[]): Quote {
  const quoted = lines ?? [
    makeQuoteLine('SS-1003-10', { variantName: 'Mango Ice' }),
    makeQuoteLine('SS-2001-1', {
      productName: 'Haze Pod',
      variantName: 'Peach',
      quantity: 2,
      unitPriceCents: 900,
      listUnitPriceCents: 900,
      negotiated: false,
      lineTotalCents: 1800,
      exciseCents: 100,
    }),
  ];
  const subtotalCents = quoted.reduce((n, l) => n + l.lineTotalCents, 0);
  const exciseCents = quoted.reduce((n, l) => n + l.exciseCents, 0);
  const shippingCents = overrides.shippingCents ?? 2000;
  return {
    number: 'Q-7',
    status: 'sent',
    version: 3,
    businessName: 'Chain Store 12',
    location: {
      name: 'Main St shop',
      address: '12 Elm St',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
    },
    shippingType: 'Shiptoaddress',
    shippingCents,
    note: 'Prices held for the holiday order.',
    requestNote: '',
    requestedBy: null,
    staffName: 'Sam Staff',
    createdAt: '2026-11-26T10:00:00.000Z',
    sentAt: '2026-11-26T10:00:00.000Z',
    expiresOn: '2026-12-10',
    decidedAt: null,
    closedReason: '',
    orderNumber: null,
    lines: quoted,
    subtotalCents,
    exciseCents,
    totalCents: subtotalCents + exciseCents + shippingCents,
    canAnswer: true,
    now: {
      lines: quoted.map((l) => ({
        sku: l.sku,
        available: true,
        problem: null,
        stock: 100,
        exciseCents: l.exciseCents,
      })),
      subtotalCents,
      exciseCents,
      shippingCents,
      totalCents: subtotalCents + exciseCents + shippingCents,
    },
    ...overrides,
  };
}

/** A row of the quotes list: Q-7, sent, two lines, $86.00. */
export function makeQuoteSummary(overrides: Partial<QuoteSummary> = {}): QuoteSummary {
  return {
    number: 'Q-7',
    status: 'sent',
    companyId: 'company-1',
    businessName: 'Chain Store 12',
    lineCount: 2,
    totalCents: 8600,
    expiresOn: '2026-12-10',
    staffName: 'Sam Staff',
    requestedBy: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    orderNumber: null,
    ...overrides,
  };
}
