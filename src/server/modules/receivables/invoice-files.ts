import type { FastifyReply } from 'fastify';
import type { StoreSettings } from '#server/modules/store/store-settings.ts';
import type { Invoice } from '#shared/receivables/invoices.schemas.ts';
import type { Statement } from '#shared/receivables/payments.schemas.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { DocumentIssuer } from './pdf-document.ts';
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
