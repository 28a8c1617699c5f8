/**
 * How an option is named wherever it stands alone (a cart line, an order item, a message about
 * stock, a picture's alt text): its product's name and its own, "Product — Option".
 */
export const optionLabel = (productName: string, optionName: string): string =>
  `${productName} — ${optionName}`;
