import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { adminMessages } from '#shared/staff/staff.messages.ts';
import { dayIn } from '#shared/receivables/store-day.ts';
import { PAYMENT_TERMS, TERMS } from '#shared/receivables/terms.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { invoicesFixture } from './invoices.fixture.ts';
import { invoiceOrder } from './invoicing.ts';
import { invoices } from './receivables.table.ts';

/**
 * Invoices as documents (decision 017, step 1): one per order as it is placed (or ships), numbered
 * without gaps, never changed; a change or a cancelled item issues a credit note or a
 * supplementary invoice; a PDF a shop files, read back here as text.
 */
// 03:00 UTC on the 27th is still the 26th in the store's time zone (America/Chicago).
const clock = testClock(new Date('2026-11-27T03:00:00Z'));
const t = testAppForFile({ clock });
const d = invoicesFixture(() => t, clock);
const { f, orderOfTwo } = d;

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
});

const numberPattern = /^INV-2026-\d{6}$/;

describe('an invoice as the order is placed', () => {
  it('is issued with the store day, the terms and due date, bill-to, ship-to, licenses, lines and totals', async () => {
    const o = await orderOfTwo();
    const [invoice, ...rest] = await d.documents(o.owner.cookie, o.number);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      orderNumber: o.number,
      references: null,
      invoiceDate: '2026-11-26',
      terms: 'net_15',
      dueDate: '2026-12-11',
    });
    expect(invoice!.number).toMatch(numberPattern);
    expect(invoice!.totalCents).toBe(await d.owed(o.number));

    const text = await d.pdf(o.owner.cookie, invoice!.number);
    for (const expected of [
      'INVOICE',
      invoice!.number,
      o.number,
      'Nov 26, 2026',
      'Net 15',
      'Dec 11, 2026',
      o.a.sku,
      o.b.sku,
      '$40.00', // 4 × $10.00
      '$10.00', // 2 × $5.00
      'Tobacco license',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
    expect(text).toContain(`Total due ${formatCents(invoice!.totalCents)}`);
  });

  it("takes the company's own terms; COD and due on receipt are due that day", async () => {
    const o = await orderOfTwo();
    const accounting = await d.staffWithTotp('accounting');
    const set = await d.call('PUT', `${ADMIN}/companies/${o.id}/terms`, accounting.cookie, {
      paymentTerms: 'net_30',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ paymentTerms: 'net_30', effectiveTerms: 'net_30' });
    const entries = await t.database.query<{ before: unknown; after: unknown }>(
      "select before, after from audit_log where action = 'company.terms_set' and entity_id = $1",
      [o.id],
    );
    expect(entries).toEqual([{ before: { paymentTerms: null }, after: { paymentTerms: 'net_30' } }]);

    // The first order kept its Net 15; a new order is on Net 30.
    expect((await d.documents(o.owner.cookie, o.number))[0]!.terms).toBe('net_15');
    const next = await placeAgain(o);
    expect((await d.documents(o.owner.cookie, next))[0]).toMatchObject({
      terms: 'net_30',
      dueDate: '2026-12-26',
    });

    await d.call('PUT', `${ADMIN}/companies/${o.id}/terms`, accounting.cookie, { paymentTerms: 'cod' });
    const cod = await placeAgain(o);
    expect((await d.documents(o.owner.cookie, cod))[0]).toMatchObject({
      terms: 'cod',
      dueDate: '2026-11-26',
    });
  });

  it('numbers without gaps: orders at once take consecutive numbers; a rolled-back issue gives its number back', async () => {
    await Promise.all([orderOfTwo(), orderOfTwo(), orderOfTwo()]);
    const numbers = await t.database.query<{ number: string }>(
      "select number from invoices where kind = 'invoice' order by number",
    );
    const seq = numbers.map((n) => Number(n.number.slice(-6)));
    expect(seq).toEqual(seq.map((_, i) => i + 1));

    // An issue undone by its transaction (an order that fails after it) leaves no hole.
    const o = await orderOfTwo();
    const before = await t.database.query<{ last: number }>(
      "select last from document_counters where series = 'CN' and year = 2026",
    );
    const [order] = await t.database.query<{ id: string }>('select id from orders where number = $1', [
      o.number,
    ]);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update order_items set status = 'cancelled' where order_id = ${order!.id}`);
        await invoiceOrder(tx, order!.id, clock(), 'changed', 'undone');
        const issued = await tx
          .select({ n: count() })
          .from(invoices)
          .where(and(eq(invoices.kind, 'credit_note'), eq(invoices.reason, 'undone')));
        expect(issued[0]!.n).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await t.database.query<{ last: number }>(
      "select last from document_counters where series = 'CN' and year = 2026",
    );
    expect(after).toEqual(before);
  });

  it('is never changed nor removed: the database refuses', async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    await expect(
      t.database.query('update invoices set total_cents = 1 where number = $1', [invoice!.number]),
    ).rejects.toThrow(/invoice_immutable/);
    await expect(
      t.database.query('delete from invoices where number = $1', [invoice!.number]),
    ).rejects.toThrow(/invoice_immutable/);
    await expect(
      t.database.query(
        'update invoice_lines set quantity = 99 where invoice_id = (select id from invoices where number = $1)',
        [invoice!.number],
      ),
    ).rejects.toThrow(/invoice_immutable/);
    await expect(t.database.query('truncate invoice_lines')).rejects.toThrow(/invoice_immutable/);
  });

  it("the database's terms are the shared table's", async () => {
    for (const terms of PAYMENT_TERMS) {
      const [row] = await t.database.query<{ days: number }>('select term_days($1) as days', [terms]);
      expect(row!.days, terms).toBe(TERMS[terms].days);
    }
  });
});

/** Another order of the company's owner, of 1 × A, delivered to its location. */
async function placeAgain(o: Awaited<ReturnType<typeof orderOfTwo>>): Promise<string> {
  expect((await f.add(o.owner.cookie, o.a.sku, 1)).statusCode).toBe(200);
  const placed = await f.call(
    'POST',
    '/api/v1/orders',
    o.owner.cookie,
    f.orderBody({
      shippingType: 'Shiptoaddress',
      locationId: o.loc,
      shippingDetails: { ...f.shipping, state: 'TX' },
    }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.orderNumber;
}

describe('after the invoice: credit notes and supplementary invoices', () => {
  it('a cancelled item issues a credit note for its line and excise; the last one credits the delivery fee too', async () => {
    const o = await orderOfTwo();
    const cancel = (sku: string) =>
      d.call('POST', `${ADMIN}/orders/${o.number}/items/${sku}/status`, admin.cookie, {
        status: 'cancelled',
      });
    expect((await cancel(o.b.sku)).statusCode).toBe(200);
    let docs = await d.documents(o.owner.cookie, o.number);
    expect(docs.map((x) => [x.kind, x.references])).toEqual([
      ['invoice', null],
      ['credit_note', docs[0]!.number],
    ]);
    expect(docs[1]!.number).toMatch(/^CN-2026-\d{6}$/);
    expect(docs[1]!.reason).toBe(`Cancelled: 2 × ${o.b.sku}`);
    expect(docs[1]!.totalCents).toBe(1000);
    const text = await d.pdf(o.owner.cookie, docs[1]!.number);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toMatch(/Total credit\s+\$10\.00/);
    expect(await d.netInvoiced(o.number)).toBe(await d.owed(o.number));

    expect((await cancel(o.a.sku)).statusCode).toBe(200);
    docs = await d.documents(o.owner.cookie, o.number);
    expect(docs).toHaveLength(3);
    expect(await d.owed(o.number)).toBe(0);
    expect(await d.netInvoiced(o.number)).toBe(0);
  });

  it('a change before shipping credits what it takes off and invoices what it adds, each referring to the first', async () => {
    const o = await orderOfTwo();
    const res = await d.change(admin.cookie, o.number, {
      version: 0,
      lines: [
        { sku: o.a.sku, quantity: 6 },
        { sku: o.b.sku, quantity: 1 },
      ],
      shippingType: 'Shiptoaddress',
    });
    expect(res.statusCode, res.body).toBe(200);
    const docs = await d.documents(o.owner.cookie, o.number);
    expect(docs.map((x) => [x.kind, x.reason, x.totalCents])).toEqual([
      ['invoice', '', expect.any(Number)],
      ['credit_note', 'Order changed: Asked by phone', 500],
      ['invoice', 'Order changed: Asked by phone', 2000],
    ]);
    expect(docs[2]!.references).toBe(docs[0]!.number);
    expect(await d.netInvoiced(o.number)).toBe(await d.owed(o.number));
    const text = await d.pdf(admin.cookie, docs[2]!.number, true);
    expect(text).toContain('SUPPLEMENTARY INVOICE');
    expect(text).toContain('Refers to');
    expect(text).toContain(docs[0]!.number);
  });

  it('units returned after delivery issue a credit note for them; never more than were delivered', async () => {
    const o = await orderOfTwo();
    const stage = (to: string) =>
      d.call('POST', `${ADMIN}/orders/${o.number}/stage`, admin.cookie, { stage: to });
    const ret = (cookie: string, body: unknown) =>
      d.call('POST', `${ADMIN}/orders/${o.number}/returns`, cookie, body);
    // Not delivered yet: nothing to return.
    expect((await ret(admin.cookie, { sku: o.a.sku, quantity: 1, reason: 'Damaged' })).statusCode).toBe(409);
    for (const to of ['shipped', 'out_for_delivery', 'delivered'])
      expect((await stage(to)).statusCode).toBe(200);
    const warehouse = await d.staffWithTotp('warehouse');
    expect((await ret(warehouse.cookie, { sku: o.a.sku, quantity: 1, reason: 'Damaged' })).statusCode).toBe(
      403,
    );
    expect((await ret(admin.cookie, { sku: o.a.sku, quantity: 0, reason: 'Damaged' })).statusCode).toBe(400);
    expect((await ret(admin.cookie, { sku: o.a.sku, quantity: 1, reason: ' ' })).statusCode).toBe(400);
    const first = await ret(admin.cookie, { sku: o.a.sku, quantity: 3, reason: 'Damaged in transit' });
    expect(first.statusCode, first.body).toBe(201);
    const tooMany = await ret(admin.cookie, { sku: o.a.sku, quantity: 2, reason: 'Damaged in transit' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().field).toBe('quantity');
    const docs = await d.documents(o.owner.cookie, o.number);
    expect(docs.map((x) => [x.kind, x.totalCents, x.reason])).toEqual([
      ['invoice', expect.any(Number), ''],
      ['credit_note', 3000, `Returned: 3 × ${o.a.sku} — Damaged in transit`],
    ]);
    expect(await d.netInvoiced(o.number)).toBe(docs[0]!.totalCents - 3000);
    // A later change elsewhere on the order does not bill the returned units again.
    expect(
      (await ret(admin.cookie, { sku: o.a.sku, quantity: 1, reason: 'Damaged in transit' })).statusCode,
    ).toBe(201);
    expect((await d.documents(o.owner.cookie, o.number)).map((x) => x.kind)).toEqual([
      'invoice',
      'credit_note',
      'credit_note',
    ]);
    const audited = await t.database.query<{ after: { returned: number } }>(
      "select after from audit_log where action = 'order.item_returned' and entity_id = $1 order by id",
      [o.number],
    );
    expect(audited.map((a) => a.after.returned)).toEqual([3, 4]);
  });

  it('issued as orders ship when the setting says so: none at placing, one at Shipped, none twice', async () => {
    await d.setInvoiceOn('shipped');
    try {
      const o = await orderOfTwo();
      expect(await d.documents(o.owner.cookie, o.number)).toEqual([]);
      // A cancelled item before it ships is never invoiced at all.
      await d.call('POST', `${ADMIN}/orders/${o.number}/items/${o.b.sku}/status`, admin.cookie, {
        status: 'cancelled',
      });
      expect(await d.documents(o.owner.cookie, o.number)).toEqual([]);
      const stage = (stage: string) =>
        d.call('POST', `${ADMIN}/orders/${o.number}/stage`, admin.cookie, { stage });
      expect((await stage('shipped')).statusCode).toBe(200);
      const docs = await d.documents(o.owner.cookie, o.number);
      expect(docs.map((x) => x.kind)).toEqual(['invoice']);
      expect(docs[0]!.totalCents).toBe(await d.owed(o.number));
      // Stepped back and shipped again: the same invoice.
      await d.call('POST', `${ADMIN}/orders/${o.number}/stage/back`, admin.cookie, { from: 'shipped' });
      expect((await stage('shipped')).statusCode).toBe(200);
      expect(await d.documents(o.owner.cookie, o.number)).toHaveLength(1);
    } finally {
      await d.setInvoiceOn('placed');
    }
  });
});

describe('who may read invoices', () => {
  it("members of the company (a buyer: their own orders'), staff who read orders (a rep: their companies'); others 404", async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    const number = invoice!.number;
    const pdfUrl = `/api/v1/invoices/${number}/pdf`;

    // Anonymous: 401.
    expect((await d.call('GET', pdfUrl)).statusCode).toBe(401);
    expect((await d.call('GET', `/api/v1/invoices?order=${o.number}`)).statusCode).toBe(401);
    // The viewer reads it; the buyer did not place the order: an empty list and 404 on the file.
    expect(await d.documents(o.viewer.cookie, o.number)).toHaveLength(1);
    expect(await d.documents(o.buyer.cookie, o.number)).toEqual([]);
    expect((await d.call('GET', pdfUrl, o.buyer.cookie)).statusCode).toBe(404);
    // Another company's owner: 404 on the order's list and on the file.
    const other = await f.company({ documents: true });
    expect((await d.call('GET', `/api/v1/invoices?order=${o.number}`, other.owner.cookie)).statusCode).toBe(
      404,
    );
    expect((await d.call('GET', pdfUrl, other.owner.cookie)).statusCode).toBe(404);
    // A number that is no invoice's, or not a number at all: 404, not 500.
    for (const bad of ['INV-2026-999999', 'INV-2026-%00', 'CN-99999999999-1', '..%2F..%2Fetc'])
      expect((await d.call('GET', `/api/v1/invoices/${bad}/pdf`, o.owner.cookie)).statusCode, bad).toBeOneOf([
        400, 404,
      ]);

    // Staff: each role that reads orders; a rep only their companies'; refused without the second factor.
    await d.expectStaffOnly([['GET', `${ADMIN}/invoices/${number}/pdf`]] as const, o.owner.cookie);
    for (const role of ['warehouse', 'accounting', 'compliance'] as const) {
      const s = await d.staffWithTotp(role);
      expect((await d.call('GET', `${ADMIN}/invoices/${number}/pdf`, s.cookie)).statusCode, role).toBe(200);
    }
    const rep = await d.staffWithTotp('sales');
    expect((await d.call('GET', `${ADMIN}/invoices/${number}/pdf`, rep.cookie)).statusCode).toBe(404);
    expect((await d.call('GET', `${ADMIN}/invoices?order=${o.number}`, rep.cookie)).statusCode).toBe(404);
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [rep.id, o.id]);
    expect(await d.documents(rep.cookie, o.number, true)).toHaveLength(1);
  });

  it('terms and the settings are changed by roles holding receivables only', async () => {
    const o = await orderOfTwo();
    const rep = await d.staffWithTotp('sales');
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [rep.id, o.id]);
    const terms = `${ADMIN}/companies/${o.id}/terms`;
    expect((await d.call('GET', terms, rep.cookie)).statusCode).toBe(200);
    const refused = await d.call('PUT', terms, rep.cookie, { paymentTerms: 'net_7' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(adminMessages.roleRefused);
    expect((await d.call('PUT', terms, admin.cookie, { paymentTerms: 'net_45' })).statusCode).toBe(400);
    expect(
      (
        await d.call('PUT', `${ADMIN}/companies/00000000-0000-4000-8000-000000000000/terms`, admin.cookie, {
          paymentTerms: 'net_7',
        })
      ).statusCode,
    ).toBe(404);

    const settings = `${ADMIN}/receivables/settings`;
    expect((await d.call('GET', settings, rep.cookie)).statusCode).toBe(403);
    const accounting = await d.staffWithTotp('accounting');
    const read = await d.call('GET', settings, accounting.cookie);
    const was = read.json() as Record<string, unknown>;
    expect(was).toEqual({
      invoiceOn: 'placed',
      defaultTerms: 'net_15',
      timeZone: 'America/Chicago',
      holdAfterDays: 30,
    });
    const bad = await d.call('PUT', settings, accounting.cookie, {
      ...was,
      timeZone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('timeZone');
    const saved = await d.call('PUT', settings, accounting.cookie, {
      ...was,
      timeZone: 'America/New_York',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // 03:00 UTC is 22:00 the day before in New York, too; Tokyo is a day ahead.
    await d.call('PUT', settings, accounting.cookie, { ...was, timeZone: 'Asia/Tokyo' });
    const tokyo = await placeAgain(o);
    expect((await d.documents(o.owner.cookie, tokyo))[0]!.invoiceDate).toBe('2026-11-27');
    // The database's day and the app's (dayIn) are the same day, in either zone.
    expect(dayIn('Asia/Tokyo', clock())).toBe('2026-11-27');
    expect(dayIn('America/Chicago', clock())).toBe('2026-11-26');
    await d.call('PUT', settings, accounting.cookie, was);
  });
});
