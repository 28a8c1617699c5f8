import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '#shared/receivables/invoices.schemas.ts';
import { fakeApi, makeAdminOrder, makeStaffMe, ok, refused, renderPage } from '#tests/web-kit.tsx';
import { OrderInvoices } from './order-invoices.tsx';

const doc = (number: string, over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  number,
  kind: 'invoice',
  orderNumber: 'SS-100001',
  references: null,
  reason: '',
  invoiceDate: '2026-11-20',
  dueDate: '2026-12-05',
  terms: 'net_15',
  totalCents: 40_000,
  ...over,
});

describe("an order's invoices in the console", () => {
  it('names each document’s kind, a credit note’s reason, and links its PDF', async () => {
    const { sent } = fakeApi({
      'GET admin/invoices': ok({
        invoices: [
          doc('INV-2026-000001'),
          doc('INV-2026-000002', { references: 'INV-2026-000001', reason: 'Lines added', totalCents: 5_000 }),
          doc('CN-2026-000001', {
            kind: 'credit_note',
            references: 'INV-2026-000001',
            reason: 'Item cancelled',
            totalCents: -2_000,
          }),
        ],
      }),
    });
    renderPage(<OrderInvoices orderNumber="SS-100001" />);
    const table = await screen.findByRole('table', { name: 'Invoices of SS-100001' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Invoice',
      'Supplementary invoiceto INV-2026-000001Lines added',
      'Credit noteto INV-2026-000001Item cancelled',
    ]);
    expect(rows[0]!.textContent).toContain('Dec 5, 2026 (Net 15)');
    expect(within(table).getByRole('link', { name: 'PDF of CN-2026-000001' }).getAttribute('href')).toBe(
      '/api/v1/admin/invoices/CN-2026-000001/pdf',
    );
    expect(sent('GET admin/invoices')[0]!.query.get('order')).toBe('SS-100001');
  });

  it('says when the order has no invoice yet', async () => {
    fakeApi({ 'GET admin/invoices': ok({ invoices: [] }) });
    renderPage(<OrderInvoices orderNumber="SS-100001" />);
    expect(await screen.findByText('No invoice issued for this order yet.')).toBeTruthy();
  });

  it('records units of a delivered item sent back; a refusal stays by its field', async () => {
    const order = makeAdminOrder({ orderNumber: 'SS-100001' });
    const item = { ...order.items[0]!, status: 'delivered' as const, quantity: 4 };
    const { sent } = fakeApi({
      'GET admin/invoices': ok({ invoices: [doc('INV-2026-000001')] }),
      'GET admin/orders/SS-100001': ok({ ...order, items: [item] }),
      'POST admin/orders/SS-100001/returns': refused(
        409,
        'Only 1 of this item can still be returned.',
        'quantity',
      ),
    });
    renderPage(<OrderInvoices orderNumber="SS-100001" />, { staff: makeStaffMe('accounting') });
    const form = await screen.findByRole('form', { name: 'Record a return' });
    fireEvent.change(within(form).getByLabelText('Units returned'), { target: { value: 'two' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record return' }));
    expect(await within(form).findByText('Enter a whole number.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Units returned'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Why'), { target: { value: 'Damaged' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record return' }));
    expect(await within(form).findByText('Only 1 of this item can still be returned.')).toBeTruthy();
    expect(sent('POST admin/orders/SS-100001/returns')[0]!.body).toEqual({
      sku: item.variantId,
      quantity: 2,
      reason: 'Damaged',
    });
  });

  it('a role without receivables, or an order with nothing delivered, has no return form', async () => {
    fakeApi({
      'GET admin/invoices': ok({ invoices: [doc('INV-2026-000001')] }),
      'GET admin/orders/SS-100001': ok(makeAdminOrder({ orderNumber: 'SS-100001' })),
    });
    renderPage(<OrderInvoices orderNumber="SS-100001" />, { staff: makeStaffMe('warehouse') });
    await screen.findByRole('table', { name: 'Invoices of SS-100001' });
    expect(screen.queryByRole('form', { name: 'Record a return' })).toBeNull();
  });
});
