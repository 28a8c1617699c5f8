import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { viewAsMessages } from '#shared/accounts/view-as.schemas.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';
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

/** An option of a disposable vape with stock to spare, and a quantity of it in whole cases. */
async function aVape(page: Page): Promise<{ sku: string; quantity: number }> {
  const listing = await (
    await page.request.get('/api/v1/catalogue/listing?categoryId=disposable-vapes&inStock=true')
  ).json();
  for (const item of listing.items) {
    const detail = await (
      await page.request.get(
        `/api/v1/catalogue/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`,
      )
    ).json();
    const option = detail.variants.find((v: { stock: number }) => v.stock >= 40);
    if (!option) continue;
    const rule = option.quantityRule as { minQuantity: number; increment: number };
    return {
      sku: option.sku,
      quantity: Math.ceil(Math.max(rule.minQuantity, 2) / rule.increment) * rule.increment,
    };
  }
  throw new Error('no disposable vape in stock');
}

const cartButton = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('button', { name: `Cart, ${count} item${count === 1 ? '' : 's'}` });

/**
 * Decision 016, part 5: a sales rep opens the storefront as the owner of one of their companies
 * sees it (the owner's cart, under a banner), finds every change refused as read only, and stops
 * viewing, back on the company's page; the owner's cart is as it was.
 */
describe('viewing the store as a buyer', () => {
  test("a sales rep views the store as a company's owner: the owner's cart under a banner, read only; Stop viewing goes back to the company", async () => {
    const stamp = Date.now().toString(36);
    const business = `View As Journey ${stamp}`;
    const owner = await verifiedBuyer(browser, {
      prefix: 'view-as-owner',
      businessName: business,
      address: { streetAddress: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201' },
      licence: 'TX',
    });
    const option = await aVape(owner.page);
    const added = await owner.context.request.post('/api/v1/cart/items', {
      headers,
      data: { items: [{ variantId: option.sku, quantity: option.quantity }] },
    });
    assert.ok(added.ok(), await added.text());
    const ownerCart = await added.json();
    const line = ownerCart.items[0] as {
      productName: string;
      variantName: string;
      categoryId: string;
      brandId: string;
      productId: string;
    };
    const label = optionLabel(line.productName, line.variantName);
    const ownerName = (await (await owner.context.request.get('/api/v1/auth/session')).json()).user
      .name as string;

    const lead = await leadApi();
    const found = await (await lead.get(`/api/v1/admin/companies?q=${encodeURIComponent(business)}`)).json();
    const companyId = found.companies[0].id as string;
    const rep = await staffMember({ authenticator: true, role: 'sales', name: `Vi Viewer ${stamp}` });
    const named = await lead.put(`/api/v1/admin/companies/${companyId}/sales-rep`, {
      data: { salesRepId: rep.id },
    });
    assert.ok(named.ok(), await named.text());

    // The rep opens their company and views the store as its owner.
    const context = await adultContext(browser);
    const page = await staffPage(context, rep, 'Dashboard');
    const errors = watchErrors(page);
    await page.goto(`/admin/companies/${companyId}`);
    await page.getByRole('heading', { name: business }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(page), false, "the company's page fits a phone");
    await look(page, 'view-as-company-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .getByRole('table', { name: 'Members' })
      .getByRole('button', { name: `View as ${ownerName}` })
      .click();
    await page.waitForURL(`${BASE_URL}/`);
    const banner = page.getByRole('region', { name: 'Viewing as a buyer' });
    await banner.getByText(`Viewing as ${ownerName} of ${business} — read only`).waitFor();
    await banner.getByText(/^Until \d{1,2}:\d\d [AP]M$/).waitFor();

    // The owner's cart, in the header and the drawer; a change is refused as read only.
    await cartButton(page, option.quantity).click();
    const drawer = page.getByRole('dialog', { name: `Your cart (${option.quantity} items)` });
    await drawer.getByText(`SKU ${option.sku}`).waitFor();
    await drawer.getByRole('button', { name: `More ${label}` }).click();
    await notification(page, viewAsMessages.readOnly(ownerName));
    assert.deepEqual(await seriousAxeViolations(page), []);
    await look(page, 'view-as-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // On a product page, adding to the cart is refused the same way.
    const qs = new URLSearchParams({
      categoryId: line.categoryId,
      brandId: line.brandId,
      subBrandId: line.productId,
    });
    await page.goto(`/product?${qs}`);
    await page.getByRole('heading', { name: line.productName, level: 1 }).waitFor();
    await banner.waitFor();
    await page.getByRole('button', { name: `More ${line.variantName}`, exact: true }).click();
    await page.getByRole('button', { name: /^ADD TO CART/ }).click();
    await notification(page, viewAsMessages.readOnly(ownerName));
    await cartButton(page, option.quantity).waitFor();

    // The banner on a phone and at desktop width: high on the page, nothing wider than the screen.
    await page.goto('/');
    await banner.waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(page), false, 'the banner fits a phone');
    // From the top: the banner is sticky, and a full-page picture of a scrolled page shows it mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await look(page, 'view-as-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await look(page, 'view-as-desktop');

    // The way out is reachable by keyboard and lands on the company's console page.
    const stop = banner.getByRole('button', { name: 'Stop viewing' });
    await stop.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${BASE_URL}/admin/companies/${companyId}`);
    await page.getByRole('heading', { name: business }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Viewing as a buyer' }).count(), 0);
    // The storefront is the rep's own again: no banner, not the owner's cart.
    const session = await (await page.request.get('/api/v1/auth/session')).json();
    assert.equal(session.viewing, null);
    assert.notEqual(session.user.name, ownerName);
    await look(page, 'view-as-stopped');
    // The refused writes answered 403; nothing else failed.
    assert.deepEqual(
      errors.filter((e) => !/status of 403/.test(e)),
      [],
    );
    await context.close();

    // The owner's cart is as they left it.
    const cart = await (await owner.context.request.get('/api/v1/cart')).json();
    assert.deepEqual(
      cart.items.map((i: { variantId: string; quantity: number }) => [i.variantId, i.quantity]),
      [[option.sku, option.quantity]],
    );
    await owner.context.close();
  });
});
