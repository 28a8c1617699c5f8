import { expect } from 'vitest';
import { InvoiceListSchema, type InvoiceSummary } from '#shared/receivables/invoices.schemas.ts';
import type { TestContext } from '#tests/test-app.ts';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { orderChangeFixture } from '#server/modules/orders/order-change.fixture.ts';

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

  return { ...d, documents, pdf, netInvoiced, owed, setInvoiceOn };
}
