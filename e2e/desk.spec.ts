import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  adultContext,
  BASE_URL,
  hasHorizontalScroll,
  launch,
  look,
  seriousAxeViolations,
  watchErrors,
} from './support/browser-session.ts';
import { formatCents } from '#shared/money.ts';
import { verifiedBuyer } from './support/buyers.ts';
import { notification } from './support/forms.ts';
import { leadApi, staffMember, staffPage } from './support/staff.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const headers = { origin: BASE_URL };

/** Two options of disposable vapes in stock, each with a quantity in whole cases (Texas sells them to licensed buyers). */
async function twoVapes(page: Page) {
  const listing = await (
    await page.request.get('/api/v1/catalogue/listing?categoryId=disposable-vapes&inStock=true')
  ).json();
  const options: { sku: string; quantity: number }[] = [];
  for (const item of listing.items) {
    const detail = await (
      await page.request.get(
        `/api/v1/catalogue/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`,
      )
    ).json();
    const option = detail.variants.find((v: { stock: number }) => v.stock >= 40);
    if (!option) continue;
    const rule = option.quantityRule as { minQuantity: number; increment: number };
    options.push({
      sku: option.sku,
      quantity: Math.ceil(Math.max(rule.minQuantity, 2) / rule.increment) * rule.increment,
    });
    if (options.length === 2) return options;
  }
  throw new Error('no two disposable vapes in stock');
}

/**
 * At the desk: one option pasted, its price negotiated 10% down with a reason, and the draft sent
 * as a quote; the quote's number and the unit price it offers.
 */
async function sendQuote(
  page: Page,
  companyId: string,
  business: string,
  option: { sku: string; quantity: number },
) {
  await page.goto(`/admin/desk/${companyId}`);
  await page.getByRole('heading', { name: `Order desk — ${business}` }).waitFor();
  const paste = page.getByRole('form', { name: 'Paste lines' });
  await paste.getByLabel('Lines to add').fill(`${option.sku} ${option.quantity}`);
  await paste.getByRole('button', { name: 'Add lines' }).click();
  await page.getByRole('status').filter({ hasText: '1 line added.' }).waitFor();
  const draft = await (await page.request.get(`/api/v1/admin/desk/${companyId}`)).json();
  const unitPriceCents = Math.max(1, Math.round(draft.lines[0].unitPriceCents * 0.9));
  await page.getByRole('button', { name: /^Negotiate price of / }).click();
  const priceForm = page.getByRole('form', { name: /^Negotiate the price of / });
  await priceForm.getByLabel('Unit price in dollars').fill((unitPriceCents / 100).toFixed(2));
  await priceForm.getByLabel('Reason').fill('Matched a competitor on the phone.');
  await priceForm.getByRole('button', { name: 'Save price' }).click();
  await page.getByText('Matched a competitor on the phone.').first().waitFor();
  await page
    .getByRole('form', { name: 'Send as quote' })
    .getByRole('button', { name: 'Send as quote' })
    .click();
  const sent = page.getByRole('status').filter({ hasText: new RegExp(`Quote Q-\\d+ sent to ${business}`) });
  await sent.waitFor();
  const number = /Q-\d+/.exec(await sent.innerText())![0];
  assert.deepEqual(await seriousAxeViolations(page), []);
  await look(page, 'desk-quote-sent');
  await page.getByRole('link', { name: `Open quote ${number}` }).click();
  await page.getByText('Matched a competitor on the phone.').first().waitFor();
  await page.setViewportSize({ width: 360, height: 800 });
  assert.equal(await hasHorizontalScroll(page), false, 'the staff quote page fits a phone');
  await look(page, 'quote-staff-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await look(page, 'quote-staff-desktop');
  return { number, unitPriceCents };
}

/**
 * Decision 016, parts 2, 3 and 4: a sales rep takes a phone order for their company's second shop
 * from a pasted list, then changes a quantity before it ships; the company's buyers see who placed
 * it and the revision; then sends a quote at a negotiated price, which the owner accepts.
 */
describe('the order desk', () => {
  test("a sales rep takes a phone order from a pasted list for a company's second shop and changes it before it ships; the buyer sees who took it and the revision, then accepts a quote at the negotiated price", async () => {
    const stamp = Date.now().toString(36);
    const business = `Desk Journey ${stamp}`;
    const owner = await verifiedBuyer(browser, {
      prefix: 'desk-owner',
      businessName: business,
      address: { streetAddress: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201' },
      licence: 'TX',
    });
    const shop = await owner.context.request.post('/api/v1/account/addresses', {
      headers,
      data: {
        streetAddress: '5 Congress Ave',
        streetAddress2: '',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        name: 'Austin shop',
      },
    });
    assert.equal(shop.status(), 201, await shop.text());
    const [first, second] = await twoVapes(owner.page);

    const lead = await leadApi();
    const found = await (await lead.get(`/api/v1/admin/companies?q=${encodeURIComponent(business)}`)).json();
    const companyId = found.companies[0].id as string;
    const repName = `Dee Desk ${stamp}`;
    const rep = await staffMember({ authenticator: true, role: 'sales', name: repName });
    const named = await lead.put(`/api/v1/admin/companies/${companyId}/sales-rep`, {
      data: { salesRepId: rep.id },
    });
    assert.ok(named.ok(), await named.text());

    // The rep opens the company and takes the order there.
    const context = await adultContext(browser);
    const page = await staffPage(context, rep, 'Dashboard');
    const errors = watchErrors(page);
    await page.goto(`/admin/companies/${companyId}`);
    await page.getByRole('link', { name: 'Take an order' }).click();
    await page.getByRole('heading', { name: `Order desk — ${business}` }).waitFor();

    // For the Austin shop, by delivery, with a note for the buyer and one for staff.
    const details = page.getByRole('form', { name: 'Order details' });
    await details.getByLabel('Location').selectOption({ label: 'Austin shop — Austin, TX' });
    await details.getByLabel('Note for the buyer').fill('As discussed on the phone.');
    await details.getByLabel('Internal note').fill('Called in by the owner.');
    await details.getByRole('button', { name: 'Save details' }).click();
    await notification(page, 'Saved.');

    // The list the owner read out, pasted, with a line the catalogue does not know.
    const paste = page.getByRole('form', { name: 'Paste lines' });
    await paste
      .getByLabel('Lines to add')
      .fill(`${first!.sku} ${first!.quantity}\n${second!.sku},${second!.quantity}\nNOT-A-SKU 3`);
    await paste.getByRole('button', { name: 'Add lines' }).click();
    await page.getByRole('status').filter({ hasText: '2 lines added; 1 line was not.' }).waitFor();
    await page.getByRole('list', { name: 'Lines not added' }).getByText('NOT-A-SKU').waitFor();
    await page
      .getByRole('textbox', { name: /^Quantity of / })
      .first()
      .waitFor();
    assert.equal(await page.getByRole('textbox', { name: /^Quantity of / }).count(), 2);
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(page), false, 'the desk fits a phone');
    await look(page, 'desk-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await look(page, 'desk-desktop');

    await page.getByRole('button', { name: 'Place order' }).click();
    await notification(page, new RegExp(`Order SS-\\d+ placed for ${business}\\.`));
    await page.waitForURL(/\/admin\/orders\/SS-\d+$/);
    const number = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByText(`Taken at the desk by ${repName}`).waitFor();
    await page.getByText('Called in by the owner.').waitFor();
    await look(page, 'desk-order-placed');

    // The owner rings back before the truck leaves: one more case of the first line (part 4).
    await page.getByRole('button', { name: 'Change order' }).click();
    const panel = page
      .getByRole('heading', { name: `Change order ${number}` })
      .locator('xpath=ancestor::section[1]');
    const firstQuantity = panel
      .getByRole('list', { name: 'Lines of the change' })
      .getByRole('textbox', { name: /^Quantity of / })
      .first();
    await firstQuantity.fill(String(first!.quantity * 2));
    await panel.getByRole('button', { name: 'Preview' }).click();
    await panel
      .getByRole('region', { name: 'Preview of the change' })
      .getByText(`${first!.quantity} → ${first!.quantity * 2}`)
      .first()
      .waitFor();
    await panel.getByLabel('Reason (the buyer sees it)').fill('Owner asked for a second case.');
    await look(page, 'order-change-preview');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await notification(page, `Order ${number} changed; the buyer is emailed the revised order.`);
    await page.getByText('Owner asked for a second case.').first().waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(page), false, 'the changed order fits a phone');
    await look(page, 'order-changed-360');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A quote for the next delivery: the second option at a price negotiated on the phone (part 3).
    const quoted = await sendQuote(page, companyId, business, second!);
    assert.deepEqual(errors, []);
    await context.close();

    // The owner's orders page: the order, taken by the rep for the company, and its revision.
    await owner.page.goto('/orders');
    await owner.page.getByText(`Placed by ${repName} for ${business}`).first().waitFor();
    await owner.page.getByText(number).first().waitFor();
    await owner.page
      .getByText(/^Revised .* \(1 change\)$/)
      .first()
      .click();
    await owner.page.getByText('Owner asked for a second case.').first().waitFor();
    await look(owner.page, 'order-revised-buyer');

    // The owner opens the quote from the mail's link and accepts it at the negotiated price.
    await owner.page.goto(`/quotes/${quoted.number}`);
    await owner.page.getByText(formatCents(quoted.unitPriceCents)).first().waitFor();
    assert.deepEqual(await seriousAxeViolations(owner.page), []);
    await owner.page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(owner.page), false, 'the quote fits a phone');
    await look(owner.page, 'quote-buyer-360');
    await owner.page.setViewportSize({ width: 1280, height: 900 });
    await look(owner.page, 'quote-buyer-desktop');
    await owner.page.getByRole('button', { name: 'Accept quote' }).click();
    const accepted = owner.page.getByText(
      new RegExp(`Quote ${quoted.number} accepted: order SS-\\d+ placed\\.`),
    );
    await accepted.waitFor();
    const orderNumber = /SS-\d+/.exec(await accepted.innerText())![0];
    const orders = await (await owner.page.request.get('/api/v1/orders')).json();
    const order = orders.orders.find((o: { orderNumber: string }) => o.orderNumber === orderNumber);
    assert.deepEqual(
      order.items.map((i: { unitPriceCents: number; quantity: number }) => [i.unitPriceCents, i.quantity]),
      [[quoted.unitPriceCents, second!.quantity]],
    );
    await look(owner.page, 'quote-accepted');
    await owner.context.close();
  });
});
