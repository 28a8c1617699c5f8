/** What buyers and staff read about group prices and case packs. */
export const pricingMessages = {
  soldInCases: (n: number) => `Sold in cases of ${n}`,
  minimum: (n: number) => `Minimum ${n}`,
  maximum: (n: number) => `Maximum ${n} per order`,
  minimumNotInCases: 'The minimum must be a whole number of cases.',
  linesNotInCases: (lines: string[]) =>
    `Some items are not in the quantities they are sold in: ${lines.join(', ')}. Please change them in your cart.`,
  notEnoughForCases: (name: string, available: number, increment: number, minimum: number) =>
    `Only ${available} more of ${name} can be added: it is sold ${increment > 1 ? `in cases of ${increment}` : 'one by one'}, minimum ${minimum}.`,
  maximumBelowMinimum: 'The maximum must be at least the minimum, in whole cases.',
} as const;
