/** What the reports say (decision 018). */
export const reportsMessages = {
  optionNotFound: 'No such option.',
  reorderPointSaved: 'Reorder point saved.',
  settingsSaved: 'Report settings saved.',
  exciseFiled: (state: string, month: string) => `The ${state} excise return for ${month} is marked filed.`,
  exciseUnfiled: (state: string, month: string) =>
    `The ${state} excise return for ${month} is no longer marked filed.`,
} as const;
