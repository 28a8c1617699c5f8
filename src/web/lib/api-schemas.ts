/** Every response schema the web reads, by name (see api-client.ts for why they go by name). */

export {
  AddressListSchema,
  AddressSchema,
  ProfileMessageSchema,
  SessionResponseSchema,
  SignInResponseSchema,
  SignUpResponseSchema,
} from '#shared/accounts/accounts.schemas.ts';
export {
  AdminOrderListSchema,
  AdminOrderSchema,
  AuditListSchema,
  BuyerDetailSchema,
  BuyerListSchema,
  ExpiringListSchema,
  NewStaffResponseSchema,
  OutboxListSchema,
  StaffListSchema,
  StaffMeSchema,
  TotpConfirmResponseSchema,
  TotpSetupResponseSchema,
  VerificationQueueSchema,
} from '#shared/admin/admin.schemas.ts';
export {
  AdminBannerListSchema,
  AdminCatalogueTreeSchema,
  AdminProductListSchema,
  AdminProductSchema,
  SavedResponseSchema,
  UploadedImageSchema,
} from '#shared/admin/catalogue-admin.schemas.ts';
export { ImportReportSchema } from '#shared/admin/catalogue-csv.ts';
export { CartSchema } from '#shared/cart/cart.schemas.ts';
export {
  BannersResponseSchema,
  ListingResponseSchema,
  MenuResponseSchema,
  NewArrivalsResponseSchema,
  ProductDetailSchema,
  ProductListResponseSchema,
  SearchResponseSchema,
} from '#shared/catalogue/catalogue.schemas.ts';
export {
  BuyAgainResponseSchema,
  OrderListSchema,
  OrderSchema,
  PlaceOrderResponseSchema,
} from '#shared/orders/orders.schemas.ts';
export { MessageResponseSchema, StoreInfoSchema } from '#shared/store/store.schemas.ts';
