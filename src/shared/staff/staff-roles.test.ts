import { describe, expect, it } from 'vitest';
import {
  isStaffRole,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  rolesHolding,
  STAFF_ROLES,
  seesOwnCompaniesOnly,
  staffAudience,
  staffMay,
} from './staff-roles.ts';

/** Decision 016's table, written out: a change to what a role holds is a change to this test. */
const EXPECTED = {
  admin: [
    'console',
    'orders.read',
    'orders.fulfil',
    'companies.read',
    'companies.notes',
    'companies.manage',
    'desk',
    'buyers.read',
    'documents',
    'compliance',
    'receivables',
    'reports',
    'excise',
    'catalogue',
    'prices',
    'settings',
    'mail',
    'staff',
    'audit',
  ],
  sales: ['console', 'orders.read', 'companies.read', 'companies.notes', 'desk'],
  warehouse: ['console', 'orders.read', 'orders.fulfil'],
  accounting: [
    'console',
    'orders.read',
    'companies.read',
    'companies.notes',
    'buyers.read',
    'receivables',
    'reports',
    'excise',
  ],
  compliance: [
    'console',
    'orders.read',
    'companies.read',
    'companies.notes',
    'buyers.read',
    'documents',
    'compliance',
    'excise',
  ],
} as const;

describe('staff roles and their permissions (decision 016)', () => {
  it('names five roles, each holding exactly its permissions', () => {
    expect(STAFF_ROLES).toEqual(['admin', 'sales', 'warehouse', 'accounting', 'compliance']);
    expect(PERMISSIONS).toEqual(EXPECTED.admin);
    for (const role of STAFF_ROLES) {
      expect([...ROLE_PERMISSIONS[role]], role).toEqual([...EXPECTED[role]]);
      for (const permission of PERMISSIONS)
        expect(staffMay(role, permission), `${role} ${permission}`).toBe(
          (EXPECTED[role] as readonly string[]).includes(permission),
        );
    }
  });

  it('names the roles that hold a permission', () => {
    expect(rolesHolding('orders.read')).toEqual(['admin', 'sales', 'warehouse', 'accounting', 'compliance']);
    expect(rolesHolding('documents')).toEqual(['admin', 'compliance']);
    expect(rolesHolding('console')).toEqual([...STAFF_ROLES]);
    expect(staffAudience('orders.read')).toEqual({
      roles: ['admin', 'sales', 'warehouse', 'accounting', 'compliance'],
      ownCompaniesOnly: ['sales'],
    });
    expect(staffAudience('documents')).toEqual({ roles: ['admin', 'compliance'], ownCompaniesOnly: [] });
  });

  it('a sales rep alone sees their own companies only', () => {
    expect(STAFF_ROLES.filter(seesOwnCompaniesOnly)).toEqual(['sales']);
  });

  it('knows a role from anything else', () => {
    for (const role of STAFF_ROLES) expect(isStaffRole(role)).toBe(true);
    for (const other of ['owner', 'buyer', 'Admin', '', null, undefined, 1, {}])
      expect(isStaffRole(other)).toBe(false);
  });
});
