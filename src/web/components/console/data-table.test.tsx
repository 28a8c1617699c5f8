import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, FoldingFilters } from './console-ui.tsx';

describe('a console table on a phone (decision 014, item 16)', () => {
  it("labels each cell with its column's name, for the card layout, and keeps the table's roles", () => {
    render(
      <DataTable caption="Buyers" head={['Business', 'State', '']}>
        <tr>
          <td>Chain Store 12</td>
          <td>TX</td>
          <td>
            <button type="button">Open</button>
          </td>
        </tr>
        <tr>
          <td colSpan={3}>Nothing else</td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Buyers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Business', 'State', '']);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.dataset.label ?? null)).toEqual(['Business', 'State', null, null]);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // The phone layout: cards below 640 px, the header row hidden there.
    expect(table.className).toMatch(/max-sm:block/);
    expect(table.querySelector('thead')!.className).toMatch(/max-sm:hidden/);
  });
});

describe("a list's filters on a phone (decision 014, item 16)", () => {
  it('fold behind a Filters button that says how many are set', () => {
    render(
      <FoldingFilters active={2}>
        <form aria-label="Filter orders" />
      </FoldingFilters>,
    );
    const button = screen.getByRole('button', { name: 'Filters (2 set)' });
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.className).toBe('max-sm:hidden');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).toBe('');
    expect(button.className).toMatch(/sm:hidden/);
  });
});
