import { beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { StaffMeSchema } from '#shared/staff/staff.schemas.ts';
import {
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type StaffRole,
  staffMay,
} from '#shared/staff/staff-roles.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

/**
 * Every console route against every staff role (decision 016, part 1). The matrix is data: each
 * route of the API document under /api/v1/admin has a row here naming its permission, so a route
 * added without one fails the first test, and a row whose route is gone fails it too. The second
 * test calls every route as every role: a role without the permission is refused 403 with its
 * message before anything is read; a role with it gets past the guard (whatever the route then
 * answers to an empty request: 200, 400, 404, 409).
 */
const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, newStaff } = staffHelpers(() => t, clock);

const MATRIX: Record<string, Permission> = {
  // Who they are, their second factor and their own mail.
  'GET /me': 'console',
  'POST /2fa/setup': 'console',
  'POST /2fa/confirm': 'console',
  'POST /2fa/verify': 'console',
  'GET /me/notifications': 'console',
  'PUT /me/notifications': 'console',
  'GET /audit': 'audit',
  'GET /staff': 'staff',
  'POST /staff': 'staff',
  'POST /staff/{id}/reset-2fa': 'staff',
  'PUT /staff/{id}/role': 'staff',
  'GET /settings': 'settings',
  'PUT /settings': 'settings',
  'GET /outbox': 'mail',
  'GET /outbox/{id}': 'mail',
  'POST /outbox/{id}/resend': 'mail',
  'POST /outbox/{id}/retry': 'mail',
  'GET /orders': 'orders.read',
  'GET /orders/to-ship/count': 'orders.read',
  'GET /orders/export.csv': 'orders.read',
  'GET /orders/pick-list': 'orders.fulfil',
  'GET /orders/{number}': 'orders.read',
  'POST /orders/{number}/stage': 'orders.fulfil',
  'POST /orders/{number}/stage/back': 'orders.fulfil',
  'POST /orders/{number}/items/{sku}/status': 'orders.fulfil',
  'POST /orders/{number}/change/preview': 'desk',
  'POST /orders/{number}/change': 'desk',
  'GET /desk': 'desk',
  'GET /desk/{companyId}': 'desk',
  'GET /desk/{companyId}/search': 'desk',
  'PUT /desk/{companyId}/lines': 'desk',
  'POST /desk/{companyId}/paste': 'desk',
  'PUT /desk/{companyId}': 'desk',
  'DELETE /desk/{companyId}': 'desk',
  'POST /desk/{companyId}/place': 'desk',
  'PUT /desk/{companyId}/lines/price': 'desk',
  'POST /desk/{companyId}/quote': 'desk',
  'GET /quotes': 'desk',
  'GET /quotes/{number}': 'desk',
  'POST /quotes/{number}/desk': 'desk',
  'POST /quotes/{number}/withdraw': 'desk',
  'GET /invoices': 'orders.read',
  'GET /invoices/{number}/pdf': 'orders.read',
  'GET /receivables/settings': 'receivables',
  'PUT /receivables/settings': 'receivables',
  'GET /receivables': 'receivables',
  'GET /receivables/export.csv': 'receivables',
  'GET /receivables/accounting.csv': 'receivables',
  'GET /companies/{id}/terms': 'companies.read',
  'PUT /companies/{id}/terms': 'receivables',
  'GET /companies/{id}/ledger': 'companies.read',
  'GET /companies/{id}/statement': 'companies.read',
  'GET /companies/{id}/statement.pdf': 'companies.read',
  'POST /companies/{id}/payments': 'receivables',
  'POST /payments/{number}/void': 'receivables',
  'POST /companies/{id}/refunds': 'receivables',
  'PUT /companies/{id}/credit-limit': 'receivables',
  'POST /companies/{id}/hold/lift': 'receivables',
  'POST /orders/{number}/returns': 'receivables',
  'GET /companies': 'companies.read',
  'GET /companies/{id}': 'companies.read',
  'POST /companies/{id}/view-as': 'companies.read',
  'DELETE /view-as': 'console',
  'POST /companies/{id}/notes': 'companies.notes',
  'POST /companies/{id}/members': 'companies.manage',
  'DELETE /companies/{id}/members/{userId}': 'companies.manage',
  'POST /companies/{id}/invitations/{invitationId}/resend': 'companies.manage',
  'POST /companies/{id}/disable': 'companies.manage',
  'PUT /companies/{id}/group': 'companies.manage',
  'PUT /companies/{id}/location-limit': 'companies.manage',
  'GET /companies/sales-reps': 'companies.manage',
  'PUT /companies/{id}/sales-rep': 'companies.manage',
  'GET /buyers': 'buyers.read',
  'GET /buyers/{id}': 'buyers.read',
  'POST /buyers/{id}/verify-email': 'companies.manage',
  'POST /buyers/{id}/disable': 'companies.manage',
  'GET /verifications': 'documents',
  'GET /verifications/count': 'documents',
  'GET /documents/{id}/file': 'documents',
  'POST /documents/{id}/verify': 'documents',
  'POST /documents/{id}/request-reupload': 'documents',
  'GET /documents/expiring': 'documents',
  'GET /compliance/rules': 'compliance',
  'POST /compliance/rules': 'compliance',
  'PUT /compliance/rules/{id}': 'compliance',
  'POST /compliance/rules/{id}/retire': 'compliance',
  'GET /compliance/rates': 'compliance',
  'POST /compliance/rates': 'compliance',
  'PUT /compliance/rates/{id}': 'compliance',
  'GET /compliance/listings': 'compliance',
  'PUT /compliance/listings': 'compliance',
  'GET /compliance/pact': 'compliance',
  'GET /compliance/pact.csv': 'compliance',
  'GET /compliance/pact/filings': 'compliance',
  'POST /compliance/pact/filings': 'compliance',
  // Excise returns (decision 018).
  'GET /compliance/excise-return': 'excise',
  'GET /compliance/excise-return.csv': 'excise',
  'GET /compliance/excise-returns': 'excise',
  'POST /compliance/excise-returns': 'excise',
  // The console's home and the reports (decision 018).
  'GET /dashboard': 'console',
  'GET /reports/sales': 'reports',
  'GET /reports/sales.csv': 'reports',
  'GET /reports/breakdown': 'reports',
  'GET /reports/breakdown.csv': 'reports',
  'GET /reports/credited': 'reports',
  'GET /reports/credited.csv': 'reports',
  'GET /reports/movers': 'reports',
  'GET /reports/movers.csv': 'reports',
  'GET /reports/slow-movers': 'reports',
  'GET /reports/slow-movers.csv': 'reports',
  'GET /reports/low-stock': 'catalogue',
  'GET /reports/low-stock.csv': 'catalogue',
  'PUT /reports/reorder-points/{variantId}': 'catalogue',
  'GET /reports/settings': 'catalogue',
  'PUT /reports/settings': 'catalogue',
  'GET /compliance/orders/{number}': 'compliance',
  'GET /pricing/groups': 'prices',
  'POST /pricing/groups': 'prices',
  'PUT /pricing/groups/{id}': 'prices',
  'DELETE /pricing/groups/{id}': 'prices',
  'GET /pricing/groups/{id}/members': 'prices',
  'GET /pricing/groups/{id}/entries': 'prices',
  'PUT /pricing/groups/{id}/entries': 'prices',
  'DELETE /pricing/groups/{id}/entries/{entryId}': 'prices',
  'GET /pricing/buyers/{userId}/group': 'prices',
  'PUT /pricing/buyers/{userId}/group': 'prices',
  'GET /pricing/minimum-prices': 'prices',
  'PUT /pricing/minimum-prices': 'prices',
  'GET /pricing/groups/{id}/export.csv': 'prices',
  'POST /pricing/groups/{id}/import': 'prices',
};
/** The catalogue's routes are many (categories, brands, products, options, banners, files): all 'catalogue'. */
const permissionOf = (op: string): Permission | undefined =>
  MATRIX[op] ?? (/^[A-Z]+ \/catalogue\//.test(op) ? 'catalogue' : undefined);

async function consoleRoutes(): Promise<string[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const ops: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const method of Object.keys(methods)) {
      if (!path.startsWith('/api/v1/admin/')) continue;
      ops.push(`${method.toUpperCase()} ${path.slice('/api/v1/admin'.length).replace(/\/$/, '')}`);
    }
  return ops;
}
const fill = (path: string) =>
  `/api/v1/admin${path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'number' ? 'SS-1' : '00000000-0000-4000-8000-000000000000'))}`;

const sessions = {} as Record<StaffRole, string>;
beforeAll(async () => {
  for (const role of STAFF_ROLES) sessions[role] = (await staffWithTotp(role)).cookie;
});

describe('staff roles: every console route names a permission, and every role is held to it', () => {
  it('the matrix has a row for each console route of the API document, and none for a route that is gone', async () => {
    const ops = await consoleRoutes();
    expect(ops.length).toBeGreaterThan(80);
    expect(ops.filter((op) => !permissionOf(op))).toEqual([]);
    expect(Object.keys(MATRIX).filter((op) => !ops.includes(op))).toEqual([]);
  });

  it('each route refuses each role without its permission (403, its message) and lets the others past', async () => {
    const ops = await consoleRoutes();
    let refused = 0;
    for (const op of ops) {
      const [method, path] = op.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const permission = permissionOf(op)!;
      for (const role of STAFF_ROLES) {
        // Starting a set-up again would replace the key of the session that gave its code.
        if (op === 'POST /2fa/setup' || op === 'POST /2fa/confirm') continue;
        const res = await call(method, fill(path), sessions[role], method === 'GET' ? undefined : {});
        const what = `${op} as ${role}`;
        if (staffMay(role, permission)) {
          expect(res.statusCode === 403 && res.json().message === adminMessages.roleRefused, what).toBe(
            false,
          );
          expect(res.statusCode, what).toBeLessThan(500);
        } else {
          refused++;
          expect(res.statusCode, what).toBe(403);
          expect(res.json().message, what).toBe(adminMessages.roleRefused);
        }
      }
    }
    expect(refused).toBeGreaterThan(200);
  });

  it('each role holds what the issue gives it, and admin holds every permission', () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(PERMISSIONS);
    for (const role of STAFF_ROLES) expect(staffMay(role, 'console'), role).toBe(true);
    expect(
      staffMay('sales', 'catalogue') || staffMay('sales', 'prices') || staffMay('sales', 'settings'),
    ).toBe(false);
    expect(staffMay('warehouse', 'orders.fulfil')).toBe(true);
    expect(staffMay('warehouse', 'prices') || staffMay('warehouse', 'documents')).toBe(false);
    expect(staffMay('accounting', 'orders.read') && !staffMay('accounting', 'orders.fulfil')).toBe(true);
    expect(staffMay('compliance', 'compliance') && staffMay('compliance', 'documents')).toBe(true);
  });

  it('/me tells the console the role and its permissions; staff without the second factor see no more', async () => {
    for (const role of STAFF_ROLES) {
      const me = StaffMeSchema.parse((await call('GET', '/api/v1/admin/me', sessions[role])).json());
      expect(me.role).toBe(role);
      expect(me.permissions).toEqual([...ROLE_PERMISSIONS[role]]);
    }
    const halfway = await (await newStaff({ role: 'warehouse' })).signIn();
    const orders = await call('GET', '/api/v1/admin/orders', halfway);
    expect(orders.statusCode).toBe(401);
    expect(orders.json().message).toBe(adminMessages.secondFactorRequired);
    const buyer = await signUpBuyer(t.app);
    expect((await call('GET', '/api/v1/admin/orders', buyer.cookie)).json().message).toBe(
      adminMessages.staffOnly,
    );
  });
});
