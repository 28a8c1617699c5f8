import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  adultContext,
  BASE_URL,
  launch,
  look,
  seriousAxeViolations,
  watchErrors,
} from './support/browser-session.ts';
import { expectFieldError, notification } from './support/forms.ts';
import { type BuyerSetUp, verifiedBuyer as verifiedBuyerIn } from './support/buyers.ts';
import { staffMember, staffPage } from './support/staff.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const headers = { origin: BASE_URL };
/** A buyer with verified documents (this spec's prefix), in this spec's browser. */
const verifiedBuyer = (setUp: Omit<BuyerSetUp, 'prefix'>) =>
  verifiedBuyerIn(browser, { ...setUp, prefix: 'compliance' });

describe('state compliance', () => {
  test('a Massachusetts buyer cannot check out a flavoured vape and sees why; another address can, with excise on the invoice; a rule staff add applies at once', async () => {
    // A buyer in Boston whose verified tobacco license is from Pennsylvania.
    const { context, page, staff } = await verifiedBuyer({
      businessName: 'Back Bay Vapes',
      address: { streetAddress: '1 Beacon St', city: 'Boston', state: 'MA', zipCode: '02108' },
      licence: 'PA',
    });
    const errors = watchErrors(page);

    // The listing marks what cannot go to Massachusetts (her license is from Pennsylvania), and
    // "Ships to my state" leaves it out.
    await page.goto('/categories?categoryId=disposable-vapes');
    await page.getByText("Can't ship to MA").first().waitFor();
    await look(page, 'listing-badges');
    await page.setViewportSize({ width: 360, height: 800 });
    await look(page, 'listing-badges-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Ships to my state (Massachusetts)').click();
    await page.waitForURL(/shipsTo=mine/);
    await page.getByText('0 products that ship to Massachusetts').waitFor();
    await page.getByLabel('Ships to my state (Massachusetts)').click();
    await page.waitForURL((url) => !url.search.includes('shipsTo'));
    await page.getByText("Can't ship to MA").first().waitFor();

    // A flavoured disposable in the cart; the product page already says it cannot go to Boston.
    const listing = await (
      await page.request.get('/api/v1/catalogue/listing?categoryId=disposable-vapes&inStock=true')
    ).json();
    const item = listing.items[0];
    await page.goto(`/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`);
    await page.getByText(/Massachusetts \(your default address\)/).waitFor();
    await page
      .getByText(/Flavoured vapes are banned: not sold into Massachusetts\./)
      .first()
      .waitFor();
    const detail = await (
      await page.request.get(
        `/api/v1/catalogue/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`,
      )
    ).json();
    const flavour = detail.variants.find(
      (v: { name: string; stock: number }) => !/tobacco|menthol/i.test(v.name) && v.stock > 0,
    );
    await page.getByRole('button', { name: `More ${flavour.name}`, exact: true }).click();
    await page.getByRole('button', { name: /^ADD TO CART/ }).click();
    await page
      .getByRole('dialog', { name: /^Your cart/ })
      .getByRole('button', { name: 'Checkout' })
      .click();

    // Checkout to Boston: the line is marked with the reason and Check out is refused.
    await page.waitForURL(/\/checkout$/);
    await page.getByLabel(/Deliver to address/).check();
    await page.getByText(/1 item cannot ship to Massachusetts/).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on a blocked checkout');
    // The button is aria-disabled (it stays focusable and says why when pressed).
    assert.equal(await page.getByRole('button', { name: 'Check out' }).getAttribute('aria-disabled'), 'true');
    await page.getByRole('button', { name: 'Check out' }).click({ force: true });
    await page
      .getByText(/These items cannot ship to the chosen address/)
      .first()
      .waitFor();
    // Pickup is judged for the store's own state, Texas: this buyer has no Texas license.
    await page.getByLabel(/Pickup in store/).check();
    await page
      .getByText(/needs your verified tobacco license issued by Texas/)
      .first()
      .waitFor();
    // Another address, in Pennsylvania: it may go there, with Pennsylvania's 40 % excise.
    await page.getByLabel(/Deliver to address/).check();
    await page.getByRole('button', { name: 'Edit Address' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Address' });
    await modal.getByLabel('Street address').fill('1500 Market St');
    await modal.getByLabel('City').fill('Philadelphia');
    await modal.getByLabel('State').selectOption('PA');
    await modal.getByLabel('ZIP code').fill('19102');
    await modal.getByRole('button', { name: 'Add address' }).click();
    await modal.getByRole('radio', { name: /1500 Market St/, checked: true }).waitFor();
    await modal.getByRole('button', { name: 'Done' }).click();
    await page.getByText('State excise (Pennsylvania)').waitFor();
    await page.getByRole('button', { name: 'Check out' }).click();
    await notification(page, 'Order Placed Successfully');
    await page.waitForURL(/\/orders\?placed=SS-\d+$/);
    const orders = await (await page.request.get('/api/v1/orders')).json();
    const order = orders.orders[0];
    assert.ok(order.exciseCents > 0, 'excise charged');
    await page
      .getByRole('link', { name: `View Invoice for ${order.orderNumber}` })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Invoice', level: 1 }).waitFor();
    await page.getByText('State excise (PA)').waitFor();

    // Staff add a rule: Pennsylvania takes no more vapes. The buyer's next checkout is refused at once.
    const rule = await staff.post('/api/v1/admin/compliance/rules', {
      data: {
        name: 'E2E: vapes paused in Pennsylvania',
        states: ['PA'],
        condition: { kinds: ['ends_device'] },
        effect: 'no_sale',
        effectiveFrom: new Date().toISOString().slice(0, 10),
        effectiveUntil: null,
        source: 'E2E journey',
      },
    });
    assert.ok(rule.ok(), await rule.text());
    await context.request.post('/api/v1/cart/items', {
      headers,
      data: { items: [{ variantId: flavour.sku, quantity: 1 }] },
    });
    await page.goto('/checkout');
    await page.getByLabel(/Deliver to address/).check();
    await page.getByRole('button', { name: 'Edit Address' }).click();
    await modal.getByRole('radio', { name: /1500 Market St/ }).check();
    await modal.getByRole('button', { name: 'Done' }).click();
    await page
      .getByText(/E2E: vapes paused in Pennsylvania: not sold into Pennsylvania\./)
      .first()
      .waitFor();
    await staff.post(`/api/v1/admin/compliance/rules/${(await rule.json()).id}/retire`);
    assert.deepEqual(
      errors.filter((e) => !/status of 409/.test(e)),
      [],
    );
    await staff.dispose();
    await context.close();
  });

  test('staff add, edit and retire a rule on the Compliance page; a wrong state code is refused under its box', async () => {
    const member = await staffMember({ authenticator: true });
    const context = await adultContext(browser);
    const page = await staffPage(context, member);
    await page.getByRole('link', { name: 'Compliance' }).click();
    await page.getByRole('heading', { name: 'Compliance', level: 1 }).waitFor();
    await page
      .getByRole('cell', { name: /Flavoured vapes are banned/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByLabel('Name (what buyers read)').fill('E2E: kratom paused in Nevada');
    await form.getByLabel('States').fill('NV, XX');
    await form.getByLabel('Kratom').check();
    await form.getByLabel('Source (law, regulation or notice, and when it was checked)').fill('E2E notice');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await expectFieldError(form.getByLabel('States'), 'Unknown state code.');
    await form.getByLabel('States').fill('NV');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await notification(page, 'Rule saved: the store applies it now.');
    const row = page.getByRole('row').filter({ hasText: 'E2E: kratom paused in Nevada' });
    await row.getByText('NV', { exact: true }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on the compliance page');
    await row.getByRole('button', { name: /^Edit E2E: kratom paused/ }).click();
    const edit = page.getByRole('form', { name: 'Edit E2E: kratom paused in Nevada' });
    await edit.getByLabel('States').fill('NV, UT');
    await edit.getByRole('button', { name: 'Save rule' }).click();
    await row.getByText('NV, UT').waitFor();
    await row.getByRole('button', { name: /^Retire E2E: kratom paused/ }).click();
    await notification(page, 'Rule retired.');
    await row.getByText('Retired').waitFor();

    // An excise rate: a rate that is not a number is refused under its box; then it is added and ended.
    await page.getByRole('button', { name: 'Add a rate' }).click();
    const rateForm = page.getByRole('form', { name: 'New excise rate' });
    await rateForm.getByLabel('State').selectOption('NV');
    await rateForm.getByLabel('Name (what buyers read)').fill('E2E Nevada e-liquid');
    await rateForm.getByLabel('Charged').selectOption('per_ml');
    await rateForm.getByLabel('Rate', { exact: true }).fill('five');
    await rateForm.getByLabel('E-liquid').check();
    await rateForm.getByLabel('Source (law or notice, and when it was checked)').fill('E2E notice');
    await rateForm.getByRole('button', { name: 'Add rate' }).click();
    await expectFieldError(
      rateForm.getByLabel('Rate', { exact: true }),
      'Enter the rate as a number, with at most three decimals.',
    );
    await rateForm.getByLabel('Rate', { exact: true }).fill('7.5');
    await rateForm.getByRole('button', { name: 'Add rate' }).click();
    await notification(page, 'Rate saved: carts and orders use it now.');
    const rateRow = page.getByRole('row').filter({ hasText: 'E2E Nevada e-liquid' });
    await rateRow.getByText('7.5¢ per ml of e-liquid').waitFor();
    await rateRow.getByRole('button', { name: 'Edit NV: E2E Nevada e-liquid' }).click();
    const editRate = page.getByRole('form', { name: 'Edit rate: NV, E2E Nevada e-liquid' });
    await editRate.getByLabel('Until (first day it no longer applies)').fill('2026-01-02');
    await editRate.getByLabel('From').fill('2026-01-01');
    await editRate.getByRole('button', { name: 'Save rate' }).click();
    await rateRow.getByText('Jan 1, 2026 → Jan 2, 2026').waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on the compliance page with a rate form');

    // A product's directory listing, from its editor.
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page
      .getByRole('link', { name: /.+/ })
      .filter({ has: page.locator('xpath=ancestor::td') })
      .first()
      .click();
    const listingForm = page.getByRole('form', { name: 'Set a directory listing' });
    await listingForm.waitFor();
    // Opened straight from the list, the product's brand is chosen in its box (not "Choose…").
    assert.notEqual(await page.getByLabel('Brand').inputValue(), '');
    await listingForm.getByLabel('State').selectOption('AL');
    await listingForm.getByLabel('Listing id').fill('AL-E2E-1');
    await listingForm.getByLabel('Listed on').fill('2026-11-01');
    await listingForm.getByRole('button', { name: 'Save listing' }).click();
    await notification(page, 'Listing saved: the store applies it now.');
    await page.getByRole('row').filter({ hasText: 'AL-E2E-1' }).getByText('Alabama').waitFor();
    await look(page, 'directory-listings');
    await context.close();
  });
  test('staff read the PACT Act report of the vapes delivered into a state, download it as CSV and see what is left to file', async () => {
    // A Reno shop licensed in Nevada orders a box of disposables for delivery.
    const buyer = await verifiedBuyer({
      businessName: 'Truckee River Smoke',
      address: { streetAddress: '50 Virginia St', city: 'Reno', state: 'NV', zipCode: '89501' },
      licence: 'NV',
    });
    const listing = await (
      await buyer.context.request.get('/api/v1/catalogue/listing?categoryId=disposable-vapes&inStock=true')
    ).json();
    const item = listing.items[0];
    const detail = await (
      await buyer.context.request.get(
        `/api/v1/catalogue/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`,
      )
    ).json();
    const option = detail.variants.find((v: { stock: number }) => v.stock > 0);
    await buyer.context.request.post('/api/v1/cart/items', {
      headers,
      data: { items: [{ variantId: option.sku, quantity: 1 }] },
    });
    const placed = await buyer.context.request.post('/api/v1/orders', {
      headers,
      data: {
        shippingType: 'Shiptoaddress',
        shippingDetails: {
          name: 'Casey Buyer',
          businessName: 'Truckee River Smoke',
          address: '50 Virginia St',
          city: 'Reno',
          state: 'NV',
          postalCode: '89501',
        },
        comments: '',
        idempotencyKey: randomUUID(),
      },
    });
    assert.equal(placed.status(), 201, await placed.text());
    const { orderNumber } = (await placed.json()).order;
    await buyer.staff.dispose();
    await buyer.context.close();

    const member = await staffMember({ authenticator: true });
    const context = await adultContext(browser);
    const page = await staffPage(context, member);
    const errors = watchErrors(page);
    await page.getByRole('link', { name: 'Compliance' }).click();
    await page.getByRole('link', { name: 'PACT Act report' }).click();
    await page.getByRole('heading', { name: 'PACT Act report', level: 1 }).waitFor();
    // Nevada's month is on the list to file (not over yet, so it cannot be marked filed).
    const month = new Date().toISOString().slice(0, 7);
    const monthLabel = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const due = page.getByRole('row').filter({ hasText: 'Nevada' });
    await due.getByText('Month not over').waitFor();
    await due.getByRole('link', { name: monthLabel }).click();
    await page
      .getByRole('heading', { name: `Delivery sales of ENDS and tobacco into Nevada, ${monthLabel}` })
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: orderNumber });
    await row.getByText('Truckee River Smoke').waitFor();
    await row.getByText('Reno, NV 89501').waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on the PACT Act report');
    await look(page, 'pact-desktop');
    await page.emulateMedia({ media: 'print' });
    await look(page, 'pact-print');
    await page.emulateMedia({ media: 'screen' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `pact-NV-${month}.csv`);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    assert.match(text, /^Date,Invoice,Business name,/);
    assert.ok(text.includes(`${orderNumber},Truckee River Smoke,Casey Buyer,`), text);
    await page.setViewportSize({ width: 360, height: 800 });
    await look(page, 'pact-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The order itself says how it stands with the rules, and where it is reported.
    await page.goto(`/admin/orders/${orderNumber}`);
    const compliance = page.getByRole('region', { name: 'Compliance' });
    await compliance.getByText('Nevada (delivery)').waitFor();
    await compliance.getByRole('cell', { name: 'May ship' }).waitFor();
    await compliance.getByRole('link', { name: `NV, ${monthLabel}` }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on an order with its compliance');
    await look(page, 'order-compliance');
    // A delivery ships with its carrier and tracking number.
    await page.getByRole('button', { name: 'Mark as Shipped…' }).click();
    const ship = page.getByRole('dialog', { name: `Mark ${orderNumber} as Shipped?` });
    await ship.getByLabel('Carrier').fill('UPS Ground');
    await ship.getByLabel('Tracking number (optional)').fill('1z 999 aa1 0123456784');
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on the shipping dialog');
    await look(page, 'order-ship-dialog');
    await ship.getByRole('button', { name: 'Mark as Shipped' }).click();
    await page.getByText('UPS Ground · 1Z999AA10123456784').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
