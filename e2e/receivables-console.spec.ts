import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  adultContext,
  BASE_URL,
  hasHorizontalScroll,
  launch,
  look,
  seriousAxeViolations,
  watchErrors,
} from './support/browser-session.ts';
import { verifiedBuyer } from './support/buyers.ts';
import { expectFieldError, notification } from './support/forms.ts';
import { staffMember, staffPage } from './support/staff.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const headers = { origin: BASE_URL };

/**
 * Decision 017, the console's side: accounting finds a company on the Receivables page, records a
 * payment against its invoice on the company's page, voids it with a reason, and sees the order's
 * invoice on the order's page.
 */
describe('receivables in the console', () => {
  test('accounting records a payment on a company’s invoice and voids it; the order shows its invoice', async () => {
    const stamp = Date.now().toString(36);
    const business = `Receivables Journey ${stamp}`;
    const buyer = await verifiedBuyer(browser, {
      prefix: 'receivables-owner',
      businessName: business,
      address: { streetAddress: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201' },
      licence: 'TX',
    });
    // An accessory in stock, for pickup: the store invoices when the order is placed.
    const listing = await (
      await buyer.context.request.get('/api/v1/catalogue/listing?categoryId=water-pipes&inStock=true')
    ).json();
    const item = listing.items[0];
    const detail = await (
      await buyer.context.request.get(
        `/api/v1/catalogue/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`,
      )
    ).json();
    const option = detail.variants.find((v: { stock: number }) => v.stock > 0);
    const added = await buyer.context.request.post('/api/v1/cart/items', {
      headers,
      data: { items: [{ variantId: option.sku, quantity: 1 }] },
    });
    assert.ok(added.ok(), await added.text());
    const placed = await buyer.context.request.post('/api/v1/orders', {
      headers,
      data: {
        shippingType: 'Pickup',
        shippingDetails: {
          name: 'Casey Buyer',
          businessName: business,
          address: '1 Main St',
          city: 'Dallas',
          state: 'TX',
          postalCode: '75201',
        },
        comments: '',
        idempotencyKey: randomUUID(),
      },
    });
    assert.equal(placed.status(), 201, await placed.text());
    const orderNumber: string = (await placed.json()).order.orderNumber;
    await buyer.context.close();

    const accountant = await staffMember({ authenticator: true, role: 'accounting', name: 'Ada Accounts' });
    const context = await adultContext(browser);
    const page = await staffPage(context, accountant, 'Orders');
    const errors = watchErrors(page);
    const menu = page.getByRole('navigation', { name: 'Console' });
    const entries = (await menu.getByRole('link').allTextContents()).map((t) =>
      t.replace(/,?\s*\d+.*$/, '').trim(),
    );
    assert.deepEqual(entries, ['Orders', 'Companies', 'Receivables', 'Buyers', 'My account', 'Storefront']);

    // The Receivables page, searched for the company.
    await menu.getByRole('link', { name: 'Receivables' }).click();
    await page.getByRole('heading', { name: 'Receivables', level: 1 }).waitFor();
    const filters = page.getByRole('form', { name: 'Filter receivables' });
    await filters.getByLabel('Search').fill(business);
    await filters.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('table', { name: 'Receivables' }).getByRole('link', { name: business }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await look(page, 'receivables-page');
    await page.getByRole('link', { name: business }).click();

    // The company's receivables: the invoice, a payment of $1.00 applied oldest first.
    await page.getByRole('heading', { name: 'Receivables', level: 2 }).waitFor();
    const documents = page.getByRole('table', { name: 'Invoices and credit notes' });
    await documents.getByText(orderNumber).waitFor();
    const payment = page.getByRole('form', { name: 'Record payment' });
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expectFieldError(payment.getByLabel('Amount ($)'), 'Enter an amount greater than $0.00.');
    await payment.getByLabel('Amount ($)').fill('1');
    await payment.getByLabel('Reference', { exact: false }).fill(`CHK ${stamp}`);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await notification(page, /Payment PAY-\d{4}-\d+ of \$1\.00 recorded\./);
    const payments = page.getByRole('table', { name: 'Payments' });
    await payments.getByText(`CHK ${stamp}`).waitFor();
    await documents.getByText('Partly paid').waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(page), false, 'the company’s receivables fit a phone');
    await look(page, 'receivables-company-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await look(page, 'receivables-company-desktop');

    // Void it, saying why.
    await payments.getByRole('button', { name: /^Void PAY-/ }).click();
    await page.getByLabel('Why').fill('Entered on the wrong company.');
    await page.getByRole('button', { name: 'Void payment' }).click();
    await notification(page, /Payment PAY-\d{4}-\d+ voided\./);
    await payments.getByText(/Entered on the wrong company\./).waitFor();

    // The order's page lists its invoice with the PDF.
    await page.goto(`/admin/orders/${orderNumber}`);
    const invoices = page.getByRole('table', { name: `Invoices of ${orderNumber}` });
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    await invoices.getByText('Invoice', { exact: true }).waitFor();
    const pdf = await page.request.get(
      (await invoices.getByRole('link', { name: /^PDF of INV-/ }).getAttribute('href'))!,
    );
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    await look(page, 'receivables-order');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
