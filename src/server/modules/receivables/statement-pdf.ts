import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { Statement } from '#shared/receivables/payments.schemas.ts';
import {
  type Column,
  type DocumentIssuer,
  finishPdf,
  issuerBlock,
  MARGIN,
  PAGE_BOTTOM,
  startPdf,
  tableHeader,
  tableRows,
} from './pdf-document.ts';

const COLUMNS: readonly Column[] = [
  { title: 'Date', x: 50, width: 70, align: 'left' },
  { title: 'Document', x: 122, width: 96, align: 'left' },
  { title: 'Description', x: 220, width: 190, align: 'left' },
  { title: 'Amount', x: 412, width: 72, align: 'right' },
  { title: 'Balance', x: 486, width: 76, align: 'right' },
];

/** A company's statement for a period as a PDF (decision 017): opening balance, entries, closing balance. */
export function renderStatementPdf(
  statement: Statement,
  issuer: DocumentIssuer,
  made: Date,
): Promise<Buffer> {
  const { doc, bytes } = startPdf(
    `Statement ${statement.company.businessName} ${statement.from} to ${statement.to}`,
    issuer.storeName,
    made,
  );
  const left = issuerBlock(doc, issuer);
  doc.font('bold').fontSize(18).text('STATEMENT', 342, MARGIN, { width: 220, align: 'right' });
  doc
    .font('regular')
    .fontSize(10)
    .text(statement.company.businessName, 342, doc.y + 4, { width: 220, align: 'right' });
  doc.text(`${formatDay(statement.from)} to ${formatDay(statement.to)}`, 342, doc.y, {
    width: 220,
    align: 'right',
  });
  let y = Math.max(left, doc.y) + 18;
  doc
    .font('bold')
    .fontSize(10)
    .text(`Opening balance ${formatCents(statement.openingCents)}`, MARGIN, y, { width: 512 });
  y = tableHeader(doc, COLUMNS, doc.y + 10);
  y = tableRows(
    doc,
    COLUMNS,
    statement.entries.map((e) => [
      formatDay(e.date),
      e.number,
      e.description,
      formatCents(e.amountCents),
      formatCents(e.balanceCents),
    ]),
    y,
  );
  if (y + 40 > PAGE_BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc
    .font('bold')
    .fontSize(11)
    .text(`Closing balance ${formatCents(statement.closingCents)}`, MARGIN, y + 10, {
      width: 512,
      align: 'right',
    });
  doc
    .font('regular')
    .fontSize(9)
    .text(
      statement.closingCents < 0
        ? `You have ${formatCents(-statement.closingCents)} of credit with us.`
        : `Please call ${issuer.phone} with any question about this statement.`,
      MARGIN,
      doc.y + 8,
      { width: 512 },
    );
  finishPdf(doc, `${issuer.storeName} · Statement ${statement.company.businessName}`);
  return bytes;
}
