import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * What the store's PDF documents (invoices, credit notes, statements; decision 017) share: pdfkit
 * with DejaVu Sans from the dejavu-fonts-ttf package embedded as a subset, so a document prints the
 * same everywhere; US Letter; a footer with "Page n of m" on every page.
 */
const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

export type Doc = InstanceType<typeof PDFDocument>;

export const MARGIN = 50;
/** Where a page's content ends: the footer is below. */
export const PAGE_BOTTOM = 792 - MARGIN - 40;
export const RIGHT = 562;

/** The store as its documents name it. */
export interface DocumentIssuer {
  storeName: string;
  address: string;
  phone: string;
  email: string;
}

/** A new document (fonts 'regular' and 'bold' registered) and the promise of its bytes once ended. */
export function startPdf(title: string, author: string, created: Date): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: author, CreationDate: created },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** The store's name and contact at the top left; where they end. */
export function issuerBlock(doc: Doc, issuer: DocumentIssuer): number {
  doc.font('bold').fontSize(16).text(issuer.storeName, MARGIN, MARGIN, { width: 290 });
  doc.font('regular').fontSize(9);
  for (const line of [issuer.address, issuer.phone, issuer.email]) doc.text(line, { width: 290 });
  return doc.y;
}

/** "<text> · Page n of m" at the foot of every page; then the document is ended. */
export function finishPdf(doc: Doc, text: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .text(`${text} · Page ${i - start + 1} of ${count}`, MARGIN, 792 - 36, { width: 512, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
}

export interface Column {
  title: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/** A table's header row and rule; where its rows start. */
export function tableHeader(doc: Doc, columns: readonly Column[], y: number): number {
  doc.font('bold').fontSize(9);
  for (const c of columns) doc.text(c.title, c.x, y, { width: c.width, align: c.align });
  const below = y + 14;
  doc.moveTo(MARGIN, below).lineTo(RIGHT, below).lineWidth(0.7).stroke();
  return below + 4;
}

/** Rows of a table, a new page (with the header again) when one would not fit; where it ends. */
export function tableRows(doc: Doc, columns: readonly Column[], rows: string[][], start: number): number {
  let y = start;
  doc.font('regular').fontSize(9);
  for (const cells of rows) {
    const height = Math.max(
      ...cells.map((text, i) => doc.heightOfString(text, { width: columns[i]!.width })),
    );
    if (y + height > PAGE_BOTTOM) {
      doc.addPage();
      y = tableHeader(doc, columns, MARGIN);
      doc.font('regular').fontSize(9);
    }
    cells.forEach((text, i) => {
      const c = columns[i]!;
      doc.text(text, c.x, y, { width: c.width, align: c.align });
    });
    y += height + 4;
  }
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.7).stroke();
  return y;
}
