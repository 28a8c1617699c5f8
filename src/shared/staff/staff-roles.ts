/**
 * What each staff role may do in the console (decision 016, part 1): a staff member has one role,
 * every console route names the one permission it needs, and this table says which roles hold
 * it. A role is a record on the staff member (`users.staff_role`), changed by an admin; this
 * table changes with the code, because a new console route comes with its permission.
 */
export const STAFF_ROLES = ['admin', 'sales', 'warehouse', 'accounting', 'compliance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** Their own sign-in, second factor and mail choices: every staff member. */
  'console',
  'orders.read',
  /** Stages, delivered and cancelled items. */
  'orders.fulfil',
  'companies.read',
  /** Internal notes on a company. */
  'companies.notes',
  /** Members, invitations, disabling, group, location limit, sales rep. */
  'companies.manage',
  /** The order desk: orders taken for a company (a sales rep: for their companies). */
  'desk',
  /** The buyers' pages (people, documents, sign-in state). */
  'buyers.read',
  /** Verifying and refusing buyers' documents, and reading their files. */
  'documents',
  /** State rules, excise rates, directory listings, PACT reports, an order's compliance. */
  'compliance',
  /** Receivables: payment terms, invoicing settings, payments and credit (decision 017). */
  'receivables',
  /** Sales reports and the dashboard's sales figures (decision 018; low stock is the catalogue's). */
  'reports',
  /** State excise returns and their filed marks (decision 018). */
  'excise',
  'catalogue',
  'prices',
  'settings',
  'mail',
  /** Staff accounts, their roles and second factor. */
  'staff',
  'audit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_ORDERS = ['console', 'orders.read'] as const;

/** Which permissions a role holds; admin holds every one. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  sales: [...READ_ORDERS, 'companies.read', 'companies.notes', 'desk'],
  warehouse: [...READ_ORDERS, 'orders.fulfil'],
  accounting: [
    ...READ_ORDERS,
    'companies.read',
    'companies.notes',
    'buyers.read',
    'receivables',
    'reports',
    'excise',
  ],
  // Orders read only: an order's compliance is on its page, and the PACT report is made of orders.
  compliance: [
    ...READ_ORDERS,
    'companies.read',
    'companies.notes',
    'buyers.read',
    'documents',
    'compliance',
    'excise',
  ],
};

/** Whether a staff member of this role may use what needs this permission. */
export function staffMay(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Whether a role sees only the companies assigned to the staff member (a sales rep: their
 * companies' pages and orders), rather than every company.
 */
export function seesOwnCompaniesOnly(role: StaffRole): boolean {
  return role === 'sales';
}

/** The roles that hold a permission: who is told of what it opens (new-order mail, uploads). */
export function rolesHolding(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => staffMay(role, permission));
}

/**
 * Who a staff notice about a company's record goes to, as the database reads it with the mail:
 * the roles holding the permission, and of those the ones told only of their own companies.
 */
export function staffAudience(permission: Permission): { roles: StaffRole[]; ownCompaniesOnly: StaffRole[] } {
  const roles = rolesHolding(permission);
  return { roles, ownCompaniesOnly: roles.filter(seesOwnCompaniesOnly) };
}

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}
