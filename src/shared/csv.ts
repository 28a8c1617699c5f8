/**
 * RFC 4180 CSV, both ways. Cells that a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return) are written with a leading apostrophe, and read back
 * without it, so an export imports unchanged. A cell whose own text already starts with
 * apostrophes before such a character gets one more, so its own apostrophes survive too.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A plain amount ("-1.60"): no formula, and a spreadsheet must read it as a number. */
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value == null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvCell).join(',');
}

export interface CsvParseError {
  line: number;
  message: string;
}

/**
 * Rows of cells. Quoted cells may hold commas, quotes ("") and line breaks; a byte-order mark
 * is ignored; blank lines are skipped. `lines[i]` is the line row i starts on, for messages.
 */
export function parseCsv(text: string): { rows: string[][]; lines: number[]; error?: CsvParseError } {
  const rows: string[][] = [];
  const lines: number[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') {
      rows.push(row.map(unescapeFormula));
      lines.push(rowLine);
    }
    row = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (quoted) return { rows, lines, error: { line: rowLine, message: 'A quoted cell is never closed.' } };
  if (cell !== '' || row.length) endRow();
  return { rows, lines };
}

/** Drops the apostrophe `csvCell` put before a formula (FORMULA_START reads past apostrophes). */
function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
