/** What buyers and staff read about state rules, directories and excise. */
export const complianceMessages = {
  zipNotInState: 'That ZIP code is not in a US state we ship to.',
  noState: 'Enter a ZIP code to check delivery.',
  noDefaultAddress: 'Add a default address to your account to see what ships to your state.',
  /** Lines the rules refuse, said for the shipping chosen: a pickup is never told to choose Pickup. */
  blockedLines: (names: string[], shipping: 'Pickup' | 'Delivery' = 'Delivery') =>
    shipping === 'Pickup'
      ? `These items cannot be sold for pickup at our store: ${names.join(', ')}. Remove them, or choose delivery to an address where they can go.`
      : `These items cannot ship to the chosen address: ${names.join(', ')}. Remove them, or choose Pickup or another address.`,
  /** The checkout's and the cart drawer's note on how many lines the rules refuse. */
  blockedCount: (count: number, stateName: string, shipping: 'Pickup' | 'Delivery') =>
    shipping === 'Pickup'
      ? `${count === 1 ? '1 item cannot' : `${count} items cannot`} be sold for pickup at our store in ${stateName}. Remove ${count === 1 ? 'it' : 'them'}, or choose delivery to an address where ${count === 1 ? 'it' : 'they'} can go.`
      : `${count === 1 ? '1 item cannot' : `${count} items cannot`} ship to ${stateName}. Remove ${count === 1 ? 'it' : 'them'}, or choose Pickup or another address.`,
  missingFigure: (names: string[]) =>
    `We cannot work out the state excise for ${names.join(', ')} yet. Please contact us to order them.`,
} as const;
