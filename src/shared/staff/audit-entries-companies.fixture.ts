import { type Example, named } from './audit-entries.fixture.ts';

/** A company's owners' and new members' entries (decision 015, step 3; see audit-entries.fixture.ts). */
const COMPANY = '5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f';
const INVITATION = '7e1d2c3b-4a59-4687-9abc-def012345678';
const corner = named('Corner Shop LLC');
const dana = { userId: 'u-1', name: 'Dana Buyer', email: 'dana@shop.example' };

export const COMPANY_RECORDS: Example[] = [
  [
    {
      action: 'order.item_returned',
      entity: 'order',
      entityId: 'SS-100125',
      before: { sku: 'GP-MINT', returned: 1 },
      after: { sku: 'GP-MINT', returned: 3, reason: 'Damaged in transit' },
    },
    'Recorded a return of 2 × GP-MINT on order SS-100125: Damaged in transit',
  ],
  [
    {
      action: 'company.terms_set',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      before: { paymentTerms: null },
      after: { paymentTerms: 'net_30' },
    },
    'Set the payment terms of “Corner Shop LLC” to Net 30',
  ],
  [
    {
      action: 'company.credit_limit_set',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      before: { creditLimitCents: null },
      after: { creditLimitCents: 500_000 },
    },
    'Set the credit limit of “Corner Shop LLC” to $5,000.00',
  ],
  [
    {
      action: 'company.hold_lifted',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      after: { until: '2026-11-30', reason: 'Check in the mail' },
    },
    'Lifted the credit hold of “Corner Shop LLC” until the end of 2026-11-30: Check in the mail',
  ],
  [
    {
      action: 'payment.recorded',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      after: {
        payment: 'PAY-2026-000001',
        amountCents: 7000,
        method: 'check',
        reference: 'CHK 1001',
        applied: [{ invoice: 'INV-2026-000001', amountCents: 7000 }],
      },
    },
    'Recorded payment PAY-2026-000001 of $70.00 from “Corner Shop LLC” (Check, CHK 1001)',
    ['INV-2026-000001: $70.00'],
  ],
  [
    {
      action: 'payment.voided',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      after: { payment: 'PAY-2026-000001', reason: 'Bounced' },
    },
    'Voided payment PAY-2026-000001 of “Corner Shop LLC”: Bounced',
  ],
  [
    {
      action: 'payment.refunded',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      after: { source: 'CN-2026-000001', amountCents: 1000, reason: 'Item cancelled after payment' },
    },
    'Recorded a refund of $10.00 from CN-2026-000001 to “Corner Shop LLC”: Item cancelled after payment',
  ],
  [
    {
      action: 'company.updated',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      before: { businessName: 'Corner Shop', phone: '+15550104200', taxId: null },
      after: { businessName: 'Corner Shop LLC', phone: '+15550104200', taxId: '12-3456789' },
    },
    'Changed the details of company “Corner Shop LLC”',
    ['business name: Corner Shop → Corner Shop LLC', 'tax ID: — → 12-3456789'],
  ],
  [
    {
      action: 'company.member_role_changed',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      before: { ...dana, role: 'viewer', orderLimitCents: null },
      after: { ...dana, role: 'buyer', orderLimitCents: 50_000 },
    },
    'Changed the role of Dana Buyer (dana@shop.example) at “Corner Shop LLC” from viewer to buyer',
    ['order limit: none → $500.00'],
  ],
  [
    {
      action: 'company.member_removed',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      before: { ...dana, role: 'buyer', orderLimitCents: null },
    },
    'Removed buyer Dana Buyer (dana@shop.example) from “Corner Shop LLC”',
  ],
  [
    { action: 'company.disabled', entity: 'company', entityId: COMPANY, record: corner },
    'Disabled company “Corner Shop LLC”: its members were signed out',
  ],
  [
    { action: 'company.enabled', entity: 'company', entityId: COMPANY, record: corner },
    'Enabled company “Corner Shop LLC”',
  ],
  [
    {
      action: 'company.viewed_as',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      after: { member: 'u-2', name: 'Bo Buyer', email: 'bo@corner.example', minutes: 30 },
    },
    'Viewed the store as Bo Buyer of “Corner Shop LLC” (read only)',
  ],
  [
    {
      action: 'company.note_added',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      after: { noteId: 4, body: 'Called about the Texas license; they send it Monday.' },
    },
    'Added a note to company “Corner Shop LLC”',
    ['Called about the Texas license; they send it Monday.'],
  ],
  [
    {
      action: 'company.location_limit',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      before: { locationLimit: 5 },
      after: { locationLimit: 8 },
    },
    'Set the location limit of company “Corner Shop LLC” from 5 to 8',
  ],
  [
    {
      action: 'company.group',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      before: { group: null },
      after: { group: { id: 3, name: 'Chains' } },
    },
    'Put company “Corner Shop LLC” in customer group “Chains”',
  ],
  [
    {
      action: 'company.sales_rep_set',
      entity: 'company',
      entityId: COMPANY,
      record: corner,
      before: { salesRep: null },
      after: { salesRep: { id: 's9', name: 'Rae Rep' } },
    },
    'Made Rae Rep the sales rep of “Corner Shop LLC”',
  ],
  [
    {
      action: 'company.member_invited',
      entity: 'invitation',
      entityId: INVITATION,
      record: named('ana@shop.example to Corner Shop LLC'),
      after: { email: 'ana@shop.example', role: 'buyer', orderLimitCents: 25_000 },
    },
    'Invited ana@shop.example to Corner Shop LLC as buyer with an order limit of $250.00',
  ],
  [
    {
      action: 'company.invitation_resent',
      entity: 'invitation',
      entityId: INVITATION,
      record: named('ana@shop.example to Corner Shop LLC'),
      before: { email: 'ana@shop.example', expiresAt: '2026-11-29T12:00:00.000Z' },
      after: { email: 'ana@shop.example', expiresAt: '2026-12-06T12:00:00.000Z' },
    },
    'Sent the invitation of ana@shop.example to Corner Shop LLC again',
  ],
  [
    {
      action: 'company.invitation_withdrawn',
      entity: 'invitation',
      entityId: INVITATION,
      before: { email: 'ana@shop.example', role: 'viewer' },
    },
    'Withdrew the invitation of ana@shop.example',
  ],
  [
    {
      action: 'company.invitation_accepted',
      entity: 'invitation',
      entityId: INVITATION,
      record: named('ana@shop.example to Corner Shop LLC'),
      after: { email: 'ana@shop.example', name: 'Ana New', role: 'viewer' },
    },
    'Accepted the invitation of ana@shop.example to Corner Shop LLC and joined as viewer',
  ],
  [
    { action: 'excise.filed', entity: 'excise_filing', entityId: 'NY/2026-10', after: { filedCents: 12345 } },
    'Marked the excise return of New York for October 2026 as filed, $123.45',
  ],
  [
    {
      action: 'excise.unfiled',
      entity: 'excise_filing',
      entityId: 'NY/2026-10',
      before: { filedCents: 12345 },
    },
    'Marked the excise return of New York for October 2026 as not filed',
  ],
  [
    {
      action: 'reports.settings',
      entity: 'report_settings',
      entityId: '1',
      before: { defaultReorderPoint: 10 },
      after: { defaultReorderPoint: 25 },
    },
    'Set the default reorder point to 25, from 10',
  ],
  [
    {
      action: 'reports.reorder_point',
      entity: 'variant',
      entityId: '12',
      before: { sku: 'GP-MINT', point: null },
      after: { sku: 'GP-MINT', point: 40 },
    },
    'Set the reorder point of option GP-MINT to 40',
  ],
];
