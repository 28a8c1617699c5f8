import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import type { MemberContext } from '#server/http/request-context.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { orderMessages } from '#shared/orders/orders.schemas.ts';
import type { Invoice, InvoiceSummary } from '#shared/receivables/invoices.schemas.ts';
import { receivablesMessages } from '#shared/receivables/receivables.messages.ts';
import type { PaymentTerms } from '#shared/receivables/terms.ts';
import { invoiceLines, invoices } from './receivables.table.ts';

const first = alias(invoices, 'first_invoice');

/** Who is reading: a company's member (their role: a buyer sees only the orders they placed) or staff (a rep: their companies). */
export type InvoiceReader =
  | { kind: 'member'; userId: string; companyId: string | null; role: string | null }
  | { kind: 'staff'; companyScope: string | null };

/**
 * The invoices a reader may see: a member, their company's (a buyer, only those of orders they
 * placed; a login without a company, its own orders'); staff, every one (a sales rep, their
 * companies'). What a reader may not see is as if it did not exist (404).
 */
function visibleTo(reader: InvoiceReader): SQL | undefined {
  if (reader.kind === 'staff')
    return reader.companyScope
      ? sql`exists (select 1 from ${companies} where ${companies.id} = ${invoices.companyId}
          and ${companies.salesRepId} = ${reader.companyScope})`
      : undefined;
  if (!reader.companyId) return and(eq(invoices.userId, reader.userId), isNull(invoices.companyId));
  const company = eq(invoices.companyId, reader.companyId);
  return reader.role === 'buyer' ? and(company, eq(invoices.userId, reader.userId)) : company;
}

const summaryColumns = {
  id: invoices.id,
  number: invoices.number,
  kind: invoices.kind,
  orderNumber: invoices.orderNumber,
  references: first.number,
  reason: invoices.reason,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  terms: invoices.terms,
  totalCents: invoices.totalCents,
};

function summary(row: { [K in keyof typeof summaryColumns]: unknown }): InvoiceSummary {
  const r = row as {
    number: string;
    kind: 'invoice' | 'credit_note';
    orderNumber: string;
    references: string | null;
    reason: string;
    invoiceDate: string;
    dueDate: string;
    terms: PaymentTerms;
    totalCents: number;
  };
  return {
    number: r.number,
    kind: r.kind,
    orderNumber: r.orderNumber,
    references: r.references,
    reason: r.reason,
    invoiceDate: r.invoiceDate,
    dueDate: r.dueDate,
    terms: r.terms,
    totalCents: r.totalCents,
  };
}

/** Whether the reader may see the order at all: its company's member, or staff (a rep, their companies'). */
function orderVisibleTo(reader: InvoiceReader): SQL | undefined {
  if (reader.kind === 'staff')
    return reader.companyScope
      ? sql`exists (select 1 from ${companies} where ${companies.id} = ${orders.companyId}
          and ${companies.salesRepId} = ${reader.companyScope})`
      : undefined;
  return reader.companyId
    ? eq(orders.companyId, reader.companyId)
    : and(eq(orders.userId, reader.userId), isNull(orders.companyId));
}

/**
 * An order's invoices and credit notes, in the order they were issued (none yet: an empty list;
 * a buyer reading a colleague's order: empty too). An order the reader may not see is 404.
 */
export async function orderInvoices(
  db: Db,
  reader: InvoiceReader,
  orderNumber: string,
): Promise<InvoiceSummary[]> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, orderNumber), orderVisibleTo(reader)));
  if (!order) throw new NotFound(orderMessages.orderNotFound);
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .leftJoin(first, eq(first.id, invoices.referencesId))
    .where(and(eq(invoices.orderId, order.id), visibleTo(reader)))
    .orderBy(
      asc(invoices.issuedAt),
      sql`${invoices.referencesId} is not null`,
      asc(invoices.kind),
      asc(invoices.number),
    );
  return rows.map(summary);
}

/** One invoice or credit note whole, with its lines, as its PDF prints it; 404 when the reader may not see it. */
export async function invoiceDocument(db: Db, reader: InvoiceReader, number: string): Promise<Invoice> {
  const [row] = await db
    .select({ ...summaryColumns, invoice: invoices })
    .from(invoices)
    .leftJoin(first, eq(first.id, invoices.referencesId))
    .where(and(eq(invoices.number, number), visibleTo(reader)));
  if (!row) throw new NotFound(receivablesMessages.invoiceNotFound);
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, row.id))
    .orderBy(asc(invoiceLines.position));
  const i = row.invoice;
  return {
    ...summary(row),
    issuedAt: i.issuedAt.toISOString(),
    billTo: i.billTo,
    shipTo: i.shipTo,
    licenses: i.licenses,
    exciseState: i.exciseState,
    subtotalCents: i.subtotalCents,
    shippingCents: i.shippingCents,
    exciseCents: i.exciseCents,
    lines: lines.map((l) => ({
      sku: l.sku,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      amountCents: l.amountCents,
      exciseCents: l.exciseCents,
      delivery: l.lineKey === 'delivery',
    })),
  };
}

/** The reader a member's request makes. */
export const memberReader = (
  ctx: Pick<MemberContext, 'userId' | 'companyId'>,
  role: string | null,
): InvoiceReader => ({
  kind: 'member',
  userId: ctx.userId,
  companyId: ctx.companyId,
  role,
});
