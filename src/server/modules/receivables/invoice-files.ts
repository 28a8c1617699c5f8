import type { FastifyReply } from 'fastify';
import type { StoreSettings } from '#server/modules/store/store-settings.ts';
import type { Invoice } from '#shared/receivables/invoices.schemas.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/** An invoice's PDF, named by its number, with the store's details as the settings say today. */
export async function invoicePdfFile(
  settings: StoreSettings,
  invoice: Invoice,
): Promise<{ filename: string; content: Buffer }> {
  const store = await settings.get();
  const content = await renderInvoicePdf(invoice, {
    storeName: store.storeName,
    address: store.contact.address,
    phone: store.contact.phone,
    email: store.contact.email,
  });
  return { filename: `${invoice.number}.pdf`, content };
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
