/** Every response schema the web reads, by name (see api-client.ts for why they go by name). */

export {
  AddressListSchema,
  AddressSchema,
  ProfileMessageSchema,
  SessionResponseSchema,
  SignInResponseSchema,
  SignUpResponseSchema,
} from '#shared/accounts/accounts.schemas.ts';
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
