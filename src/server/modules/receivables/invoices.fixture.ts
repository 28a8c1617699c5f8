import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { orderChangeFixture } from '#server/modules/orders/order-change.fixture.ts';
import { OrderChangePreviewSchema } from '#shared/orders/order-change.schemas.ts';
import { InvoiceListSchema, type InvoiceSummary } from '#shared/receivables/invoices.schemas.ts';
import { CompanyLedgerSchema } from '#shared/receivables/payments.schemas.ts';
import type { TestContext } from '#tests/test-app.ts';

/** The PDF's text, page by page, read back with pdf.js (decision 017: tests read what a shop reads). */
export async function pdfText(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await doc.destroy();
  return pages;
}

/**
 * A company with an order of two options (each with 1,000 in stock) and what the property tests
 * do with it: place more orders, change one before it ships, cancel one of its items. Each says
 * whether it happened (a change or a cancellation of an order that shipped or has nothing left
 * is refused, and that is no failure).
 */
function lifeOf(d: ReturnType<typeof orderChangeFixture>, t: () => TestContext) {
  return async function companyLife() {
    const o = await d.orderOfTwo();
    await t().database.query('update variants set stock = 1000 where id = any($1::int[])', [
      [o.a.id, o.b.id],
    ]);
    await t().app.catalogue.changed();
    const orders = [o.number];
    const pick = (i: number) => orders[i % orders.length]!;
    async function order(a: number, b: number): Promise<boolean> {
      if (!a && !b) return false;
      if (a) await d.f.add(o.owner.cookie, o.a.sku, a);
      if (b) await d.f.add(o.owner.cookie, o.b.sku, b);
      const res = await d.f.call(
        'POST',
        '/api/v1/orders',
        o.owner.cookie,
        d.f.orderBody({
          shippingType: 'Shiptoaddress',
          locationId: o.loc,
          shippingDetails: { ...d.f.shipping, state: 'TX' },
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      orders.push(res.json().order.orderNumber);
      return true;
    }
    async function change(cookie: string, which: number, a: number, b: number): Promise<boolean> {
      const number = pick(which);
      const [row] = await t().database.query<{ version: number }>(
        'select version from orders where number = $1',
        [number],
      );
      const lines = [
        ...(a ? [{ sku: o.a.sku, quantity: a }] : []),
        ...(b ? [{ sku: o.b.sku, quantity: b }] : []),
      ];
      if (!lines.length) return false;
      const body = { version: row!.version, lines, shippingType: 'Shiptoaddress' };
      const p = await d.call('POST', `${ADMIN}/orders/${number}/change/preview`, cookie, body);
      if (p.statusCode !== 200) return false; // shipped or cancelled: nothing to change
      const preview = OrderChangePreviewSchema.parse(p.json());
      const res = await d.call('POST', `${ADMIN}/orders/${number}/change`, cookie, {
        ...body,
        reason: 'property',
        expectedTotalCents: preview.after.totalCents,
        revision: preview.revision,
      });
      expect([200, 409], res.body).toContain(res.statusCode);
      return res.statusCode === 200;
    }
    async function cancel(cookie: string, which: number, line: 'a' | 'b'): Promise<boolean> {
      const sku = line === 'a' ? o.a.sku : o.b.sku;
      const res = await d.call('POST', `${ADMIN}/orders/${pick(which)}/items/${sku}/status`, cookie, {
        status: 'cancelled',
      });
      expect([200, 404, 409], res.body).toContain(res.statusCode);
      return res.statusCode === 200;
    }
    return { o, orders, order, change, cancel };
  };
}

/** Orders with invoices, and the invoice routes, for the receivables tests. */
export function invoicesFixture(getT: () => TestContext, clock: () => Date) {
  const d = orderChangeFixture(getT, clock);
  const t = () => getT();

  /** An order's documents as a member (`cookie`) or staff (`staff: true`) reads them. */
  async function documents(cookie: string, order: string, staff = false): Promise<InvoiceSummary[]> {
    const res = await d.call('GET', `${staff ? ADMIN : '/api/v1'}/invoices?order=${order}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return InvoiceListSchema.parse(res.json()).invoices;
  }

  async function pdf(cookie: string, number: string, staff = false) {
    const res = await d.call('GET', `${staff ? ADMIN : '/api/v1'}/invoices/${number}/pdf`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    return (await pdfText(res.rawPayload)).join('\n');
  }

  /** What the order's documents add up to: invoices less credit notes. */
  async function netInvoiced(order: string): Promise<number> {
    const [row] = await t().database.query<{ n: number }>(
      `select coalesce(sum(case i.kind when 'invoice' then i.total_cents else -i.total_cents end), 0)::integer as n
       from invoices i join orders o on o.id = i.order_id where o.number = $1`,
      [order],
    );
    return row!.n;
  }

  /** What the order owes now: items not cancelled, their excise, and its fee while any is left. */
  async function owed(order: string): Promise<number> {
    const [row] = await t().database.query<{ n: number }>(
      `select (coalesce(sum(i.quantity * i.unit_price_cents + i.excise_cents), 0)
         + case when count(i.id) > 0 then min(o.shipping_cents) else 0 end)::integer as n
       from orders o left join order_items i on i.order_id = o.id and i.status <> 'cancelled'
       where o.number = $1 group by o.id`,
      [order],
    );
    return row!.n;
  }

  const setInvoiceOn = (on: 'placed' | 'shipped') =>
    t().database.query('update receivables_settings set invoice_on = $1 where id = 1', [on]);

  /**
   * An invoice as if issued `days` earlier (its dates and what is left of it moved back): the
   * tests' way to an overdue invoice without moving the clock past the sessions' life. The
   * immutability trigger is set aside for the one statement.
   */
  async function backdate(number: string, days: number) {
    await t().database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table invoices disable trigger invoices_immutable`);
      await tx.execute(sql`update invoices set invoice_date = invoice_date - ${days}::integer,
        due_date = due_date - ${days}::integer, issued_at = issued_at - make_interval(days => ${days}::integer)
        where number = ${number}`);
      await tx.execute(sql`update invoice_balances b set due_date = i.due_date from invoices i
        where i.id = b.invoice_id and i.number = ${number}`);
      await tx.execute(sql`alter table invoices enable trigger invoices_immutable`);
    });
  }

  /** A payment recorded by staff (201), applied oldest first unless `apply` says. */
  async function pay(
    cookie: string,
    companyId: string,
    amountCents: number,
    apply: unknown = 'oldest',
    over = {},
  ) {
    return d.call('POST', `${ADMIN}/companies/${companyId}/payments`, cookie, {
      amountCents,
      receivedOn: '2026-11-27',
      method: 'check',
      reference: 'CHK 1001',
      note: '',
      apply,
      ...over,
    });
  }

  async function ledger(cookie: string, companyId: string) {
    const res = await d.call('GET', `${ADMIN}/companies/${companyId}/ledger`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return CompanyLedgerSchema.parse(res.json());
  }

  /**
   * The ledger's invariants, for every company, read from the tables (decision 017): what a company
   * owes is its invoices less credit notes less payments plus refunds, and equals what its invoices
   * still owe less its unused credit; no payment nor credit note gives more than it has; no invoice
   * is paid more than its total; each series' numbers run without a gap.
   */
  async function expectLedgerInvariants() {
    const db = t().database;
    const broken = await db.query<{ company_id: string; owed: string; open: string }>(`
      select c.id as company_id,
        (coalesce((select sum(case kind when 'invoice' then total_cents else -total_cents end) from invoices where company_id = c.id), 0)
          - coalesce((select sum(amount_cents) from payments where company_id = c.id and voided_at is null), 0)
          + coalesce((select sum(amount_cents) from refunds where company_id = c.id), 0))::text as owed,
        (coalesce((select sum(case kind when 'invoice' then open_cents else -open_cents end) from invoice_balances where company_id = c.id), 0)
          - coalesce((select sum(unapplied_cents) from payments where company_id = c.id and voided_at is null), 0))::text as open
      from companies c`);
    expect(broken.filter((r) => r.owed !== r.open)).toEqual([]);
    expect(
      await db.query(`
        select i.number from invoices i join invoice_balances b on b.invoice_id = i.id
        where b.open_cents < 0 or b.open_cents > i.total_cents
          or (i.kind = 'invoice' and i.total_cents - b.open_cents <> coalesce((select sum(amount_cents) from allocations a where a.invoice_id = i.id), 0))
          or (i.kind = 'credit_note' and i.total_cents - b.open_cents <> coalesce((select sum(amount_cents) from allocations a where a.credit_note_id = i.id), 0)
            + coalesce((select sum(amount_cents) from refunds r where r.credit_note_id = i.id), 0))`),
    ).toEqual([]);
    expect(
      await db.query(`
        select p.number from payments p where p.voided_at is null and p.amount_cents - p.unapplied_cents <>
          coalesce((select sum(amount_cents) from allocations a where a.payment_id = p.id), 0)
          + coalesce((select sum(amount_cents) from refunds r where r.payment_id = p.id), 0)`),
    ).toEqual([]);
    expect(
      await db.query(
        'select a.id from allocations a join payments p on p.id = a.payment_id where p.voided_at is not null',
      ),
    ).toEqual([]);
    const gaps = await db.query<{ series: string }>(`
      select split_part(number, '-', 1) as series from (
        select number from invoices union all select number from payments) n
      group by split_part(number, '-', 1), split_part(number, '-', 2)
      having max(split_part(number, '-', 3)::integer) <> count(*)`);
    expect(gaps).toEqual([]);
  }

  const companyLife = lifeOf(d, t);

  return {
    ...d,
    companyLife,
    documents,
    pdf,
    netInvoiced,
    owed,
    setInvoiceOn,
    backdate,
    pay,
    ledger,
    expectLedgerInvariants,
  };
}
