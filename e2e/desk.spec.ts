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
 * Decision 016, parts 2 and 4: a sales rep takes a phone order for their company's second shop
 * from a pasted list, then changes a quantity before it ships; the company's buyers see who placed
 * it and the revision.
 */
describe('the order desk', () => {
  test("a sales rep takes a phone order from a pasted list for a company's second shop and changes it before it ships; the buyer sees who took it and the revision", async () => {
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
    const page = await staffPage(context, rep, 'Orders');
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
    await owner.context.close();
  });
});
