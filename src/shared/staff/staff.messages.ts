/** Staff identity: sign-in state, the second factor, the staff page and the audit log. */
export const adminMessages = {
  staffOnly: 'This area is for staff only.',
  secondFactorRequired: 'Enter the code from your authenticator app.',
  invalidCode: 'That code is not valid. Try again.',
  codeAlreadyUsed: 'This code was already used. Wait for the next code in your app.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  alreadySetUp: 'Two-factor sign-in is already set up for this account.',
  setUpFirst: 'Set up two-factor sign-in first.',
  keyUnreadable: 'Two-factor sign-in is unavailable: the server key changed. Ask an administrator.',
  passwordChangeFirst: 'Choose a new password first.',
  /** A console route the staff member's role does not include (decision 016). */
  roleRefused: 'Your role does not include this. Ask an administrator.',
} as const;

/** The staff roles' names and what each may do (staff-roles.ts holds the permissions themselves). */
export const STAFF_ROLE_LABELS = {
  admin: 'Admin',
  sales: 'Sales',
  warehouse: 'Warehouse',
  accounting: 'Accounting',
  compliance: 'Compliance',
} as const;
export const STAFF_ROLE_DESCRIPTIONS = {
  admin: 'Everything, including staff, prices, the catalogue and settings.',
  sales:
    'Their own companies: pages, notes, orders, and orders taken at the desk. No catalogue, prices, settings or staff.',
  warehouse: 'Orders: their stages and items. No price lists, settings or buyers’ documents.',
  accounting: 'Orders (read only), companies and buyers; receivables and reports.',
  compliance: 'State rules, excise rates, PACT reports, document verification; orders (read only).',
} as const;

export const staffAdminMessages = {
  emailTaken: 'That email already has an account.',
  notYourself: 'Ask another staff member to reset your own two-factor sign-in.',
  staffNotFound: 'Staff member not found',
  totpReset: 'Two-factor sign-in was reset: they set up their app again at their next sign-in.',
  badRole: 'Choose a role from the list.',
  lastAdmin: 'The store keeps at least one admin: make another staff member admin first.',
  roleChanged: 'Role changed.',
} as const;

/** The audit log's filters: a bad one is a 400 that says which. */
export const auditMessages = {
  badDate: 'Dates are YYYY-MM-DD.',
  datesReversed: 'The To date is before the From date.',
  badActor: 'Choose a staff member from the list.',
  badAction: 'Choose an action from the list.',
  badEntity: 'Choose a record type from the list.',
  badBefore: 'Older entries start before an entry number (a whole number).',
  badLimit: 'Show between 1 and 200 entries.',
} as const;
