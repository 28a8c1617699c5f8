import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { StoreSettings } from '#server/modules/store/store-settings.ts';
import type { Invoice } from '#shared/receivables/invoices.schemas.ts';
import type { Statement } from '#shared/receivables/payments.schemas.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoiceDocument } from './invoice-reads.ts';
import type { DocumentIssuer } from './pdf-document.ts';
import { invoices } from './receivables.table.ts';
import { renderStatementPdf } from './statement-pdf.ts';

/** The store as its documents name it, as the settings say today. */
async function issuer(settings: StoreSettings): Promise<DocumentIssuer> {
  const store = await settings.get();
  return {
    storeName: store.storeName,
    address: store.contact.address,
    phone: store.contact.phone,
    email: store.contact.email,
  };
}

/** An invoice's PDF, named by its number. */
export async function invoicePdfFile(
  settings: StoreSettings,
  invoice: Invoice,
): Promise<{ filename: string; content: Buffer }> {
  return {
    filename: `${invoice.number}.pdf`,
    content: await renderInvoicePdf(invoice, await issuer(settings)),
  };
}

/** A statement's PDF, named by its period. */
export async function statementPdfFile(
  settings: StoreSettings,
  statement: Statement,
  made: Date,
): Promise<{ filename: string; content: Buffer }> {
  return {
    filename: `statement-${statement.from}-to-${statement.to}.pdf`,
    content: await renderStatementPdf(statement, await issuer(settings), made),
  };
}

/** The PDF as a download: never cached, never sniffed. */
export function sendPdf(reply: FastifyReply, file: { filename: string; content: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.content);
}

/** The files the outbox attaches to a mail: each invoice's PDF, made now from the document as issued. */
export async function invoiceAttachments(
  db: Db,
  settings: StoreSettings,
  refs: { invoice: string }[],
): Promise<{ filename: string; content: Buffer; contentType: string }[]> {
  const files = [];
  for (const ref of refs) {
    const [row] = await db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, ref.invoice));
    if (!row) throw new Error(`attachment: no invoice ${ref.invoice}`);
    const invoice = await invoiceDocument(db, { kind: 'staff', companyScope: null }, row.number);
    files.push({ ...(await invoicePdfFile(settings, invoice)), contentType: 'application/pdf' });
  }
  return files;
}
