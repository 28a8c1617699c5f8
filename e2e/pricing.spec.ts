import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { formatCents } from '#shared/money.ts';
import {
  adultContext,
  BASE_URL,
  launch,
  look,
  seriousAxeViolations,
  watchErrors,
} from './support/browser-session.ts';
import { notification } from './support/forms.ts';
import { signUpBuyer, verifyEmail } from './support/buyers.ts';
import { signedIn, staffMember, staffPage } from './support/staff.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const headers = { origin: BASE_URL };

/** A buyer signed up with a verified email, signed in in their own browser context. */
async function buyer() {
  const context = await adultContext(browser);
  const page = await context.newPage();
  const { email, id } = await signUpBuyer(context, {
    prefix: 'chain',
    businessName: 'Chain Store 12',
    name: 'Robin Buyer',
    phoneNumber: '+1 555 010 4040',
    password: 'pricing password 1',
  });
  await verifyEmail(page, email);
  return { context, page, email, id };
}

describe('wholesale pricing', () => {
  test('a buyer in the Chain group sees their price and tiers, adds a case, and an open cart re-prices when staff change the list', async () => {
    const member = await staffMember({ authenticator: true });
    const staff = await signedIn(member);
    const console_ = await staffPage(await adultContext(browser), member);
    const shop = await buyer();
    const errors = watchErrors(shop.page);

    // An in-stock option, sold in cases of 5.
    const listing = await (
      await shop.page.request.get('/api/v1/catalogue/listing?categoryId=ALL&inStock=true&pageSize=60')
    ).json();
    const item = listing.items.find(
      (i: { priceCents: number; discountPriceCents: number | null }) =>
        i.priceCents >= 1000 && i.discountPriceCents === null,
    );
    const query = `categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`;
    const detail = await (await shop.page.request.get(`/api/v1/catalogue/product?${query}`)).json();
    const option = detail.variants.find((v: { stock: number }) => v.stock >= 10);
    const product = await (
      await staff.get(`/api/v1/admin/catalogue/products?q=${encodeURIComponent(option.sku)}`)
    ).json();
    const productId = product.products[0].id;
    const full = await (await staff.get(`/api/v1/admin/catalogue/products/${productId}`)).json();
    const v = full.variants.find((x: { sku: string }) => x.sku === option.sku);
    const cases = await staff.put(`/api/v1/admin/catalogue/products/${productId}/variants/${v.id}`, {
      data: {
        name: v.name,
        sku: v.sku,
        stock: v.stock,
        position: v.position,
        minQuantity: 5,
        orderIncrement: 5,
      },
    });
    assert.ok(cases.ok(), await cases.text());

    // Staff add the Chain group and a price for the option with a tier, in the console.
    const groupName = `Chain ${Date.now()}`;
    await console_.getByRole('link', { name: 'Groups & prices' }).click();
    await console_.getByLabel('Name').fill(groupName);
    await console_.getByRole('button', { name: 'Add group' }).click();
    await notification(console_, `Group ${groupName} added.`);
    await console_.getByRole('link', { name: groupName, exact: true }).click();
    await console_.getByRole('button', { name: 'Add a price' }).click();
    const editor = console_.getByRole('form', { name: 'New price' });
    await editor.getByLabel('Which').fill(option.sku);
    const unit = item.priceCents - 200;
    await editor.getByLabel('Unit price ($)').fill((unit / 100).toFixed(2));
    await editor.getByRole('button', { name: 'Add a tier' }).click();
    await editor.getByLabel('Tier 1: from quantity').fill('10');
    await editor.getByLabel('Tier 1: unit price ($)').fill(((unit - 100) / 100).toFixed(2));
    await editor.getByRole('button', { name: 'Save price' }).click();
    await notification(console_, /Price saved/);
    await console_.getByRole('cell', { name: new RegExp(option.sku) }).waitFor();
    assert.deepEqual(await seriousAxeViolations(console_), [], 'axe on the price list');
    await look(console_, 'price-list');

    // The buyer, put in the group from their page in the console.
    await console_.goto(`/admin/buyers/${shop.id}`);
    await console_.getByLabel('Group').selectOption({ label: groupName });
    await console_.getByRole('button', { name: 'Save group' }).click();
    await notification(console_, `Now in ${groupName}.`);

    // The product page: Your price, the tier table, and the selector steps by the case.
    const page = shop.page;
    await page.goto(`/product?${query}`);
    await page
      .getByText(`Your price ${formatCents(unit)}`)
      .first()
      .waitFor();
    const tiers = page.getByRole('table', { name: `Volume prices for ${option.name}` });
    await tiers.getByRole('cell', { name: formatCents(unit - 100) }).waitFor();
    await page.getByText('Sold in cases of 5').first().waitFor();
    await look(page, 'product-your-price');
    await page.getByRole('button', { name: `More ${option.name}`, exact: true }).click();
    assert.equal(await page.getByLabel(`${option.name} quantity`, { exact: true }).inputValue(), '5');
    await page.getByRole('button', { name: /^ADD TO CART/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Your cart/ });
    await drawer.getByText('Your price').waitFor();
    await drawer.getByText(formatCents(unit), { exact: true }).waitFor();
    await drawer.getByText(`10 or more: ${formatCents(unit - 100)} each`).waitFor();
    await page.setViewportSize({ width: 360, height: 800 });
    await look(page, 'cart-your-price-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Staff lower the price while the drawer is open: the drawer shows the new price (SSE).
    const groups = await (await staff.get('/api/v1/admin/pricing/groups')).json();
    const group = groups.groups.find((g: { name: string }) => g.name === groupName);
    const lowered = await staff.put(`/api/v1/admin/pricing/groups/${group.id}/entries`, {
      data: { scope: 'variant', target: option.sku, priceCents: unit - 50, tiers: [] },
    });
    assert.ok(lowered.ok(), await lowered.text());
    await drawer.getByText(formatCents(unit - 50), { exact: true }).waitFor();
    await drawer
      .getByText(formatCents(5 * (unit - 50)), { exact: true })
      .first()
      .waitFor();

    // The same kind of change as a CSV in the console: checked first, then imported; the drawer follows.
    await console_.goto(`/admin/pricing/${group.id}`);
    const csv = `scope,target,price,percent_off,tiers\r\noption,${option.sku},${((unit - 75) / 100).toFixed(2)},,\r\n`;
    await console_
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'chain.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await console_.getByRole('button', { name: 'Check (dry run)' }).click();
    await console_.getByRole('cell', { name: 'Changed', exact: true }).waitFor();
    await look(console_, 'price-list-csv-dry-run');
    await console_.setViewportSize({ width: 360, height: 800 });
    await look(console_, 'price-list-csv-dry-run-phone');
    await console_.setViewportSize({ width: 1280, height: 900 });
    await console_.getByRole('button', { name: 'Import', exact: true }).click();
    await notification(console_, 'The price list was imported.');
    await drawer.getByText(formatCents(unit - 75), { exact: true }).waitFor();
    assert.deepEqual(errors, []);
    // Other journeys may use this option: sold one by one again.
    const restored = await staff.put(`/api/v1/admin/catalogue/products/${productId}/variants/${v.id}`, {
      data: { name: v.name, sku: v.sku, stock: v.stock, position: v.position },
    });
    assert.ok(restored.ok(), await restored.text());
  });

  test('a buyer put in a group shows on the group’s page at once: the count and the buyer, never the count from before', async () => {
    const member = await staffMember({ authenticator: true });
    const console_ = await staffPage(await adultContext(browser), member);
    const errors = watchErrors(console_);
    const businessName = `Grouped Shop ${Date.now()}`;
    const shopContext = await adultContext(browser);
    const { email } = await signUpBuyer(shopContext, {
      prefix: 'grouped',
      businessName,
      name: 'Sam Buyer',
      phoneNumber: '+1 555 010 5050',
      password: 'grouped password 1',
    });
    await shopContext.close();

    const groupName = `Regional ${Date.now()}`;
    await console_.getByRole('link', { name: 'Groups & prices' }).click();
    await console_.getByLabel('Name').fill(groupName);
    await console_.getByRole('button', { name: 'Add group' }).click();
    await notification(console_, `Group ${groupName} added.`);
    await console_.getByRole('link', { name: groupName, exact: true }).click();
    await console_.getByRole('heading', { name: 'Buyers (0)' }).waitFor();

    // To the buyer's page and back by the console's own links, as staff go: no reload, so what
    // the console already read of the group's page is still there when it opens again.
    await console_.getByRole('link', { name: 'Buyers', exact: true }).click();
    await console_.getByLabel('Search').fill(email);
    await console_.getByRole('button', { name: 'Filter' }).click();
    await console_.getByRole('link', { name: businessName }).click();
    await console_.getByLabel('Group').selectOption({ label: groupName });
    await console_.getByRole('button', { name: 'Save group' }).click();
    await notification(console_, `Now in ${groupName}.`);

    // Every "Buyers …" heading shown from here on is noted, however briefly it stays.
    await console_.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { buyerHeadings: seen });
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('h2'))
          if (h.textContent?.startsWith('Buyers') && seen.at(-1) !== h.textContent) seen.push(h.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await console_.getByRole('link', { name: 'Groups & prices' }).click();
    await console_.getByRole('link', { name: groupName, exact: true }).click();
    await console_.getByRole('heading', { name: 'Buyers (1)' }).waitFor();
    await console_.getByRole('link', { name: businessName }).waitFor();
    const seen = await console_.evaluate(
      () => (window as unknown as { buyerHeadings: string[] }).buyerHeadings,
    );
    assert.deepEqual(
      seen.filter((h) => h !== 'Buyers'),
      ['Buyers (1)'],
      `the group's page showed ${JSON.stringify(seen)}`,
    );
    assert.deepEqual(await seriousAxeViolations(console_), [], 'axe on the group page');
    await console_.setViewportSize({ width: 390, height: 800 });
    await look(console_, 'group-buyers-phone');
    assert.deepEqual(errors, []);
    await console_.context().close();
  });

  test('a buyer pastes a quick order of 5 lines with one bad SKU, sees each checked and priced, and adds the 4 at once', async () => {
    const shop = await buyer();
    const page = shop.page;
    const errors = watchErrors(page);
    const options = await inStockOptions(shop.page, 4);
    await page.goto('/');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Quick Order' }).click();
    await page.getByRole('heading', { name: 'Quick order', level: 1 }).waitFor();
    const text = [...options.map((o) => `${o.sku} 2`), 'NOT-A-REAL-SKU 3'].join('\n');
    await page.getByLabel('Items (SKU and quantity)').fill(text);
    await page.getByRole('button', { name: 'Check items' }).click();
    await page.getByRole('status').filter({ hasText: '4 lines ready, 1 to fix.' }).waitFor();
    const checked = page.getByRole('region', { name: 'Checked items' });
    await checked.getByText('No option has this SKU.').waitFor();
    for (const o of options) await checked.getByText(`${o.productName} — ${o.name}`).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on quick order');
    await look(page, 'quick-order-checked');
    await page.setViewportSize({ width: 360, height: 800 });
    await look(page, 'quick-order-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Add 4 ready items to cart' }).click();
    await notification(page, 'Added 4 lines to your cart; 1 not added.');
    // The text keeps the line to fix; the cart holds the four.
    assert.equal(await page.getByLabel('Items (SKU and quantity)').inputValue(), 'NOT-A-REAL-SKU 3');
    await page.getByRole('button', { name: 'Open cart' }).click();
    const drawer = page.getByRole('dialog', { name: /^Your cart \(8 items\)/ });
    for (const o of options) await drawer.getByText(o.productName).first().waitFor();

    // The cart saved as a new list.
    await drawer.getByRole('button', { name: 'Save cart to a list' }).click();
    const save = page.getByRole('dialog', { name: 'Save to list' });
    await save.getByLabel('New list name').fill('Weekly restock');
    await save.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'Saved 4 items to Weekly restock.');

    // An order of the cart, then Reorder all puts it back.
    const placed = await shop.context.request.post('/api/v1/orders', {
      headers,
      data: {
        shippingType: 'Pickup',
        comments: '',
        idempotencyKey: crypto.randomUUID(),
        shippingDetails: {
          name: 'Robin Buyer',
          businessName: 'Chain Store 12',
          address: '1 Main St',
          city: 'Dallas',
          state: 'TX',
          postalCode: '75201',
        },
      },
    });
    assert.equal(placed.status(), 201, await placed.text());
    const number = (await placed.json()).order.orderNumber as string;
    await page.goto('/orders');
    await page.getByRole('button', { name: `Reorder all of ${number}` }).click();
    await notification(page, 'Added 4 lines to your cart.');
    await page.keyboard.press('Escape');

    // The saved list: its items with prices, and all of it into the cart.
    await page.goto('/lists');
    await page.getByRole('link', { name: /Weekly restock/ }).click();
    await page.getByRole('heading', { name: 'Weekly restock', level: 1 }).waitFor();
    const listItems = page.getByRole('list', { name: 'Items' });
    for (const o of options) await listItems.getByText(`${o.productName} — ${o.name}`).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'axe on a saved list');
    await page.setViewportSize({ width: 360, height: 800 });
    await look(page, 'saved-list-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await notification(page, 'Added 4 lines to your cart.');
    await page.getByRole('dialog', { name: /^Your cart \(16 items\)/ }).waitFor();
    await page.keyboard.press('Escape');

    // Notify me on an out-of-stock option; the alert is listed in the account area and removed.
    const out = await outOfStockOption(page);
    await page.goto(`/product?${out.query}`);
    await page.getByRole('button', { name: `Notify me when ${out.name} is back in stock` }).click();
    await notification(page, 'We will email you once when it is back in stock.');
    await page.getByText('We will email you when it is back').first().waitFor();
    await page.goto('/alerts');
    await page.getByRole('list', { name: 'Your alerts' }).waitFor();
    await look(page, 'stock-alerts');
    await page.setViewportSize({ width: 360, height: 800 });
    await look(page, 'stock-alerts-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: new RegExp(`^Remove the alert for .* — ${out.name}$`) }).click();
    await notification(page, 'Alert removed.');
    await page.getByText('You have no stock alerts.').waitFor();
    assert.deepEqual(errors, []);
    await shop.context.close();
  });
});

/**
 * `n` in-stock accessories (no state rule needs a license for them) of different products, sold one
 * by one and cheap enough for an unverified buyer's order, with their names.
 */
async function inStockOptions(page: import('playwright-core').Page, n: number) {
  const found: { sku: string; name: string; productName: string }[] = [];
  for (const category of ['water-pipes', 'smoke-shop-supplies', 'nectar-collectors']) {
    const listing = await (
      await page.request.get(`/api/v1/catalogue/listing?categoryId=${category}&inStock=true&pageSize=60`)
    ).json();
    for (const item of listing.items) {
      if (found.length === n) return found;
      if (item.priceCents > 2500) continue;
      const query = `categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`;
      const detail = await (await page.request.get(`/api/v1/catalogue/product?${query}`)).json();
      const option = detail.variants.find(
        (v: { stock: number; quantityRule: { increment: number; minQuantity: number } }) =>
          v.stock >= 10 && v.quantityRule.increment === 1 && v.quantityRule.minQuantity === 1,
      );
      if (option) found.push({ sku: option.sku, name: option.name, productName: detail.name });
    }
  }
  assert.equal(found.length, n);
  return found;
}

/** An option out of stock, with its product page's query. */
async function outOfStockOption(page: import('playwright-core').Page) {
  const first = await (await page.request.get('/api/v1/catalogue/listing?categoryId=ALL&pageSize=60')).json();
  const last = await (
    await page.request.get(`/api/v1/catalogue/listing?categoryId=ALL&pageSize=60&page=${first.pageCount}`)
  ).json();
  for (const item of [...last.items].reverse()) {
    const query = `categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`;
    const detail = await (await page.request.get(`/api/v1/catalogue/product?${query}`)).json();
    const option = detail.variants.find((v: { stock: number }) => v.stock === 0);
    if (option) return { query, name: option.name as string };
  }
  throw new Error('no out-of-stock option in the demo catalogue');
}
