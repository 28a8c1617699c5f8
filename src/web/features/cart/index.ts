/** The cart feature as other features and the app see it. */
export { useAddToCart, useRemoveFromCart } from './api/cart-mutations.ts';
export { cartKey, useCart, useCartFor } from './api/get-cart.ts';
export { CartButton } from './cart-button.tsx';
export { setCartDrawerOpen } from './cart-drawer-state.ts';
export { QuickOrderLines } from './quick-order-lines.tsx';
export { useCartFill } from './api/quick-order.ts';
