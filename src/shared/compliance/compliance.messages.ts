/** What buyers and staff read about state rules, directories and excise. */
export const complianceMessages = {
  zipNotInState: 'That ZIP code is not in a US state we ship to.',
  noState: 'Enter a ZIP code to check delivery.',
  noDefaultAddress: 'Add a default address to your account to see what ships to your state.',
  blockedLines: (names: string[]) =>
    `These items cannot ship to the chosen address: ${names.join(', ')}. Remove them, or choose Pickup or another address.`,
  missingFigure: (names: string[]) =>
    `We cannot work out the state excise for ${names.join(', ')} yet. Please contact us to order them.`,
} as const;
