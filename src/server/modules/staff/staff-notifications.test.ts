import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LABELS } from '#shared/accounts/document-status.ts';
import { VerificationQueueSchema } from '#shared/accounts/documents-staff.schemas.ts';
import { AdminOrderListSchema } from '#shared/orders/orders-staff.schemas.ts';
import { PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { MenuCountSchema, StaffNotificationsSchema } from '#shared/staff/notifications.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { PDF } from '#tests/multipart.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { uploadDocument } from '#tests/uploads.ts';

const licence = DOCUMENT_LABELS.tobacco_license;
const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const o = ordersFixture(() => t);

const mailTo = (to: string) =>
  t.database.query<{ subject: string; text: string }>(
    'select subject, text from outbox where "to" = $1 order by id',
    [to],
  );
const countOf = async (url: string, cookie: string) =>
  MenuCountSchema.parse((await call('GET', url, cookie)).json()).count;

let wants: Awaited<ReturnType<typeof staffWithTotp>>;
let quiet: Awaited<ReturnType<typeof staffWithTotp>>;
beforeAll(async () => {
  wants = await staffWithTotp();
  quiet = await staffWithTotp();
});

describe('telling people what happened (decision 014, item 15)', () => {
  it('only staff with their second factor choose their mail and read the menu counts', async () => {
    const buyer = await o.verifiedBuyer();
    await expectStaffOnly(
      [
        ['GET', '/api/v1/admin/me/notifications'],
        ['PUT', '/api/v1/admin/me/notifications'],
        ['GET', '/api/v1/admin/verifications/count'],
        ['GET', '/api/v1/admin/orders/to-ship/count'],
      ] as const,
      buyer.cookie,
    );
  });

  it('a staff member chooses new-order and new-upload mail, off until chosen, audited; a bad body changes nothing', async () => {
    const mine = () => call('GET', '/api/v1/admin/me/notifications', wants.cookie);
    expect(StaffNotificationsSchema.parse((await mine()).json())).toEqual({
      newOrders: false,
      newUploads: false,
    });
    const bad = await call('PUT', '/api/v1/admin/me/notifications', wants.cookie, { newOrders: 'yes' });
    expect(bad.statusCode).toBe(400);
    const set = await call('PUT', '/api/v1/admin/me/notifications', wants.cookie, {
      newOrders: true,
      newUploads: true,
    });
    expect(set.statusCode).toBe(200);
    expect((await mine()).json()).toEqual({ newOrders: true, newUploads: true });
    // Each staff member's own: the other one's stays off.
    expect((await call('GET', '/api/v1/admin/me/notifications', quiet.cookie)).json()).toEqual({
      newOrders: false,
      newUploads: false,
    });
    const { entries } = AuditListSchema.parse(
      (await call('GET', `/api/v1/admin/audit?entity=user&entityId=${wants.id}`, wants.cookie)).json(),
    );
    expect(entries.map((e) => [e.action, e.after])).toContainEqual([
      'staff.notifications',
      { newOrders: true, newUploads: true },
    ]);
  });

  it('a new order mails the staff who chose it, with its number and link; the to-ship count follows the stages', async () => {
    const toShip = () => countOf('/api/v1/admin/orders/to-ship/count', quiet.cookie);
    // The list the dashboard's "to ship" opens: the same orders as the count.
    const listed = async () => {
      const res = await call('GET', '/api/v1/admin/orders?stage=toShip&pageSize=100', quiet.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const list = AdminOrderListSchema.parse(res.json());
      expect(list.total).toBe(await toShip());
      return list.orders.map((order) => order.orderNumber);
    };
    const before = await toShip();
    const buyer = await o.verifiedBuyer();
    const v = await o.variantWith(10);
    await o.add(buyer.cookie, v.sku, 2);
    const res = await o.call('POST', '/api/v1/orders', buyer.cookie, o.orderBody());
    expect(res.statusCode).toBe(201);
    const { orderNumber } = PlaceOrderResponseSchema.parse(res.json()).order;
    const notices = (await mailTo(wants.email)).filter((m) => m.subject.startsWith('New order'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe(`New order ${orderNumber} from ${buyer.body.businessName} ($20.00)`);
    expect(notices[0]!.text).toContain(`/admin/orders/${orderNumber}`);
    expect(notices[0]!.text).not.toContain('[[ORDER_NUMBER]]');
    expect((await mailTo(quiet.email)).filter((m) => m.subject.startsWith('New order'))).toEqual([]);

    expect(await toShip()).toBe(before + 1);
    expect(await listed()).toContain(orderNumber);
    const stage = `/api/v1/admin/orders/${orderNumber}/stage`;
    await call('POST', stage, quiet.cookie, { stage: 'shipped' });
    expect(await toShip()).toBe(before);
    expect(await listed()).not.toContain(orderNumber);
    await call('POST', `${stage}/back`, quiet.cookie, { from: 'shipped' });
    expect(await toShip()).toBe(before + 1);
    expect(await listed()).toContain(orderNumber);
    const odd = await call('GET', '/api/v1/admin/orders?stage=shipped', quiet.cookie);
    expect([odd.statusCode, odd.json().message]).toEqual([400, 'Choose a stage.']);
  });

  it('an upload mails the staff who chose it; verifying mails the buyer; the queue count follows', async () => {
    const queued = () => countOf('/api/v1/admin/verifications/count', quiet.cookie);
    const before = await queued();
    const buyer = await o.verifiedBuyer();
    expect((await uploadDocument(t.app, buyer.cookie, 'tobacco_license', PDF)).statusCode).toBe(200);
    expect(await queued()).toBe(before + 1);
    const notice = (await mailTo(wants.email)).find((m) =>
      m.subject.startsWith(`T${licence.slice(1)} to verify`),
    );
    expect(notice?.subject).toBe(`T${licence.slice(1)} to verify: ${buyer.body.businessName}`);
    expect(notice?.text).toContain('/admin/verification');
    expect(
      (await mailTo(quiet.email)).some((m) => m.subject.startsWith(`T${licence.slice(1)} to verify`)),
    ).toBe(false);

    const queue = VerificationQueueSchema.parse(
      (await call('GET', '/api/v1/admin/verifications', quiet.cookie)).json(),
    );
    const doc = queue.documents.find((d) => d.buyer.id === buyer.user.id)!;
    const verified = await call('POST', `/api/v1/admin/documents/${doc.id}/verify`, quiet.cookie, {
      documentNumber: 'TX-1',
      issuingState: 'TX',
      expiresOn: '2028-06-30',
    });
    expect(verified.statusCode).toBe(200);
    expect(await queued()).toBe(before);
    const told = (await mailTo(buyer.body.email)).find((m) => m.subject.startsWith(`Your ${licence}`));
    expect(told?.subject).toBe(`Your ${licence} is verified — Test Wholesale`);
    expect(told?.text).toContain('It is valid until Jun 30, 2028.');
    expect(told?.text).toContain('Once your other document is verified too');
  });

  it('a role is told only of what it may open: orders to roles reading them, a rep of their companies alone; uploads to those who verify', async () => {
    const roles = ['warehouse', 'compliance', 'sales', 'sales', 'accounting'] as const;
    const [warehouse, compliance, rep, otherRep, accounting] = await Promise.all(
      roles.map((r) => staffWithTotp(r)),
    );
    for (const s of [warehouse!, compliance!, rep!, otherRep!, accounting!])
      await call('PUT', '/api/v1/admin/me/notifications', s.cookie, { newOrders: true, newUploads: true });
    const buyer = await o.verifiedBuyer();
    const [company] = await t.database.query<{ company_id: string }>(
      'select company_id from company_members where user_id = $1',
      [buyer.user.id],
    );
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [
      rep!.id,
      company!.company_id,
    ]);
    expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', PDF)).statusCode).toBe(200);
    const v = await o.variantWith(10);
    await o.add(buyer.cookie, v.sku, 1);
    expect((await o.call('POST', '/api/v1/orders', buyer.cookie, o.orderBody())).statusCode).toBe(201);
    const told = async (s: { email: string }) =>
      (await mailTo(s.email)).map((m) => (m.subject.startsWith('New order') ? 'order' : 'upload')).sort();
    expect(await told(warehouse!)).toEqual(['order']);
    expect(await told(compliance!)).toEqual(['order', 'upload']);
    expect(await told(accounting!)).toEqual(['order']);
    expect(await told(rep!)).toEqual(['order']);
    expect(await told(otherRep!)).toEqual([]);
  });

  it('a disabled staff member gets no notices', async () => {
    const gone = await staffWithTotp();
    await call('PUT', '/api/v1/admin/me/notifications', gone.cookie, { newOrders: true, newUploads: true });
    await t.database.query('update users set disabled_at = now() where id = $1', [gone.id]);
    const buyer = await o.verifiedBuyer();
    expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', PDF)).statusCode).toBe(200);
    const v = await o.variantWith(10);
    await o.add(buyer.cookie, v.sku, 1);
    expect((await o.call('POST', '/api/v1/orders', buyer.cookie, o.orderBody())).statusCode).toBe(201);
    expect(await mailTo(gone.email)).toEqual([]);
  });

  it('uploading again while the first waits mails staff once an hour; both documents verified is said so', async () => {
    const buyer = await o.verifiedBuyer();
    const notices = async () =>
      (await mailTo(wants.email)).filter(
        (m) => m.subject === `Sales ID to verify: ${buyer.body.businessName}`,
      );
    const before = (await notices()).length;
    for (let i = 0; i < 3; i++)
      expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', PDF)).statusCode).toBe(200);
    expect((await notices()).length).toBe(before + 1);
    clock.advance(3_600_000);
    expect((await uploadDocument(t.app, buyer.cookie, 'sales_id', PDF)).statusCode).toBe(200);
    expect((await notices()).length).toBe(before + 2);

    // A Sales ID verified before expiry dates were asked counts as verified.
    await t.database.query(
      "update documents set status = 'verified', expires_on = null where user_id = $1 and kind = 'sales_id'",
      [buyer.user.id],
    );
    expect((await uploadDocument(t.app, buyer.cookie, 'tobacco_license', PDF)).statusCode).toBe(200);
    const queue = VerificationQueueSchema.parse(
      (await call('GET', '/api/v1/admin/verifications', quiet.cookie)).json(),
    );
    const doc = queue.documents.find((d) => d.buyer.id === buyer.user.id && d.kind === 'tobacco_license')!;
    await call('POST', `/api/v1/admin/documents/${doc.id}/verify`, quiet.cookie, {
      documentNumber: 'TX-2',
      issuingState: 'TX',
      expiresOn: '2028-06-30',
    });
    const told = (await mailTo(buyer.body.email)).find((m) =>
      m.subject.startsWith(`Your ${licence} is verified`),
    );
    expect(told?.text).toContain('Your Sales ID and tobacco license are both verified');
  });
});
