import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { Invoice, InvoiceLicense } from '#shared/receivables/invoices.schemas.ts';
import { termsLabel } from '#shared/receivables/terms.ts';
import {
  type Column,
  type Doc,
  type DocumentIssuer,
  finishPdf,
  issuerBlock,
  MARGIN,
  PAGE_BOTTOM,
  startPdf,
  tableHeader,
  tableRows,
} from './pdf-document.ts';

/**
 * An invoice or credit note as a PDF a shop files (decision 017): the store's details, bill-to and
 * ship-to, the licenses the order relied on, the lines, excise by state, totals, terms and due date.
 */
const COLUMNS: readonly Column[] = [
  { title: 'SKU', x: 50, width: 84, align: 'left' },
  { title: 'Description', x: 138, width: 186, align: 'left' },
  { title: 'Qty', x: 326, width: 40, align: 'right' },
  { title: 'Unit price', x: 368, width: 62, align: 'right' },
  { title: 'Amount', x: 432, width: 66, align: 'right' },
  { title: 'Excise', x: 500, width: 62, align: 'right' },
];

const LICENSE_NAMES: Record<InvoiceLicense['kind'], string> = {
  sales_id: 'Sales ID',
  tobacco_license: 'Tobacco license',
};

function licenseText(l: InvoiceLicense): string {
  const where = [l.state, l.expiresOn ? `expires ${formatDay(l.expiresOn)}` : ''].filter(Boolean).join(', ');
  return `${LICENSE_NAMES[l.kind]} ${l.number || '(number not recorded)'}${where ? ` (${where})` : ''}`;
}

export function invoiceTitle(invoice: Pick<Invoice, 'kind' | 'references'>): string {
  if (invoice.kind === 'credit_note') return 'Credit note';
  return invoice.references ? 'Supplementary invoice' : 'Invoice';
}

/** The PDF's bytes. */
export function renderInvoicePdf(invoice: Invoice, issuer: DocumentIssuer): Promise<Buffer> {
  const { doc, bytes } = startPdf(
    `${invoiceTitle(invoice)} ${invoice.number}`,
    issuer.storeName,
    new Date(invoice.issuedAt),
  );
  let y = header(doc, invoice, issuer);
  y = parties(doc, invoice, y + 16);
  y = tableRows(doc, COLUMNS, lineCells(invoice), tableHeader(doc, COLUMNS, y + 14));
  y = totals(doc, invoice, y + 8);
  notes(doc, invoice, issuer, y + 18);
  finishPdf(doc, `${issuer.storeName} · ${invoice.number}`);
  return bytes;
}

function lineCells(invoice: Invoice): string[][] {
  return invoice.lines.map((line) => [
    line.delivery ? '' : line.sku,
    line.description,
    String(line.quantity),
    formatCents(line.unitPriceCents),
    formatCents(line.amountCents),
    line.delivery ? '' : formatCents(line.exciseCents),
  ]);
}

function header(doc: Doc, invoice: Invoice, issuer: DocumentIssuer): number {
  const left = issuerBlock(doc, issuer);
  doc
    .font('bold')
    .fontSize(18)
    .text(invoiceTitle(invoice).toUpperCase(), 342, MARGIN, { width: 220, align: 'right' });
  doc.fontSize(9);
  const facts: [string, string][] = [
    ['Number', invoice.number],
    ['Date', formatDay(invoice.invoiceDate)],
    ...(invoice.kind === 'invoice'
      ? ([
          ['Terms', termsLabel(invoice.terms)],
          ['Due', formatDay(invoice.dueDate)],
        ] as [string, string][])
      : []),
    ['Order', invoice.orderNumber],
    ...(invoice.references ? ([['Refers to', invoice.references]] as [string, string][]) : []),
  ];
  let y = doc.y + 4;
  for (const [label, value] of facts) {
    doc.font('regular').text(label, 342, y, { width: 90 });
    doc.font('bold').text(value, 432, y, { width: 130, align: 'right' });
    y = doc.y + 2;
  }
  return Math.max(left, y);
}

function block(doc: Doc, title: string, lines: string[], x: number, y: number): number {
  doc.font('bold').fontSize(9).text(title.toUpperCase(), x, y, { width: 240 });
  doc.font('regular').fontSize(10);
  for (const line of lines.filter(Boolean)) doc.text(line, x, doc.y, { width: 240 });
  return doc.y;
}

function parties(doc: Doc, invoice: Invoice, y: number): number {
  const { billTo, shipTo } = invoice;
  const billed = block(
    doc,
    'Bill to',
    [billTo.businessName, billTo.contactName, ...billTo.address, billTo.phone, billTo.email],
    MARGIN,
    y,
  );
  const shipped = block(
    doc,
    shipTo.shippingType === 'Pickup' ? 'Pickup by' : 'Ship to',
    shipTo.shippingType === 'Pickup'
      ? [shipTo.businessName, shipTo.name, 'Collected at the store']
      : [shipTo.businessName, shipTo.name, ...shipTo.address],
    322,
    y,
  );
  let next = Math.max(billed, shipped) + 10;
  doc.font('bold').fontSize(9).text('LICENSES RELIED ON', MARGIN, next, { width: 512 });
  doc.font('regular').fontSize(9);
  doc.text(
    invoice.licenses.length ? invoice.licenses.map(licenseText).join(' · ') : 'None on record when issued.',
    MARGIN,
    doc.y,
    { width: 512 },
  );
  next = doc.y;
  if (invoice.reason) {
    doc.font('bold').text('Reason: ', MARGIN, next + 6, { continued: true, width: 512 });
    doc.font('regular').text(invoice.reason);
    next = doc.y;
  }
  return next;
}

function totals(doc: Doc, invoice: Invoice, start: number): number {
  const credit = invoice.kind === 'credit_note';
  const rows: [string, string, boolean][] = [
    ['Subtotal', formatCents(invoice.subtotalCents), false],
    ['Delivery', formatCents(invoice.shippingCents), false],
    [`Excise (${invoice.exciseState})`, formatCents(invoice.exciseCents), false],
    [credit ? 'Total credit' : 'Total due', formatCents(invoice.totalCents), true],
  ];
  let y = start;
  if (y + rows.length * 16 > PAGE_BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  for (const [label, value, strong] of rows) {
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 11 : 9);
    doc.text(label, 342, y, { width: 120 });
    doc.text(value, 462, y, { width: 100, align: 'right' });
    y = doc.y + 3;
  }
  return y;
}

function notes(doc: Doc, invoice: Invoice, issuer: DocumentIssuer, y: number) {
  const lines =
    invoice.kind === 'credit_note'
      ? [
          `This credit note takes ${formatCents(invoice.totalCents)} off your account with ${issuer.storeName}.`,
        ]
      : [
          `Please pay by ${formatDay(invoice.dueDate)} and write ${invoice.number} on your payment.`,
          `We take checks, ACH and cards by phone: ${issuer.phone}.`,
        ];
  if (invoice.exciseCents !== 0)
    lines.push(
      `Excise by state: ${invoice.exciseState} ${formatCents(invoice.exciseCents)}, collected by the seller.`,
    );
  let at = y;
  if (y + lines.length * 14 > PAGE_BOTTOM) {
    doc.addPage();
    at = MARGIN;
  }
  doc.font('regular').fontSize(9).text(lines.join('\n'), MARGIN, at, { width: 512 });
}
