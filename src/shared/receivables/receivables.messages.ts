/** What receivables say (decision 017). */
export const receivablesMessages = {
  invoiceNotFound: 'No such invoice.',
  timeZoneUnknown: 'Choose a time zone such as America/Chicago.',
  settingsSaved: 'Receivables settings saved.',
  termsSaved: 'Payment terms saved.',
} as const;
