/** The cart's messages; kept apart from the zod schemas so pages can show them without zod. */
export const cartMessages = {
  pleaseLogin: 'Please Login / Register',
  signInToOrder:
    'Sign in, or register your business, to order. You come back to this product with the quantities you chose.',
  quantitiesBack: 'Your quantities are back: press ADD TO CART to add them.',
  nothingToAdd: 'Choose a quantity for at least one option',
  variantNotFound: 'This product option is no longer available',
  notEnoughStock: (name: string, available: number) =>
    available === 0 ? `${name} is out of stock.` : `Only ${available} of ${name} available.`,
  itemRemoved: 'Removed from cart',
  cartCleared: 'Cart cleared',
  added: 'Added to cart',
  allAlreadyInCart: (name: string, stock: number) =>
    `All ${stock} of ${name} in stock are already in your cart.`,
  addedUpToStock: (name: string, added: number) =>
    `Added ${added} of ${name} to your cart: that is all that is left in stock.`,
} as const;
