import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QuickOrderLines } from '#web/components/catalogue/quick-order-lines.tsx';
import { makeQuickOrderLine, unknownQuickOrderLine } from '#tests/web-kit.tsx';

const line = makeQuickOrderLine;
const unknown = (n: number) => unknownQuickOrderLine(n);

const show = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('quick order lines', () => {
  it('keeps the pasted order, marks each line to fix where it stands, and says how many need fixing', () => {
    const short = line(4, { status: 'short', problem: 'Only 1 in stock.', addedQuantity: 0 });
    show(<QuickOrderLines title="Checked items" lines={[line(1), unknown(2), line(3), short]} />);

    const region = screen.getByRole('region', { name: 'Checked items' });
    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/^Lines? \d/).textContent)).toEqual([
      'Line 1 · SKU-1',
      'Line 2 · SKU-2',
      'Line 3 · SKU-3',
      'Line 4 · SKU-4',
    ]);
    // The mark is text a screen reader reads with the line, not only a colour or an icon.
    expect(rows.map((r) => r.textContent?.match(/^(Ready|Needs fixing)/)?.[0])).toEqual([
      'Ready',
      'Needs fixing',
      'Ready',
      'Needs fixing',
    ]);
    expect(within(region).getByText('2 lines need fixing')).toBeTruthy();
    expect(within(rows[1]!).getByText('No option has this SKU.')).toBeTruthy();
    expect(within(rows[3]!).getByText('Only 1 in stock.')).toBeTruthy();
  });

  it('says so when one line needs fixing, and when none does', () => {
    const { unmount } = show(<QuickOrderLines title="Checked items" lines={[unknown(1), line(2)]} />);
    expect(screen.getByText('1 line needs fixing')).toBeTruthy();
    unmount();
    show(<QuickOrderLines title="Checked items" lines={[line(1), line(2)]} />);
    expect(screen.getByText('Every line is ready')).toBeTruthy();
  });

  it("reports a saved list's line that went in part by what was added and its total, and what was not and why", () => {
    // The server's answer for a list line of 20 when 18 were in stock: 18 went in, at $10.25.
    const partly = line(1, {
      quantity: 20,
      status: 'short',
      problem: 'Only 18 in stock.',
      addedQuantity: 18,
      unitPriceCents: 1025,
      lineTotalCents: 18_450,
    });
    const gone = line(2, { status: 'outOfStock', problem: 'Out of stock.', addedQuantity: 0 });
    show(<QuickOrderLines title="Not added in full" lines={[partly, gone]} report />);

    const region = screen.getByRole('region', { name: 'Not added in full' });
    expect(within(region).getByText('1 line added in part, 1 not added')).toBeTruthy();
    const [first, second] = within(region).getAllByRole('listitem');
    expect(first!.textContent).toMatch(/^Added in part/);
    expect(first!.textContent).toContain('18 of 20 added');
    expect(first!.textContent).toContain('$184.50');
    expect(first!.textContent).toContain('18 × $10.25 per box of 10');
    expect(first!.textContent).toContain('2 not added: Only 18 in stock.');
    expect(first!.textContent).not.toContain('$205.00');
    // Nothing of the other went in: no total, only what it costs each.
    expect(second!.textContent).toMatch(/^Not added/);
    expect(second!.textContent).toContain('Out of stock.');
    expect(second!.textContent).not.toContain('$20.50');
  });
});
