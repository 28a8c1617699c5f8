/** What buyers and staff read about group prices and case packs. */
export const pricingMessages = {
  soldInCases: (n: number) => `Sold in cases of ${n}`,
  minimum: (n: number) => `Minimum ${n}`,
  maximum: (n: number) => `Maximum ${n} per order`,
  minimumNotInCases: 'The minimum must be a whole number of cases.',
  maximumBelowMinimum: 'The maximum must be at least the minimum, in whole cases.',
} as const;
