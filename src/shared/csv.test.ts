import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv } from './csv.ts';

describe('csv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
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
});
