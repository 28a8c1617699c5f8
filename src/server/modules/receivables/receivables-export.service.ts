import { sql } from 'drizzle-orm';
import type { ScopedStaffContext } from '#server/http/request-context.ts';
import { csvLine } from '#shared/csv.ts';
import { METHOD_LABELS, type PaymentMethod } from '#shared/receivables/payments.schemas.ts';
import { termsLabel } from '#shared/receivables/terms.ts';
import { rowsOf } from './ledger.service.ts';

/**
 * The accounting export of a period (decision 017): invoices, credit notes or payments, as CSV.
 * `quickbooks`: the columns QuickBooks Online's invoice import reads (InvoiceNo, Customer,
 * InvoiceDate, DueDate, Terms, Memo, Item(Product/Service), ItemDescription, ItemQuantity,
 * ItemRate, ItemAmount), one row per line, dates MM/DD/YYYY, amounts in dollars; excise and
 * delivery as lines of their own. Credit notes take the same layout with CreditMemoNo and
 * CreditMemoDate; payments one row per invoice paid (PaymentDate, Customer, PaymentMethod,
 * ReferenceNo, Amount, InvoiceNo, AppliedAmount), the layout import tools for QuickBooks read.
 * `plain`: one row per document with amounts in cents, for a spreadsheet.
 */
export async function receivablesExport(
  ctx: ScopedStaffContext,
  q: {
    from: string;
    to: string;
    kind: 'invoices' | 'credit_notes' | 'payments';
    layout: 'quickbooks' | 'plain';
  },
): Promise<string> {
  const scope = ctx.companyScope ? sql`and c.sales_rep_id = ${ctx.companyScope}` : sql``;
  if (q.kind === 'payments') return paymentsCsv(ctx, q, scope);
  const kind = q.kind === 'invoices' ? 'invoice' : 'credit_note';
  const docs = rowsOf<Record<string, string | number>>(
    await ctx.db.execute(sql`
      select i.number, coalesce(c.business_name, i.bill_to->>'businessName') as customer, i.invoice_date::text as date,
        i.due_date::text as due, i.terms, i.order_number, i.reason, i.excise_state,
        i.subtotal_cents, i.shipping_cents, i.excise_cents, i.total_cents, r.number as refers_to
      from invoices i
      left join companies c on c.id = i.company_id
      left join invoices r on r.id = i.references_id
      where i.kind = ${kind} and i.invoice_date between ${q.from}::date and ${q.to}::date ${scope}
      order by i.invoice_date, i.number`),
  );
  if (q.layout === 'plain') {
    const head = [
      'Number',
      'Customer',
      'Date',
      'Due',
      'Terms',
      'Order',
      'Refers to',
      'Reason',
      'Subtotal (cents)',
      'Delivery (cents)',
      'Excise (cents)',
      'Excise state',
      'Total (cents)',
    ];
    return lines([
      head,
      ...docs.map((d) => [
        d.number,
        d.customer,
        d.date,
        d.due,
        termsLabel(String(d.terms)),
        d.order_number,
        d.refers_to ?? '',
        d.reason,
        Number(d.subtotal_cents),
        Number(d.shipping_cents),
        Number(d.excise_cents),
        d.excise_state,
        Number(d.total_cents),
      ]),
    ]);
  }
  const docLines = rowsOf<Record<string, string | number>>(
    await ctx.db.execute(sql`
      select i.number, l.sku, l.description, l.quantity, l.unit_price_cents, l.amount_cents, l.excise_cents, l.line_key
      from invoice_lines l join invoices i on i.id = l.invoice_id
      left join companies c on c.id = i.company_id
      where i.kind = ${kind} and i.invoice_date between ${q.from}::date and ${q.to}::date ${scope}
      order by i.invoice_date, i.number, l.position`),
  );
  const credit = kind === 'credit_note';
  const head = [
    credit ? 'CreditMemoNo' : 'InvoiceNo',
    'Customer',
    credit ? 'CreditMemoDate' : 'InvoiceDate',
    'DueDate',
    'Terms',
    'Memo',
    'Item(Product/Service)',
    'ItemDescription',
    'ItemQuantity',
    'ItemRate',
    'ItemAmount',
  ];
  const byNumber = new Map(docs.map((d) => [String(d.number), d]));
  const out: (string | number)[][] = [head];
  for (const number of byNumber.keys()) {
    const d = byNumber.get(number)!;
    const memo = [`Order ${d.order_number}`, d.refers_to ? `refers to ${d.refers_to}` : '', String(d.reason)]
      .filter(Boolean)
      .join('; ');
    const row = (item: string, description: string, qty: number, rate: number, amount: number) => [
      number,
      String(d.customer),
      usDate(String(d.date)),
      usDate(String(d.due)),
      termsLabel(String(d.terms)),
      memo,
      item,
      description,
      qty,
      dollars(rate),
      dollars(amount),
    ];
    for (const l of docLines.filter((x) => x.number === number)) {
      const delivery = l.line_key === 'delivery';
      out.push(
        row(
          delivery ? 'Delivery' : String(l.sku),
          String(l.description),
          Number(l.quantity),
          Number(l.unit_price_cents),
          Number(l.amount_cents),
        ),
      );
    }
    if (Number(d.excise_cents) !== 0)
      out.push(
        row(
          `Excise ${d.excise_state}`,
          `State excise, ${d.excise_state}`,
          1,
          Number(d.excise_cents),
          Number(d.excise_cents),
        ),
      );
  }
  return lines(out);
}

async function paymentsCsv(
  ctx: ScopedStaffContext,
  q: { from: string; to: string; layout: 'quickbooks' | 'plain' },
  scope: ReturnType<typeof sql>,
) {
  const rows = rowsOf<Record<string, string | number | boolean | null>>(
    await ctx.db.execute(sql`
      select p.number, c.business_name as customer, p.received_on::text as date, p.method, p.reference,
        p.amount_cents, p.unapplied_cents, p.voided_at is not null as voided, p.void_reason,
        i.number as invoice, a.amount_cents as applied
      from payments p join companies c on c.id = p.company_id
      left join allocations a on a.payment_id = p.id
      left join invoices i on i.id = a.invoice_id
      where p.received_on between ${q.from}::date and ${q.to}::date ${scope}
      order by p.received_on, p.number, i.number`),
  );
  const method = (m: unknown) => METHOD_LABELS[m as PaymentMethod] ?? String(m);
  if (q.layout === 'quickbooks')
    return lines([
      [
        'PaymentDate',
        'Customer',
        'PaymentMethod',
        'ReferenceNo',
        'Amount',
        'InvoiceNo',
        'AppliedAmount',
        'Memo',
      ],
      ...rows
        .filter((r) => r.voided !== true)
        .map((r) => [
          usDate(String(r.date)),
          String(r.customer),
          method(r.method),
          String(r.reference),
          dollars(Number(r.amount_cents)),
          String(r.invoice ?? ''),
          r.applied === null ? '' : dollars(Number(r.applied)),
          String(r.number),
        ]),
    ]);
  const seen = new Map<string, { row: (string | number)[]; applied: string[] }>();
  for (const r of rows) {
    const number = String(r.number);
    if (!seen.has(number))
      seen.set(number, {
        row: [
          number,
          String(r.customer),
          String(r.date),
          method(r.method),
          String(r.reference),
          Number(r.amount_cents),
          r.voided === true ? 0 : Number(r.unapplied_cents),
          r.voided === true ? `Voided: ${r.void_reason}` : '',
        ],
        applied: [],
      });
    if (r.invoice) seen.get(number)!.applied.push(`${r.invoice} ${Number(r.applied)}`);
  }
  return lines([
    [
      'Number',
      'Customer',
      'Date',
      'Method',
      'Reference',
      'Amount (cents)',
      'Unapplied (cents)',
      'Void',
      'Applied to (invoice cents)',
    ],
    ...[...seen.values()].map((s) => [...s.row, s.applied.join('; ')]),
  ]);
}

const lines = (rows: readonly (readonly (string | number | null | undefined)[])[]) =>
  `${rows.map((r) => csvLine(r as (string | number | null)[])).join('\r\n')}\r\n`;

/** A store day as QuickBooks reads it: MM/DD/YYYY. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** Cents as dollars with two decimals (never negative here: credit notes are their own file). */
const dollars = (cents: number) => (cents / 100).toFixed(2);
