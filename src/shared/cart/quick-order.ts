/*
 * Quick order, the text a buyer types, pastes or uploads (zod-free: the page reads it as it is
 * typed, the server reads it again): one line per option, its SKU then its quantity, separated by
 * spaces, a tab, a comma or a semicolon ("VX-100-MINT 20", "VX-100-MINT,20"). A first line naming
 * its columns ("sku,quantity") is a spreadsheet's header and is skipped; blank lines
 * are skipped. The same SKU twice is one line of the two quantities together.
 */

/** At most this many lines are read at once. */
export const QUICK_ORDER_MAX_LINES = 500;
/** At most this many characters (500 lines of a 60-character SKU and a quantity, and room). */
export const QUICK_ORDER_MAX_CHARS = 40_000;
/** A line's quantity is at most this (as a cart line's). */
export const QUICK_ORDER_MAX_QUANTITY = 10_000;

export const quickOrderMessages = {
  empty: 'Write at least one line: a SKU and a quantity, like VX-100-MINT 20.',
  tooManyLines: `Quick order takes at most ${QUICK_ORDER_MAX_LINES} lines at once.`,
  tooLong: `Quick order takes at most ${QUICK_ORDER_MAX_CHARS.toLocaleString('en-US')} characters at once.`,
  notALine: 'Write a SKU, then a quantity, like VX-100-MINT 20.',
  skuTooLong: 'A SKU is at most 60 characters.',
  quantity: `The quantity must be a whole number from 1 to ${QUICK_ORDER_MAX_QUANTITY.toLocaleString('en-US')}.`,
  unknown: 'No option has this SKU.',
  unavailable: 'This product is not sold at the moment.',
  outOfStock: 'Out of stock.',
  short: (available: number, inCart: number) =>
    inCart > 0
      ? `Only ${available} in stock, and ${inCart} already in your cart.`
      : `Only ${available} in stock.`,
  blocked: (stateName: string, reason: string) => `Cannot ship to ${stateName}: ${reason}`,
  /** Above the judged lines: how many are to fix (the lines stay in the order they were written). */
  toFix: (n: number) =>
    n === 0 ? 'Every line is ready' : `${n} line${n === 1 ? ' needs' : 's need'} fixing`,
  /** Above a fill's report (a saved list, Reorder all): what went in part and what not at all. */
  notAllAdded: (partly: number, none: number) =>
    [partly && `${partly} line${partly === 1 ? '' : 's'} added in part`, none && `${none} not added`]
      .filter(Boolean)
      .join(', '),
  checked: (ok: number, problems: number) =>
    `${ok} line${ok === 1 ? '' : 's'} ready${problems ? `, ${problems} to fix` : ''}.`,
  added: (n: number, skipped: number, partly = 0) =>
    n === 0
      ? 'Nothing was added: every line needs fixing.'
      : `Added ${n} line${n === 1 ? '' : 's'} to your cart${partly ? ` (${partly} in part)` : ''}${skipped ? `; ${skipped} not added` : ''}.`,
} as const;

/** A line as read: its SKU and quantity, or why it could not be read. */
export type QuickOrderEntry =
  | { lines: number[]; sku: string; quantity: number; problem: null }
  | { lines: number[]; sku: string; quantity: number; problem: string };

const SEPARATOR = /[\s,;]+/;
const WHOLE = /^\d+$/;
const HEADER = /^(sku|item|code|product|variant)/i;

/** The text's lines, read; or why the text as a whole cannot be (empty, too long). */
export function parseQuickOrder(text: string): { entries: QuickOrderEntry[] } | { problem: string } {
  if (text.length > QUICK_ORDER_MAX_CHARS) return { problem: quickOrderMessages.tooLong };
  const rows = text.split(/\r\n|\r|\n/);
  const entries: QuickOrderEntry[] = [];
  let read = 0;
  rows.forEach((row, index) => {
    const cells = row
      .trim()
      .split(SEPARATOR)
      .map((c) => c.replace(/^"(.*)"$/, '$1').trim())
      .filter(Boolean);
    if (!cells.length) return;
    read++;
    const line = index + 1;
    const [sku = '', quantityText = ''] = cells;
    // A spreadsheet's header: the first line read, naming its columns.
    if (read === 1 && HEADER.test(sku) && !/\d/.test(quantityText)) return;
    if (cells.length !== 2) {
      entries.push({
        lines: [line],
        sku: row.trim().slice(0, 60),
        quantity: 0,
        problem: quickOrderMessages.notALine,
      });
      return;
    }
    if (sku.length > 60) {
      entries.push({
        lines: [line],
        sku: sku.slice(0, 60),
        quantity: 0,
        problem: quickOrderMessages.skuTooLong,
      });
      return;
    }
    const quantity = WHOLE.test(quantityText) ? Number(quantityText) : Number.NaN;
    if (!(quantity >= 1 && quantity <= QUICK_ORDER_MAX_QUANTITY)) {
      entries.push({ lines: [line], sku, quantity: 0, problem: quickOrderMessages.quantity });
      return;
    }
    entries.push({ lines: [line], sku, quantity, problem: null });
  });
  if (read > QUICK_ORDER_MAX_LINES) return { problem: quickOrderMessages.tooManyLines };
  if (!entries.length) return { problem: quickOrderMessages.empty };
  return { entries: sameSkuOnce(entries) };
}

/**
 * The same SKU (in any case) on two lines is one line of both quantities, where it first stands:
 * each option is judged once (a pasted text, a saved list, an order's items).
 */
export function sameSkuOnce(entries: readonly QuickOrderEntry[]): QuickOrderEntry[] {
  const bySku = new Map<string, QuickOrderEntry>();
  const out: QuickOrderEntry[] = [];
  for (const e of entries) {
    const same = e.problem ? undefined : bySku.get(e.sku.toUpperCase());
    if (same) {
      same.lines = [...same.lines, ...e.lines];
      same.quantity = Math.min(same.quantity + e.quantity, QUICK_ORDER_MAX_QUANTITY);
      continue;
    }
    const copy = { ...e };
    if (!e.problem) bySku.set(e.sku.toUpperCase(), copy);
    out.push(copy);
  }
  return out;
}
