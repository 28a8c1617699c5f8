import { beforeAll, describe, expect, it } from 'vitest';
import { companyStaffMessages } from '#shared/companies/companies.messages.ts';
import { CompanyDetailSchema, CompanyListSchema } from '#shared/companies/companies-staff.schemas.ts';
import { AdminOrderListSchema } from '#shared/orders/orders-staff.schemas.ts';
import { adminMessages, staffAdminMessages } from '#shared/staff/staff.messages.ts';
import { AuditListSchema, StaffListSchema } from '#shared/staff/staff.schemas.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { changeStaffRole } from '#server/modules/staff/staff-admin.service.ts';
import { companiesFixture } from './companies.fixture.ts';

/**
 * Sales reps and their companies, and staff roles changed by an admin (decision 016, part 1): a
 * sales rep sees their own companies and those companies' orders, and is not told another's exist.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const f = companiesFixture(() => t);
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const ADMIN = '/api/v1/admin';

let admin: Awaited<ReturnType<typeof staffWithTotp>>;
beforeAll(async () => {
  admin = await staffWithTotp('admin');
});

/** A company with one order of $10 placed by its owner; its id and the order's number. */
async function companyWithOrder() {
  const c = await f.company();
  const v = await f.variantWith(10, 1000);
  expect((await f.add(c.owner.cookie, v.sku, 1)).statusCode).toBe(200);
  const placed = await f.call('POST', '/api/v1/orders', c.owner.cookie, f.orderBody());
  expect(placed.statusCode, placed.body).toBe(201);
  return { ...c, number: placed.json().order.orderNumber as string };
}
const setRep = (companyId: string, salesRepId: string | null, cookie = admin.cookie) =>
  call('PUT', `${ADMIN}/companies/${companyId}/sales-rep`, cookie, { salesRepId });

describe('sales reps see their own companies only', () => {
  it('the new routes answer anonymous 401, a buyer 403 and staff without their second factor 401', async () => {
    const c = await f.company();
    await expectStaffOnly(
      [
        ['GET', `${ADMIN}/companies/sales-reps`],
        ['PUT', `${ADMIN}/companies/${c.id}/sales-rep`],
        ['PUT', `${ADMIN}/staff/${admin.id}/role`],
      ] as const,
      c.owner.cookie,
    );
  });

  it('an admin names a rep (only a sales role), audited; the rep sees that company, its orders and no other', async () => {
    const rep = await staffWithTotp('sales');
    const warehouse = await staffWithTotp('warehouse');
    const mine = await companyWithOrder();
    const other = await companyWithOrder();

    const wrong = await setRep(mine.id, warehouse.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(companyStaffMessages.notASalesRep);
    expect((await setRep(mine.id, 'not-a-uuid')).statusCode).toBe(400);
    const named = await setRep(mine.id, rep.id);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().message).toBe(companyStaffMessages.salesRepSaved('Sam Staff'));
    // The rep may not name themselves anywhere: managing companies is not a sales permission.
    expect((await setRep(other.id, rep.id, rep.cookie)).json().message).toBe(adminMessages.roleRefused);

    const audit = AuditListSchema.parse(
      (await call('GET', `${ADMIN}/audit?entity=company&entityId=${mine.id}`, admin.cookie)).json(),
    ).entries;
    expect(audit[0]).toMatchObject({
      action: 'company.sales_rep_set',
      before: { salesRep: null },
      after: { salesRep: { id: rep.id, name: 'Sam Staff' } },
    });
    const detail = CompanyDetailSchema.parse(
      (await call('GET', `${ADMIN}/companies/${mine.id}`, admin.cookie)).json(),
    );
    expect(detail.company.salesRep).toEqual({ id: rep.id, name: 'Sam Staff' });

    // The list, a company page, a note, an order, the orders list, the count and the export.
    const list = CompanyListSchema.parse((await call('GET', `${ADMIN}/companies`, rep.cookie)).json());
    expect(list.companies.map((c) => c.id)).toEqual([mine.id]);
    expect(list.total).toBe(1);
    expect((await call('GET', `${ADMIN}/companies/${mine.id}`, rep.cookie)).statusCode).toBe(200);
    const hidden = await call('GET', `${ADMIN}/companies/${other.id}`, rep.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(companyStaffMessages.companyNotFound);
    const note = { body: 'Called them.' };
    expect((await call('POST', `${ADMIN}/companies/${mine.id}/notes`, rep.cookie, note)).statusCode).toBe(
      201,
    );
    expect((await call('POST', `${ADMIN}/companies/${other.id}/notes`, rep.cookie, note)).statusCode).toBe(
      404,
    );

    const orders = AdminOrderListSchema.parse((await call('GET', `${ADMIN}/orders`, rep.cookie)).json());
    expect(orders.orders.map((o) => o.orderNumber)).toEqual([mine.number]);
    expect((await call('GET', `${ADMIN}/orders/${mine.number}`, rep.cookie)).statusCode).toBe(200);
    expect((await call('GET', `${ADMIN}/orders/${other.number}`, rep.cookie)).statusCode).toBe(404);
    expect((await call('GET', `${ADMIN}/orders/to-ship/count`, rep.cookie)).json().count).toBe(1);
    const csv = await call('GET', `${ADMIN}/orders/export.csv?from=2000-01-01&to=2100-01-01`, rep.cookie);
    expect(csv.body).toContain(mine.number);
    expect(csv.body).not.toContain(other.number);
    // Every other role sees every company.
    const all = AdminOrderListSchema.parse(
      (await call('GET', `${ADMIN}/orders?pageSize=100`, warehouse.cookie)).json(),
    );
    expect(all.orders.map((o) => o.orderNumber)).toEqual(expect.arrayContaining([mine.number, other.number]));

    // No rep any more: the company is gone from the rep's pages.
    expect((await setRep(mine.id, null)).statusCode).toBe(200);
    expect((await call('GET', `${ADMIN}/companies/${mine.id}`, rep.cookie)).statusCode).toBe(404);
    expect((await call('GET', `${ADMIN}/orders/to-ship/count`, rep.cookie)).json().count).toBe(0);
  });

  it('the staff list shows each role and how many companies a rep looks after; the admins filter by rep', async () => {
    const rep = await staffWithTotp('sales');
    const a = await f.company();
    const b = await f.company();
    await setRep(a.id, rep.id);
    await setRep(b.id, rep.id);
    const staff = StaffListSchema.parse((await call('GET', `${ADMIN}/staff`, admin.cookie)).json()).staff;
    expect(staff.find((s) => s.id === rep.id)).toMatchObject({ role: 'sales', companies: 2 });
    expect(staff.find((s) => s.id === admin.id)).toMatchObject({ role: 'admin', companies: 0 });
    const byRep = CompanyListSchema.parse(
      (await call('GET', `${ADMIN}/companies?rep=${rep.id}`, admin.cookie)).json(),
    );
    expect(byRep.companies.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('roles changed by an admin', () => {
  const changeRole = (id: string, role: string, cookie = admin.cookie) =>
    call('PUT', `${ADMIN}/staff/${id}/role`, cookie, { role });

  it('takes effect at the next request, audited; a bad role or a buyer is refused', async () => {
    const sam = await staffWithTotp('admin');
    expect((await call('GET', `${ADMIN}/staff`, sam.cookie)).statusCode).toBe(200);
    const changed = await changeRole(sam.id, 'warehouse');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(staffAdminMessages.roleChanged);
    const now = await call('GET', `${ADMIN}/staff`, sam.cookie);
    expect(now.statusCode).toBe(403);
    expect(now.json().message).toBe(adminMessages.roleRefused);
    expect((await call('GET', `${ADMIN}/orders`, sam.cookie)).statusCode).toBe(200);
    const [entry] = AuditListSchema.parse(
      (await call('GET', `${ADMIN}/audit?entity=user&entityId=${sam.id}`, admin.cookie)).json(),
    ).entries;
    expect(entry).toMatchObject({
      action: 'staff.role_changed',
      before: { role: 'admin' },
      after: { role: 'warehouse' },
    });

    const bad = await changeRole(sam.id, 'owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(staffAdminMessages.badRole);
    const c = await f.company();
    const buyer = await changeRole(c.owner.id, 'admin');
    expect(buyer.statusCode).toBe(404);
    expect(buyer.json().message).toBe(staffAdminMessages.staffNotFound);
    // A new staff member is made with the role chosen.
    const added = await call('POST', `${ADMIN}/staff`, admin.cookie, {
      name: 'Cam Compliance',
      email: `cam-${Date.now()}@shop.example`,
      role: 'compliance',
    });
    expect(added.statusCode, added.body).toBe(200);
    const list = StaffListSchema.parse((await call('GET', `${ADMIN}/staff`, admin.cookie)).json()).staff;
    expect(list.find((s) => s.id === added.json().id)?.role).toBe('compliance');
  });

  it('the store keeps an admin: the last one is refused, and of two admins demoting each other at once one is told', async () => {
    const a = await staffWithTotp('admin');
    const b = await staffWithTotp('admin');
    // Only a and b stay admins in this file's store.
    await t.database.query(
      "update users set staff_role = 'sales' where role = 'staff' and staff_role = 'admin' and id <> all($1::uuid[])",
      [[a.id, b.id]],
    );
    const [first, second] = await Promise.all([
      changeRole(b.id, 'sales', a.cookie),
      changeRole(a.id, 'sales', b.cookie),
    ]);
    const codes = [first!.statusCode, second!.statusCode].sort();
    // One wins; the other is told: the store keeps an admin, or (its own role just taken) its role no longer allows it.
    expect(codes).toEqual([200, codes[1] === 409 ? 409 : 403]);
    const loser = first!.statusCode === 200 ? second! : first!;
    expect([staffAdminMessages.lastAdmin, adminMessages.roleRefused]).toContain(loser.json().message);
    const [admins] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from users where role = 'staff' and staff_role = 'admin'",
    );
    expect(admins!.n).toBe(1);
    const last = first!.statusCode === 200 ? a : b;
    const refused = await changeRole(last.id, 'accounting', last.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(staffAdminMessages.lastAdmin);
    // An admin demoted while their own change waited for the lock is refused inside it (the guard
    // had let them through): the service, called as that request would have called it.
    const demoted = first!.statusCode === 200 ? b : a;
    await expect(
      changeStaffRole({ db: t.database.db, now: clock(), staffId: demoted.id }, last.id, 'sales'),
    ).rejects.toMatchObject({ statusCode: 403, message: adminMessages.roleRefused });
    // Put the file's admin back for the other tests (order does not matter, but they share it).
    await t.database.query("update users set staff_role = 'admin' where id = $1", [admin.id]);
  });
});
