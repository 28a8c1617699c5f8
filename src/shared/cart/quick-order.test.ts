import { describe, expect, test } from 'vitest';
import { parseQuickOrder, quickOrderMessages as qm } from './quick-order.ts';

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
    expect(entries('A-1 2\nsku quantity')[1]).toMatchObject({ lines: [2], problem: qm.quantity });
    expect(entries('A-1 ten')[0]).toMatchObject({ problem: qm.quantity });
  });

  test('names what is wrong with a line and goes on', () => {
    expect(entries('A-1\nB-2 1 2\nC-3 0\nD-4 -1\nE-5 1.5\nF-6 10001').map((e) => e.problem)).toEqual([
      qm.notALine,
      qm.notALine,
      qm.quantity,
      qm.quantity,
      qm.quantity,
      qm.quantity,
    ]);
    expect(entries(`${'X'.repeat(61)} 1`)[0]).toMatchObject({ problem: qm.skuTooLong, sku: 'X'.repeat(60) });
  });

  test('refuses empty, too many lines or too long', () => {
    expect(parseQuickOrder(' \n\t')).toEqual({ problem: qm.empty });
    expect(parseQuickOrder(Array.from({ length: 501 }, (_, i) => `S${i} 1`).join('\n'))).toEqual({
      problem: qm.tooManyLines,
    });
    expect(parseQuickOrder('A'.repeat(40_001))).toEqual({ problem: qm.tooLong });
    expect('entries' in parseQuickOrder(Array.from({ length: 500 }, (_, i) => `S${i} 1`).join('\n'))).toBe(
      true,
    );
  });
});
