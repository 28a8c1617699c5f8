/** The cart feature as the app sees it: the header's cart button (which opens the cart drawer). */
export { CartButton } from './cart-button.tsx';
