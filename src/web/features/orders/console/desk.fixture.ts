import type { DeskDraft, DeskLine, DeskOption } from '#shared/orders/desk.schemas.ts';
import type { QuoteSummary, StaffQuote } from '#shared/orders/quotes.schemas.ts';
import { makeLine } from '#tests/web-kit.tsx';

/** The order desk's answers for page tests: Corner Shop LLC, in the Chains group, two locations. */
export const COMPANY_ID = '3f1c2b4a-6d7e-4f80-9a1b-2c3d4e5f6a7b';
export const ATLANTA = '0b9e4c1d-2a3f-4b5c-8d6e-7f8091a2b3c4';
export const SAVANNAH = '5d6e7f80-91a2-4b3c-9d4e-5f60718293a4';
export const DESK = `admin/desk/${COMPANY_ID}`;

/** A line of the draft: one by one, in stock, at one price, unless told. */
export function makeDeskLine(sku: string, overrides: Partial<DeskLine> = {}): DeskLine {
  return { ...makeLine(sku), tiers: [], problem: null, negotiated: null, minPriceCents: null, ...overrides };
}

/** A draft of these lines for delivery to Atlanta at the store's $20.00, its totals added up as the server does. */
export function makeDeskDraft(lines: DeskLine[], overrides: Partial<DeskDraft> = {}): DeskDraft {
  const subtotalCents = lines.reduce((n, l) => n + l.lineTotalCents, 0);
  const exciseCents = lines.reduce((n, l) => n + l.exciseCents, 0);
  const shippingCents = overrides.shippingType === 'Pickup' ? 0 : (overrides.feeCents ?? 2000);
  const location = (id: string, name: string, city: string, isDefault: boolean) => ({
    id,
    name,
    address: `1 ${name} St`,
    city,
    state: 'GA',
    postalCode: '30301',
    isDefault,
  });
  return {
    company: {
      id: COMPANY_ID,
      businessName: 'Corner Shop LLC',
      groupName: 'Chains',
      disabled: false,
      verified: true,
    },
    locations: [
      location(ATLANTA, 'Atlanta shop', 'Atlanta', true),
      location(SAVANNAH, 'Bay', 'Savannah', false),
    ],
    version: 3,
    locationId: ATLANTA,
    shippingType: 'Shiptoaddress',
    standardFeeCents: 2000,
    feeCents: null,
    feeReason: '',
    buyerNote: '',
    internalNote: '',
    shipTo: { state: 'GA', stateName: 'Georgia', shipping: 'Shiptoaddress' },
    lines,
    subtotalCents,
    shippingCents,
    exciseCents,
    totalCents: subtotalCents + shippingCents + exciseCents,
    problems: [],
    quoteProblems: [],
    quote: null,
    defaultExpiresOn: '2026-12-09',
    updatedAt: '2026-11-25T15:30:00.000Z',
    ...overrides,
  };
}

/** A search hit: in stock, one by one, allowed, not yet in the draft, unless told. */
export function makeDeskOption(sku: string, overrides: Partial<DeskOption> = {}): DeskOption {
  return {
    sku,
    productName: 'Cloudtide Max',
    variantName: `Option ${sku}`,
    sellingUnit: 'box of 10',
    imageUrl: '/media/x.webp',
    stock: 40,
    unitPriceCents: 1524,
    priceSource: 'group',
    tiers: [],
    quantityRule: { minQuantity: 1, increment: 1, maxQuantity: null },
    blocks: [],
    inDraft: 0,
    ...overrides,
  };
}

/** A quote in the console's list: sent by Sam Staff to Corner Shop LLC, unless told. */
export function makeQuoteSummary(number: string, overrides: Partial<QuoteSummary> = {}): QuoteSummary {
  return {
    number,
    status: 'sent',
    companyId: COMPANY_ID,
    businessName: 'Corner Shop LLC',
    lineCount: 2,
    totalCents: 17770,
    expiresOn: '2026-12-09',
    staffName: 'Sam Staff',
    requestedBy: null,
    createdAt: '2026-11-25T15:00:00.000Z',
    updatedAt: '2026-11-25T15:30:00.000Z',
    orderNumber: null,
    ...overrides,
  };
}

/**
 * A quote as staff read it: sent to Corner Shop LLC for delivery to Atlanta, one line at a
 * negotiated $3.50 (the company's $4.00) and one at the company's price, totals added up.
 */
export function makeStaffQuote(overrides: Partial<StaffQuote> = {}): StaffQuote {
  const line = (sku: string, variantName: string, over: Partial<StaffQuote['lines'][number]>) => ({
    sku,
    productName: 'Nimbus Bar',
    variantName,
    sellingUnit: 'box of 10',
    imageUrl: '/media/x.webp',
    quantity: 20,
    unitPriceCents: 400,
    listUnitPriceCents: 400,
    negotiated: false,
    lineTotalCents: 8000,
    exciseCents: 0,
    priceReason: '',
    ...over,
  });
  const lines = [
    line('SS-1-MANGO', 'Mango Ice', {
      unitPriceCents: 350,
      negotiated: true,
      lineTotalCents: 7000,
      exciseCents: 150,
      priceReason: 'Matches the chain price',
    }),
    line('SS-2-MINT', 'Mint Ice', { quantity: 10, lineTotalCents: 4000 }),
  ];
  const subtotalCents = lines.reduce((n, l) => n + l.lineTotalCents, 0);
  const exciseCents = lines.reduce((n, l) => n + l.exciseCents, 0);
  return {
    number: 'Q-1001',
    status: 'sent',
    version: 1,
    businessName: 'Corner Shop LLC',
    location: {
      name: 'Atlanta shop',
      address: '1 Atlanta shop St',
      city: 'Atlanta',
      state: 'GA',
      postalCode: '30301',
    },
    shippingType: 'Shiptoaddress',
    shippingCents: 2000,
    note: '',
    requestNote: '',
    requestedBy: null,
    staffName: 'Sam Staff',
    createdAt: '2026-11-25T15:00:00.000Z',
    sentAt: '2026-11-25T15:30:00.000Z',
    expiresOn: '2026-12-09',
    decidedAt: null,
    closedReason: '',
    orderNumber: null,
    lines,
    subtotalCents,
    exciseCents,
    totalCents: subtotalCents + 2000 + exciseCents,
    canAnswer: false,
    now: null,
    companyId: COMPANY_ID,
    internalNote: '',
    feeNote: '',
    decidedBy: null,
    ...overrides,
  };
}
