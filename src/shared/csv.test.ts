import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv } from './csv.ts';

describe('csv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    // A plain negative amount stays a number a spreadsheet adds up; anything more is defused.
    expect(csvCell('-1.60')).toBe('-1.60');
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell(-1e21)).toBe('-1e+21'); // a number is never a formula, whatever its text
    for (const formula of ['=1+2', '-1.60=', '-1.', '-.5', '--1', '-', '+1.60', '-1.6.0', '-1e3', '@1'])
      expect(csvCell(formula), formula).toBe(`'${formula}`);
    expect(csvCell(null)).toBe('');
  });

  it('reads back what it writes, line breaks and formulas included', () => {
    const values = ['a,b', 'two\r\nlines', '=cmd', '-minus', 'q"uote', '', 'x'];
    const text = `\ufeff${csvLine(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7'])}\r\n${csvLine(values)}\r\n\r\n`;
    const { rows, lines, error } = parseCsv(text);
    expect(error).toBeUndefined();
    expect(rows).toEqual([['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7'], values]);
    expect(lines).toEqual([1, 2]);
  });

  it('counts lines across quoted line breaks and reports an unclosed quote', () => {
    const { lines } = parseCsv('a\n"b\nc"\nd');
    expect(lines).toEqual([1, 2, 4]);
    expect(parseCsv('a\n"b,c\n').error).toEqual({ line: 2, message: 'A quoted cell is never closed.' });
  });

  it('treats a formula character after the first as plain text, both ways', () => {
    for (const value of ['A-100', 'B=2', 'C+D', 'me@example.com', 'a\tb'])
      expect([csvCell(value), parseCsv(`${value},x`).rows[0]]).toEqual([value, [value, 'x']]);
  });

  it('keeps a cell’s own leading apostrophe through a round trip, before a formula character too', () => {
    const values = ["'quoted", "'-5", "'=1+1", "''@home", "'"];
    const { rows } = parseCsv(csvLine(values));
    expect(rows).toEqual([values]);
    expect(csvCell("'-5")).toBe("''-5");
    expect(csvCell("'quoted")).toBe("'quoted");
  });

  it('reads an apostrophe before a formula character as the export’s escape, and drops it', () => {
    expect(parseCsv("'=SUM(A1),'+1,'@x,'-2").rows).toEqual([['=SUM(A1)', '+1', '@x', '-2']]);
    // Without the apostrophe (a file saved by a spreadsheet), the text is read as it is.
    expect(parseCsv('=SUM(A1),-2').rows).toEqual([['=SUM(A1)', '-2']]);
  });

  it('keeps a row that starts with an empty cell', () => {
    const { rows, lines } = parseCsv(',x\nname,\n');
    expect(rows).toEqual([
      ['', 'x'],
      ['name', ''],
    ]);
    expect(lines).toEqual([1, 2]);
  });

  it('ends a row at \\n, \\r\\n or a lone \\r, skipping blank lines but counting them', () => {
    const { rows, lines } = parseCsv('a,1\n\nb,2\r\rc,3\r\n\r\nd,4');
    expect(rows).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', '4'],
    ]);
    expect(lines).toEqual([1, 3, 5, 7]);
  });

  it('reads a quote inside an unquoted cell as a character, not the start of a quoted cell', () => {
    expect(parseCsv('5" screen,x\ny').rows).toEqual([['5" screen', 'x'], ['y']]);
  });
});
