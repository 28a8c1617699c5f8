/**
 * Every action the audit log records, by the record type it names (the `entity` of an entry), as
 * the console's filters offer them. An action written somewhere and missing here still shows in
 * the log (audit-sentence.ts describes any action) and can still be filtered by its code in the URL.
 */
export const AUDIT_RECORD_TYPES = [
  {
    entity: 'order',
    label: 'Orders',
    actions: [
      ['order.taken_at_desk', 'Order taken at the desk'],
      ['order.changed', 'Order changed before shipping'],
      ['order.stage', 'Order moved on'],
      ['order.stage_back', 'Order stepped back'],
      ['order.item_delivered', 'Item delivered'],
      ['order.item_cancelled', 'Item cancelled'],
      ['order.item_returned', 'Return recorded'],
    ],
  },
  {
    entity: 'quote',
    label: 'Quotes',
    actions: [
      ['quote.sent', 'Quote sent'],
      ['quote.withdrawn', 'Quote withdrawn'],
      ['quote.accepted', 'Quote accepted'],
      ['quote.declined', 'Quote declined'],
    ],
  },
  {
    entity: 'document',
    label: 'Documents',
    actions: [
      ['document.verified', 'Document verified'],
      ['document.reupload_requested', 'New upload asked for'],
      ['document.viewed', 'Document opened'],
    ],
  },
  {
    entity: 'buyer',
    label: 'Buyers',
    actions: [
      ['buyer.email_verified', 'Email marked verified'],
      ['buyer.disabled', 'Account disabled'],
      ['buyer.enabled', 'Account enabled'],
    ],
  },
  {
    entity: 'user',
    label: 'Staff and buyer groups',
    actions: [
      ['staff.signed_in', 'Signed in'],
      ['staff.created', 'Staff member added'],
      ['staff.totp_enabled', 'Two-factor sign-in turned on'],
      ['staff.totp_reset', 'Two-factor sign-in reset'],
      ['staff.role_changed', 'Role changed'],
      ['staff.notifications', 'Notifications changed'],
      ['pricing.buyer_group_set', "Buyer's price group set"],
    ],
  },
  {
    entity: 'company',
    label: 'Companies',
    actions: [
      ['company.updated', 'Company details changed'],
      ['company.member_role_changed', "Member's role changed"],
      ['company.member_removed', 'Member removed'],
      ['company.disabled', 'Company disabled'],
      ['company.enabled', 'Company enabled'],
      ['company.viewed_as', 'Store viewed as a member'],
      ['company.note_added', 'Note added'],
      ['company.location_limit', 'Location limit set'],
      ['company.group', 'Customer group set'],
      ['company.sales_rep_set', 'Sales rep set'],
      ['company.terms_set', 'Payment terms set'],
      ['company.credit_limit_set', 'Credit limit set'],
      ['company.hold_lifted', 'Credit hold lifted'],
      ['payment.recorded', 'Payment recorded'],
      ['payment.voided', 'Payment voided'],
      ['payment.refunded', 'Refund recorded'],
    ],
  },
  {
    entity: 'invitation',
    label: 'Invitations',
    actions: [
      ['company.member_invited', 'Member invited'],
      ['company.invitation_resent', 'Invitation sent again'],
      ['company.invitation_withdrawn', 'Invitation withdrawn'],
      ['company.invitation_accepted', 'Invitation accepted'],
    ],
  },
  {
    entity: 'product',
    label: 'Products',
    actions: [
      ['product.created', 'Product added'],
      ['product.updated', 'Product changed'],
      ['product.deleted', 'Product deleted'],
    ],
  },
  {
    entity: 'variant',
    label: 'Options',
    actions: [
      ['variant.created', 'Option added'],
      ['variant.updated', 'Option changed'],
      ['variant.deleted', 'Option deleted'],
      ['reports.reorder_point', 'Reorder point set'],
    ],
  },
  {
    entity: 'category',
    label: 'Categories',
    actions: [
      ['category.created', 'Category added'],
      ['category.updated', 'Category changed'],
      ['category.deleted', 'Category deleted'],
    ],
  },
  {
    entity: 'brand',
    label: 'Brands',
    actions: [
      ['brand.created', 'Brand added'],
      ['brand.updated', 'Brand changed'],
      ['brand.deleted', 'Brand deleted'],
    ],
  },
  {
    entity: 'banner',
    label: 'Banners',
    actions: [
      ['banner.created', 'Banner added'],
      ['banner.updated', 'Banner changed'],
      ['banner.deleted', 'Banner deleted'],
    ],
  },
  { entity: 'banner_slot', label: 'Banner order', actions: [['banner.reordered', 'Banners reordered']] },
  {
    entity: 'catalogue',
    label: 'Catalogue imports',
    actions: [['catalogue.imported', 'Catalogue imported']],
  },
  { entity: 'settings', label: 'Store settings', actions: [['settings.changed', 'Settings changed']] },
  {
    entity: 'mail',
    label: 'Mail',
    actions: [
      ['mail.retried', 'Mail retried'],
      ['mail.resent', 'Mail resent'],
    ],
  },
  {
    entity: 'customer_group',
    label: 'Price groups',
    actions: [
      ['pricing.group_added', 'Price group added'],
      ['pricing.group_changed', 'Price group changed'],
      ['pricing.group_deleted', 'Price group deleted'],
      ['pricing.entry_saved', 'Price saved'],
      ['pricing.entry_deleted', 'Price removed'],
      ['pricing.list_imported', 'Price list imported'],
    ],
  },
  {
    entity: 'compliance_rule',
    label: 'Compliance rules',
    actions: [
      ['compliance.rule_added', 'Rule added'],
      ['compliance.rule_changed', 'Rule changed'],
      ['compliance.rule_retired', 'Rule retired'],
    ],
  },
  {
    entity: 'excise_rate',
    label: 'Excise rates',
    actions: [
      ['compliance.rate_added', 'Rate added'],
      ['compliance.rate_changed', 'Rate changed'],
    ],
  },
  {
    entity: 'directory_listing',
    label: 'Directory listings',
    actions: [
      ['compliance.listing_set', 'Listing set'],
      ['compliance.listings_imported', 'Listings imported'],
    ],
  },
  {
    entity: 'pact_filing',
    label: 'PACT Act filings',
    actions: [
      ['pact.filed', 'Month marked filed'],
      ['pact.unfiled', 'Month marked not filed'],
    ],
  },
  {
    entity: 'excise_filing',
    label: 'Excise returns',
    actions: [
      ['excise.filed', 'Month marked filed'],
      ['excise.unfiled', 'Month marked not filed'],
    ],
  },
  {
    entity: 'report_settings',
    label: 'Report settings',
    actions: [['reports.settings', 'Settings changed']],
  },
] as const satisfies readonly {
  entity: string;
  label: string;
  actions: readonly (readonly [string, string])[];
}[];

/** What the filter calls an action: its label, or its code for one this list does not know. */
export function actionLabel(action: string): string {
  for (const t of AUDIT_RECORD_TYPES)
    for (const [code, label] of t.actions) if (code === action) return label;
  return action;
}
