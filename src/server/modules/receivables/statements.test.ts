import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#shared/csv.ts';
import { formatCents } from '#shared/money.ts';
import {
  MemberAccountSchema,
  ReceivablesListSchema,
  StatementSchema,
} from '#shared/receivables/payments.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { invoicesFixture, pdfText } from './invoices.fixture.ts';

/**
 * Balance, aging and statements (decision 017, steps 4 and 7): a member's "Invoices & payments",
 * a statement as a page and a PDF, the receivables page with its filters and CSV, and the
 * accounting export in QuickBooks Online's layout and plain.
 */
const clock = testClock(new Date('2026-11-27T15:00:00Z'));
const t = testAppForFile({ clock });
const d = invoicesFixture(() => t, clock);

let accounting: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  accounting = await d.staffWithTotp('accounting');
});

describe("a member's invoices & payments", () => {
  it('owners and viewers see the balance, aging and payments; a buyer only the invoices of their own orders', async () => {
    const o = await d.orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    expect((await d.pay(accounting.cookie, o.id, 1000)).statusCode).toBe(201);
    for (const cookie of [o.owner.cookie, o.viewer.cookie]) {
      const res = await d.call('GET', '/api/v1/account/invoices', cookie);
      expect(res.statusCode, res.body).toBe(200);
      const account = MemberAccountSchema.parse(res.json());
      expect(account.summary).toMatchObject({ balanceCents: invoice!.totalCents - 1000, overdueCents: 0 });
      expect(account.summary!.aging.current).toBe(invoice!.totalCents - 1000);
      expect(account.invoices.map((i) => [i.number, i.state])).toEqual([[invoice!.number, 'partly_paid']]);
      expect(account.payments.map((p) => p.amountCents)).toEqual([1000]);
      expect(JSON.stringify(account)).not.toContain('recordedBy');
    }
    const buyer = MemberAccountSchema.parse(
      (await d.call('GET', '/api/v1/account/invoices', o.buyer.cookie)).json(),
    );
    expect(buyer).toEqual({ summary: null, invoices: [], payments: [] });
    // Another company sees nothing of it.
    const other = await d.orderOfTwo();
    const theirs = MemberAccountSchema.parse(
      (await d.call('GET', '/api/v1/account/invoices', other.owner.cookie)).json(),
    );
    expect(theirs.invoices.map((i) => i.number)).not.toContain(invoice!.number);
    expect((await d.call('GET', '/api/v1/account/invoices')).statusCode).toBe(401);
  });
});

describe('statements', () => {
  it('opening balance, the period’s documents and payments with a running balance, closing balance; as a page and a PDF', async () => {
    const o = await d.orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    expect((await d.pay(accounting.cookie, o.id, 2500)).statusCode).toBe(201);
    const query = '?from=2026-11-01&to=2026-11-30';
    const res = await d.call('GET', `${ADMIN}/companies/${o.id}/statement${query}`, accounting.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const statement = StatementSchema.parse(res.json());
    expect(statement.openingCents).toBe(0);
    expect(statement.entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['invoice', invoice!.totalCents],
      ['payment', -2500],
    ]);
    expect(statement.closingCents).toBe(invoice!.totalCents - 2500);
    expect(statement.entries.at(-1)!.balanceCents).toBe(statement.closingCents);
    // A period after: it opens where this one closed.
    const after = StatementSchema.parse(
      (
        await d.call(
          'GET',
          `${ADMIN}/companies/${o.id}/statement?from=2026-12-01&to=2026-12-31`,
          accounting.cookie,
        )
      ).json(),
    );
    expect(after).toMatchObject({
      openingCents: statement.closingCents,
      closingCents: statement.closingCents,
      entries: [],
    });

    const pdf = await d.call('GET', `${ADMIN}/companies/${o.id}/statement.pdf${query}`, accounting.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    for (const s of [
      'STATEMENT',
      invoice!.number,
      `Opening balance ${formatCents(0)}`,
      `Closing balance ${formatCents(statement.closingCents)}`,
    ])
      expect(text).toContain(s);

    // The owner reads the same statement; a buyer may not; a bad period is a 400.
    const mine = StatementSchema.parse(
      (await d.call('GET', `/api/v1/account/statement${query}`, o.owner.cookie)).json(),
    );
    expect(mine.entries).toEqual(statement.entries);
    expect((await d.call('GET', `/api/v1/account/statement${query}`, o.viewer.cookie)).statusCode).toBe(200);
    expect((await d.call('GET', `/api/v1/account/statement${query}`, o.buyer.cookie)).statusCode).toBe(403);
    expect(
      (await d.call('GET', '/api/v1/account/statement?from=2026-12-01&to=2026-11-01', o.owner.cookie))
        .statusCode,
    ).toBe(400);
    expect((await d.call('GET', `/api/v1/account/statement.pdf${query}`, o.owner.cookie)).statusCode).toBe(
      200,
    );
    // A rep of another company's: 404.
    const rep = await d.staffWithTotp('sales');
    expect((await d.call('GET', `${ADMIN}/companies/${o.id}/statement${query}`, rep.cookie)).statusCode).toBe(
      404,
    );
  });
});

describe('the receivables page and the accounting export', () => {
  it('lists companies with balance, overdue, aging and hold; filters; CSV', async () => {
    const late = await d.orderOfTwo();
    const [lateInvoice] = await d.documents(late.owner.cookie, late.number);
    await d.backdate(lateInvoice!.number, 15 + 45);
    const paid = await d.orderOfTwo();
    const [paidInvoice] = await d.documents(paid.owner.cookie, paid.number);
    await d.pay(accounting.cookie, paid.id, paidInvoice!.totalCents + 700);
    const list = async (q: string) => {
      const res = await d.call('GET', `${ADMIN}/receivables${q}`, accounting.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return ReceivablesListSchema.parse(res.json());
    };
    const all = await list('');
    const lateRow = all.rows.find((r) => r.companyId === late.id)!;
    expect(lateRow).toMatchObject({
      balanceCents: lateInvoice!.totalCents,
      overdueCents: lateInvoice!.totalCents,
      onHold: true,
      oldestDaysPastDue: 45,
    });
    expect(lateRow.aging.d31_60).toBe(lateInvoice!.totalCents);
    expect(all.rows.find((r) => r.companyId === paid.id)).toMatchObject({
      balanceCents: -700,
      unappliedCents: 700,
    });
    expect((await list('?status=hold')).rows.map((r) => r.companyId)).toEqual([late.id]);
    expect((await list('?status=credit')).rows.map((r) => r.companyId)).toContain(paid.id);
    expect((await list('?status=overdue')).rows.map((r) => r.companyId)).not.toContain(paid.id);
    const [name] = await t.database.query<{ business_name: string }>(
      'select business_name from companies where id = $1',
      [late.id],
    );
    expect(
      (await list(`?q=${encodeURIComponent(name!.business_name)}`)).rows.map((r) => r.companyId),
    ).toContain(late.id);
    expect((await list('?q=%25_%5C')).rows).toEqual([]);

    const csv = await d.call('GET', `${ADMIN}/receivables/export.csv?status=hold`, accounting.cookie);
    expect(csv.statusCode).toBe(200);
    const { rows } = parseCsv(csv.body);
    expect(rows[0]![0]).toBe('Company');
    expect(rows.slice(1).map((r) => r.at(-1))).toEqual(['yes']);
  });

  it('exports a period’s invoices, credit notes and payments in QuickBooks Online’s layout and plain', async () => {
    const o = await d.orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    const admin = await d.staffWithTotp('admin');
    await d.call('POST', `${ADMIN}/orders/${o.number}/items/${o.b.sku}/status`, admin.cookie, {
      status: 'cancelled',
    });
    await d.pay(accounting.cookie, o.id, 1234);
    const get = async (q: string) => {
      const res = await d.call(
        'GET',
        `${ADMIN}/receivables/accounting.csv?from=2026-11-01&to=2026-11-30&${q}`,
        accounting.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      return parseCsv(res.body).rows;
    };
    const qbo = await get('kind=invoices&layout=quickbooks');
    expect(qbo[0]).toEqual([
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
    ]);
    const mine = qbo.filter((r) => r[0] === invoice!.number);
    expect(mine.map((r) => r[6]).sort()).toEqual(['Delivery', o.a.sku, o.b.sku].sort());
    expect(mine[0]!.slice(2, 5)).toEqual(['11/27/2026', '12/12/2026', 'Net 15']);
    const lines = mine.reduce((n, r) => n + Math.round(Number(r[10]) * 100), 0);
    expect(lines).toBe(invoice!.totalCents);
    const credits = await get('kind=credit_notes&layout=quickbooks');
    expect(credits[0]![0]).toBe('CreditMemoNo');
    const credit = credits.filter((r) => r[5]?.includes(o.number));
    expect(credit.map((r) => [r[6], r[10]])).toEqual([[o.b.sku, '10.00']]);
    const plain = await get('kind=invoices&layout=plain');
    expect(plain.find((r) => r[0] === invoice!.number)!.at(-1)).toBe(String(invoice!.totalCents));
    const payments = await get('kind=payments&layout=quickbooks');
    expect(payments[0]).toEqual([
      'PaymentDate',
      'Customer',
      'PaymentMethod',
      'ReferenceNo',
      'Amount',
      'InvoiceNo',
      'AppliedAmount',
      'Memo',
    ]);
    expect(payments.find((r) => r[5] === invoice!.number)).toMatchObject({ 4: '12.34', 6: '12.34' });
    expect(
      (
        await d.call(
          'GET',
          `${ADMIN}/receivables/accounting.csv?from=2026-12-01&to=2026-11-01&kind=invoices`,
          accounting.cookie,
        )
      ).statusCode,
    ).toBe(400);
    const rep = await d.staffWithTotp('sales');
    expect(
      (
        await d.call(
          'GET',
          `${ADMIN}/receivables/accounting.csv?from=2026-11-01&to=2026-11-30&kind=invoices`,
          rep.cookie,
        )
      ).statusCode,
    ).toBe(403);
  });
});
