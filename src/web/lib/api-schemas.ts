/** Every response schema the web reads, by name (see api-client.ts for why they go by name). */

export {
  AddressListSchema,
  AddressSchema,
  ProfileMessageSchema,
  SessionResponseSchema,
  SignInResponseSchema,
  SignUpResponseSchema,
} from '#shared/accounts/accounts.schemas.ts';
export { BuyerDetailSchema, BuyerListSchema } from '#shared/accounts/buyers-staff.schemas.ts';
export { ViewAsStartedSchema } from '#shared/accounts/view-as.schemas.ts';
export { ExpiringListSchema, VerificationQueueSchema } from '#shared/accounts/documents-staff.schemas.ts';
export { AlertListSchema } from '#shared/alerts/alerts.schemas.ts';
export {
  CompanyMessageSchema,
  CompanySchema,
  InvitationListSchema,
  InvitationMessageSchema,
  InvitationPreviewSchema,
  CompanyMemberListSchema,
  CompanyMemberMessageSchema,
} from '#shared/companies/companies.schemas.ts';
export {
  CompanyDetailSchema,
  CompanyGroupMessageSchema,
  CompanyListSchema,
  CompanyNoteMessageSchema,
  LocationLimitMessageSchema,
  SalesRepChoicesSchema,
} from '#shared/companies/companies-staff.schemas.ts';
export { CartSchema } from '#shared/cart/cart.schemas.ts';
export { LocationsSchema } from '#shared/companies/locations.schemas.ts';
export {
  OrderRequestListSchema,
  PlaceOrderAnswerSchema,
  RequestDecidedSchema,
} from '#shared/orders/order-requests.schemas.ts';
export { QuickOrderAddedSchema, QuickOrderCheckSchema } from '#shared/cart/quick-order.schemas.ts';
export {
  BannersResponseSchema,
  ListingResponseSchema,
  MenuResponseSchema,
  NewArrivalsResponseSchema,
  ProductDetailSchema,
  ProductListResponseSchema,
  SearchResponseSchema,
  SkuExampleSchema,
} from '#shared/catalogue/catalogue.schemas.ts';
export { ImportReportSchema } from '#shared/catalogue/catalogue-csv.ts';
export {
  AdminBannerListSchema,
  AdminCatalogueTreeSchema,
  AdminProductListSchema,
  AdminProductSchema,
  SavedResponseSchema,
  UploadedImageSchema,
} from '#shared/catalogue/catalogue-staff.schemas.ts';
export {
  CardVerdictsSchema,
  ListingListSchema,
  MyStateSchema,
  OrderComplianceSchema,
  RuleListSchema,
  ShipCheckResponseSchema,
  TaxRateListSchema,
  TaxRatesResponseSchema,
} from '#shared/compliance/compliance.schemas.ts';
export { PactFilingListSchema, PactReportSchema } from '#shared/compliance/pact.ts';
export { ListDetailSchema, ListListSchema, ListSummarySchema } from '#shared/lists/lists.schemas.ts';
export {
  OutboxListSchema,
  OutboxMessageSchema,
  ResendResponseSchema,
} from '#shared/mail/outbox.schemas.ts';
export {
  BuyAgainResponseSchema,
  OrderListSchema,
  OrderSchema,
  PlaceOrderResponseSchema,
} from '#shared/orders/orders.schemas.ts';
export {
  AdminOrderListSchema,
  AdminOrderSchema,
  PickListSchema,
} from '#shared/orders/orders-staff.schemas.ts';
export { OrderChangePreviewSchema } from '#shared/orders/order-change.schemas.ts';
export {
  QuoteAcceptedSchema,
  QuoteListSchema,
  QuoteOpenedSchema,
  QuoteSchema,
  QuoteSentSchema,
  StaffQuoteSchema,
} from '#shared/orders/quotes.schemas.ts';
export {
  DeskDraftListSchema,
  DeskDraftSchema,
  DeskPasteResultSchema,
  DeskPlacedSchema,
  DeskSearchSchema,
} from '#shared/orders/desk.schemas.ts';
export {
  AuditListSchema,
  NewStaffResponseSchema,
  StaffListSchema,
  StaffMeSchema,
  TotpConfirmResponseSchema,
  TotpSetupResponseSchema,
} from '#shared/staff/staff.schemas.ts';
export { MenuCountSchema, StaffNotificationsSchema } from '#shared/staff/notifications.schemas.ts';
export { MessageResponseSchema, StoreInfoSchema } from '#shared/store/store.schemas.ts';
export {
  BuyerGroupSchema,
  EntryListSchema,
  GroupListSchema,
  MemberListSchema,
} from '#shared/pricing/pricing-staff.schemas.ts';
export { MinimumPriceListSchema } from '#shared/pricing/minimum-prices.schemas.ts';
export { InvoiceListSchema } from '#shared/receivables/invoices.schemas.ts';
export {
  CompanyLedgerSchema,
  MemberAccountSchema,
  PaymentRecordedSchema,
  ReceivablesListSchema,
  StatementSchema,
} from '#shared/receivables/payments.schemas.ts';
export {
  CompanyTermsSchema,
  ReceivablesSettingsSchema,
} from '#shared/receivables/receivables-settings.schemas.ts';
export { DashboardSchema } from '#shared/reports/dashboard.schemas.ts';
export {
  BreakdownReportSchema,
  CreditedReportSchema,
  LowStockReportSchema,
  MoversReportSchema,
  ReportSettingsBodySchema,
  SalesReportSchema,
  SlowMoversReportSchema,
} from '#shared/reports/reports.schemas.ts';
export { ExciseFilingListSchema, ExciseReturnSchema } from '#shared/compliance/excise-return.schemas.ts';
