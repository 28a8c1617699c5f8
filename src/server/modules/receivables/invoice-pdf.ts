import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { Invoice, InvoiceLicense } from '#shared/receivables/invoices.schemas.ts';
import { termsLabel } from '#shared/receivables/terms.ts';

/**
 * An invoice or credit note as a PDF a shop files (decision 017), made with pdfkit: DejaVu Sans
 * (from the dejavu-fonts-ttf package) embedded as a subset, so it prints the same everywhere; US
 * Letter; the store's details, bill-to and ship-to, the licenses the order relied on, the lines,
 * excise by state, totals, terms and due date; "Page n of m" on every page.
 */
const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/** The store as its documents name it. */
export interface DocumentIssuer {
  storeName: string;
  address: string;
  phone: string;
  email: string;
}

const MARGIN = 50;
const PAGE_BOTTOM = 792 - MARGIN - 40;
/** The lines table's columns: x, width, alignment. */
const COLUMNS = [
  { title: 'SKU', x: 50, width: 84, align: 'left' },
  { title: 'Description', x: 138, width: 186, align: 'left' },
  { title: 'Qty', x: 326, width: 40, align: 'right' },
  { title: 'Unit price', x: 368, width: 62, align: 'right' },
  { title: 'Amount', x: 432, width: 66, align: 'right' },
  { title: 'Excise', x: 500, width: 62, align: 'right' },
] as const;

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
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${invoiceTitle(invoice)} ${invoice.number}`,
      Author: issuer.storeName,
      CreationDate: new Date(invoice.issuedAt),
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = header(doc, invoice, issuer);
  y = parties(doc, invoice, y + 16);
  y = linesTable(doc, invoice, y + 14);
  y = totals(doc, invoice, y + 8);
  notes(doc, invoice, issuer, y + 18);
  footers(doc, invoice, issuer);
  doc.end();
  return done;
}

type Doc = InstanceType<typeof PDFDocument>;

function header(doc: Doc, invoice: Invoice, issuer: DocumentIssuer): number {
  doc.font('bold').fontSize(16).text(issuer.storeName, MARGIN, MARGIN, { width: 290 });
  doc.font('regular').fontSize(9);
  for (const line of [issuer.address, issuer.phone, issuer.email]) doc.text(line, { width: 290 });
  const left = doc.y;

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

function tableHeader(doc: Doc, y: number): number {
  doc.font('bold').fontSize(9);
  for (const c of COLUMNS) doc.text(c.title, c.x, y, { width: c.width, align: c.align });
  const below = y + 14;
  doc.moveTo(MARGIN, below).lineTo(562, below).lineWidth(0.7).stroke();
  return below + 4;
}

function linesTable(doc: Doc, invoice: Invoice, start: number): number {
  let y = tableHeader(doc, start);
  doc.font('regular').fontSize(9);
  for (const line of invoice.lines) {
    const cells = [
      line.delivery ? '' : line.sku,
      line.description,
      String(line.quantity),
      formatCents(line.unitPriceCents),
      formatCents(line.amountCents),
      line.delivery ? '' : formatCents(line.exciseCents),
    ];
    const height = Math.max(
      ...cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.width })),
    );
    if (y + height > PAGE_BOTTOM) {
      doc.addPage();
      y = tableHeader(doc, MARGIN);
      doc.font('regular').fontSize(9);
    }
    cells.forEach((text, i) => {
      const c = COLUMNS[i]!;
      doc.text(text, c.x, y, { width: c.width, align: c.align });
    });
    y += height + 4;
  }
  doc.moveTo(MARGIN, y).lineTo(562, y).lineWidth(0.7).stroke();
  return y;
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

function footers(doc: Doc, invoice: Invoice, issuer: DocumentIssuer) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .text(`${issuer.storeName} · ${invoice.number} · Page ${i - start + 1} of ${count}`, MARGIN, 792 - 36, {
        width: 512,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
  }
}
