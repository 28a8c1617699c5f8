import { screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { makeInvoiceSummary } from './invoices.fixture.ts';
import { OrderInvoices } from './order-invoices.tsx';

const first = makeInvoiceSummary();
const supplementary = makeInvoiceSummary({
  number: 'INV-2026-000007',
  references: 'INV-2026-000001',
  invoiceDate: '2026-11-09',
  dueDate: '2026-12-09',
  totalCents: 2500,
});
const credit = makeInvoiceSummary({
  number: 'CN-2026-000003',
  kind: 'credit_note',
  references: 'INV-2026-000001',
  reason: 'Two boxes arrived damaged',
  invoiceDate: '2026-11-12',
  totalCents: 3000,
});

const open = (answer: ReturnType<typeof ok>) => {
  const api = fakeApi({ 'GET invoices': answer });
  const view = renderPage(<OrderInvoices orderNumber="SS-1" />);
  return { ...api, ...view };
};

/** Waits for the order's documents to be read (or refused), and for the page to have shown the answer. */
async function settled(client: QueryClient, status: 'success' | 'error') {
  await waitFor(() =>
    expect(client.getQueryCache().findAll({ queryKey: ['invoices'] })[0]?.state.status).toBe(status),
  );
  await new Promise((r) => setTimeout(r, 50));
}

describe("an order's invoices on the buyer's order page (decision 017)", () => {
  it('lists each document with its kind, dates, total, PDF and a credit note’s reason', async () => {
    const { sent } = open(ok({ invoices: [first, supplementary, credit] }));
    const list = await screen.findByRole('list', { name: 'Invoices of order SS-1' });
    expect(sent('GET invoices')[0]!.query.get('order')).toBe('SS-1');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'Invoice INV-2026-000001',
      'Supplementary invoice INV-2026-000007',
      'Credit note CN-2026-000003',
    ]);
    expect(items[0]!.textContent).toContain('Nov 2, 2026');
    expect(items[0]!.textContent).toContain('Dec 2, 2026');
    expect(items[1]!.textContent).toContain('$25.00');
    expect(within(items[2]!).getByText('Two boxes arrived damaged')).toBeTruthy();
    expect(within(items[2]!).queryByText('Due')).toBeNull();
    expect(
      within(items[1]!).getByRole('link', { name: 'Download PDF of INV-2026-000007' }).getAttribute('href'),
    ).toBe('/api/v1/invoices/INV-2026-000007/pdf');
    expect(
      within(items[2]!).getByRole('link', { name: 'Download PDF of CN-2026-000003' }).getAttribute('href'),
    ).toBe('/api/v1/invoices/CN-2026-000003/pdf');
  });

  it('an order not invoiced yet shows nothing', async () => {
    const { container, client } = open(ok({ invoices: [] }));
    await settled(client, 'success');
    expect(container.textContent).toBe('');
  });

  it('an order that is not the member’s (404) shows nothing', async () => {
    const { container, client } = open(refused(404, 'Order not found'));
    await settled(client, 'error');
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
