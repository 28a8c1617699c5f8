import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeOrder, makeStore, ok, renderPage } from '#tests/web-kit.tsx';
import { InvoicePage } from './invoice-page.tsx';

describe("the buyer's order invoice page", () => {
  it("shows the order's issued documents through the invoices feature's slot (decision 017)", async () => {
    fakeApi({ 'GET store': ok(makeStore()), 'GET orders/SS-1042': ok(makeOrder()) });
    renderPage(<InvoicePage />, {
      path: '/invoice?order=SS-1042',
      route: '/invoice',
      slots: { OrderInvoices: ({ orderNumber }) => <p>Documents of {orderNumber}</p> },
    });
    expect(await screen.findByText('Documents of SS-1042')).toBeTruthy();
  });
});
