/** What buyers and staff read about group prices and case packs. */
export const pricingMessages = {
  soldInCases: (n: number) => `Sold in cases of ${n}`,
  minimum: (n: number) => `Minimum ${n}`,
  maximum: (n: number) => `Maximum ${n} per order`,
  typedRoundedToCases: (name: string, quantity: number, increment: number) =>
    `${name} is sold in cases of ${increment}: the quantity is now ${quantity}.`,
  typedRaisedToMinimum: (name: string, quantity: number) => `${name}: the minimum is ${quantity}.`,
  typedCapped: (name: string, quantity: number) => `${name}: at most ${quantity} can be ordered now.`,
  typedNone: (name: string) => `${name}: not enough in stock for a whole case.`,
  minimumNotInCases: 'The minimum must be a whole number of cases.',
  linesNotInCases: (lines: string[]) =>
    `Some items are not in the quantities they are sold in: ${lines.join(', ')}. Please change them in your cart.`,
  notEnoughForCases: (name: string, available: number, increment: number, minimum: number) =>
    `Only ${available} more of ${name} can be added: it is sold ${increment > 1 ? `in cases of ${increment}` : 'one by one'}, minimum ${minimum}.`,
  groupNameRequired: 'Enter a name for the group.',
  groupNameTaken: (name: string) => `There is already a group named ${name}.`,
  groupNotFound: 'Group not found',
  groupHasBuyers: (n: number) =>
    `${n} buyer${n === 1 ? ' is' : 's are'} in this group: move them to another group first.`,
  buyerNotFound: 'Buyer not found',
  entryNotFound: 'Price list entry not found',
  targetRequired: 'Enter what the price is for.',
  targetNotFound: (scope: string, target: string) =>
    scope === 'variant'
      ? `No option has the SKU ${target}.`
      : scope === 'product'
        ? `No product has the SKU ${target}.`
        : scope === 'brand'
          ? `No brand ${target} (write it as category/brand).`
          : `No category ${target}.`,
  tiersInOrder: 'Tiers go from the smallest quantity to the largest.',
  tierNotLower: 'Each tier must be cheaper than the price before it.',
  percentRequired: 'Enter a percentage above 0.',
  percentText: 'Enter a percentage from 0.01 to 100, like 12.5.',
  priceText: 'Enter a price like 4.50.',
  priceTooHigh: 'Prices go up to $1,000,000.',
  tierQuantityText: 'Enter a quantity of 2 or more.',
  maximumBelowMinimum: 'The maximum must be at least the minimum, in whole cases.',
} as const;
