import { accountMessages } from '#shared/accounts/accounts.messages.ts';

/** The store's settings and the newsletter box. */
export const storeMessages = {
  subscribed: 'Thanks! You are on the mailing list.',
  invalidEmailFormat: accountMessages.invalidEmailFormat,
} as const;

/** What staff read when settings are refused. */
export const settingsMessages = {
  amount: 'Enter the delivery fee and the cap as amounts like 20.00.',
} as const;
