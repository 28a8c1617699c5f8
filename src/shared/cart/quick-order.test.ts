import { describe, expect, test } from 'vitest';
import { parseQuickOrder, quickOrderMessages } from './quick-order.ts';

const entries = (text: string) => {
  const parsed = parseQuickOrder(text);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.entries;
};

describe('quick order text', () => {
  test('reads SKU and quantity separated by spaces, tabs, commas or semicolons, with line numbers', () => {
    expect(entries('A-1 2\n\nB-2\t3\r\nC-3, 4\n"D-4";5')).toEqual([
      { lines: [1], sku: 'A-1', quantity: 2, problem: null },
      { lines: [3], sku: 'B-2', quantity: 3, problem: null },
      { lines: [4], sku: 'C-3', quantity: 4, problem: null },
      { lines: [5], sku: 'D-4', quantity: 5, problem: null },
    ]);
  });

  test('skips a spreadsheet header only on the first line; the same SKU in any case is one line', () => {
    expect(entries('SKU,Quantity\nA-1,2\na-1,3')).toEqual([
      { lines: [2, 3], sku: 'A-1', quantity: 5, problem: null },
    ]);
    expect(entries('A-1 2\nsku quantity')[1]).toMatchObject({
      lines: [2],
      problem: quickOrderMessages.quantity,
    });
    expect(entries('A-1 ten')[0]).toMatchObject({ problem: quickOrderMessages.quantity });
  });

  test('names what is wrong with a line and goes on', () => {
    expect(entries('A-1\nB-2 1 2\nC-3 0\nD-4 -1\nE-5 1.5\nF-6 10001').map((e) => e.problem)).toEqual([
      quickOrderMessages.notALine,
      quickOrderMessages.notALine,
      quickOrderMessages.quantity,
      quickOrderMessages.quantity,
      quickOrderMessages.quantity,
      quickOrderMessages.quantity,
    ]);
    expect(entries(`${'X'.repeat(61)} 1`)[0]).toMatchObject({
      problem: quickOrderMessages.skuTooLong,
      sku: 'X'.repeat(60),
    });
  });

  test('refuses empty, too many lines or too long', () => {
    expect(parseQuickOrder(' \n\t')).toEqual({ problem: quickOrderMessages.empty });
    expect(parseQuickOrder(Array.from({ length: 501 }, (_, i) => `S${i} 1`).join('\n'))).toEqual({
      problem: quickOrderMessages.tooManyLines,
    });
    expect(parseQuickOrder('A'.repeat(40_001))).toEqual({ problem: quickOrderMessages.tooLong });
  });

  test('takes 500 lines and 40,000 characters exactly, each line read as written', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `S${i} ${i + 1}`);
    expect(entries(lines.join('\n'))).toEqual(
      lines.map((_, i) => ({ lines: [i + 1], sku: `S${i}`, quantity: i + 1, problem: null })),
    );
    const atLimit = `A-1 1${'\n'.repeat(40_000 - 5)}`;
    expect(atLimit).toHaveLength(40_000);
    expect(entries(atLimit)).toEqual([{ lines: [1], sku: 'A-1', quantity: 1, problem: null }]);
    expect(parseQuickOrder(`${atLimit}\n`)).toEqual({ problem: quickOrderMessages.tooLong });
  });
});

describe('quick order quantities and SKUs at their limits', () => {
  test('a quantity is any whole number from 1 to 10,000, of as many digits as that takes', () => {
    expect(
      entries('A 1\nB 20\nC 350\nD 9999\nE 10000\nF 010').map((e) => [e.sku, e.quantity, e.problem]),
    ).toEqual([
      ['A', 1, null],
      ['B', 20, null],
      ['C', 350, null],
      ['D', 9999, null],
      ['E', 10_000, null],
      ['F', 10, null],
    ]);
    expect(entries('A 0\nB 10001\nC 1e3\nD 12x').map((e) => e.problem)).toEqual([
      quickOrderMessages.quantity,
      quickOrderMessages.quantity,
      quickOrderMessages.quantity,
      quickOrderMessages.quantity,
    ]);
  });

  test('a SKU of 60 characters is read, one of 61 is refused on its own line', () => {
    const sku60 = 'X'.repeat(60);
    expect(entries(`${sku60} 5`)).toEqual([{ lines: [1], sku: sku60, quantity: 5, problem: null }]);
    expect(entries(`A-1 1\n\n${'Y'.repeat(61)} 5`)[1]).toEqual({
      lines: [3],
      sku: 'Y'.repeat(60),
      quantity: 0,
      problem: quickOrderMessages.skuTooLong,
    });
  });

  test('a line that is not a SKU and a quantity keeps its number and its text, trimmed and cut to 60', () => {
    const long = `${'Z'.repeat(40)} ${'W'.repeat(40)} 3`;
    expect(entries(`A-1 1\n   A-2 1 2   \n\n  ${long}`)).toEqual([
      { lines: [1], sku: 'A-1', quantity: 1, problem: null },
      { lines: [2], sku: 'A-2 1 2', quantity: 0, problem: quickOrderMessages.notALine },
      { lines: [4], sku: long.slice(0, 60), quantity: 0, problem: quickOrderMessages.notALine },
    ]);
  });

  test('a bad line does not absorb a later good line of the same SKU', () => {
    expect(entries('A-1 0\na-1 2\nA-1 3')).toEqual([
      { lines: [1], sku: 'A-1', quantity: 0, problem: quickOrderMessages.quantity },
      { lines: [2, 3], sku: 'a-1', quantity: 5, problem: null },
    ]);
  });

  test('two lines of one SKU never add up past 10,000', () => {
    expect(entries('A-1 9000\nA-1 9000')).toEqual([
      { lines: [1, 2], sku: 'A-1', quantity: 10_000, problem: null },
    ]);
  });

  test('only a cell quoted whole loses its quotes; quotes inside a SKU stay', () => {
    expect(entries('"A-1" 2\nB-"2" 3\n"C"-3 4').map((e) => e.sku)).toEqual(['A-1', 'B-"2"', '"C"-3']);
  });

  test('a first line is a header only when it starts with a column name', () => {
    expect(entries('Item Qty\nA-1 2')).toEqual([{ lines: [2], sku: 'A-1', quantity: 2, problem: null }]);
    expect(entries('TOP-ITEM ten\nA-1 2')[0]).toEqual({
      lines: [1],
      sku: 'TOP-ITEM',
      quantity: 0,
      problem: quickOrderMessages.quantity,
    });
  });
});
