import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { csvLine, parseCsv } from '#shared/csv.ts';
import {
  adultContext,
  BASE_URL,
  hasHorizontalScroll,
  launch,
  seriousAxeViolations,
  watchErrors,
} from './support/browser-session.ts';
import { expectFieldError, expectFocused, notification } from './support/forms.ts';
import { signUpBuyer, verifyEmail } from './support/buyers.ts';
import { nextCode, staffMember, staffPage } from './support/staff.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const headers = { origin: BASE_URL };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A verified buyer with both documents uploaded and one placed order (Pickup). */
async function buyerWithOrder(context: BrowserContext) {
  const businessName = `Harbor Vapes ${Date.now() % 100000}`;
  const { email } = await signUpBuyer(context, {
    prefix: 'console',
    businessName,
    name: 'Jo Buyer',
    phoneNumber: '+1 555 010 4455',
    password: 'console password 1',
  });
  const complete = await context.request.post('/api/v1/account/complete', {
    headers,
    data: { streetAddress: '5 Pier Rd', streetAddress2: '', city: 'Tampa', state: 'FL', zipCode: '33602' },
  });
  assert.equal(complete.ok(), true, await complete.text());
  for (const [kind, name, mimeType, buffer] of [
    ['sales_id', 'sales-id.pdf', 'application/pdf', PDF],
    ['tobacco_license', 'license.png', 'image/png', PNG],
  ] as const) {
    const res = await context.request.post(`/api/v1/account/documents/${kind}`, {
      headers,
      multipart: { file: { name, mimeType, buffer } },
    });
    assert.equal(res.ok(), true, await res.text());
  }
  const page = await context.newPage();
  await verifyEmail(page, email);

  // One cheap option in stock, ordered for pickup.
  const listing =
    await // An accessory: no state rule restricts it (this journey is about the console, not compliance).
    (
      await page.request.get('/api/v1/catalogue/listing?categoryId=water-pipes&inStock=true&pageSize=60')
    ).json();
  let chosen: {
    sku: string;
    product: { categoryId: string; brandId: string; id: string; name: string };
  } | null = null;
  for (const item of listing.items) {
    const detail = await (
      await page.request.get(
        `/api/v1/catalogue/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`,
      )
    ).json();
    const option = detail.variants.find((v: { stock: number }) => v.stock >= 2);
    if (option && (detail.discountPriceCents ?? detail.priceCents) < 20_000) {
      chosen = { sku: option.sku, product: item };
      break;
    }
  }
  assert.ok(chosen, 'an option in stock');
  const add = await context.request.post('/api/v1/cart/items', {
    headers,
    data: { items: [{ variantId: chosen.sku, quantity: 1 }] },
  });
  assert.equal(add.ok(), true, await add.text());
  const placed = await context.request.post('/api/v1/orders', {
    headers,
    data: {
      shippingDetails: {
        name: 'Jo Buyer',
        businessName,
        address: '5 Pier Rd',
        city: 'Tampa',
        state: 'FL',
        postalCode: '33602',
      },
      shippingType: 'Pickup',
      comments: '',
      idempotencyKey: randomUUID(),
    },
  });
  assert.equal(placed.status(), 201, await placed.text());
  const orderNumber: string = (await placed.json()).order.orderNumber;
  return { page, businessName, orderNumber, product: chosen.product };
}

async function expectConsoleOk(page: Page, where: string) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${where}`);
}

describe('staff console', () => {
  test('TOTP sign-in → verify a license (the buyer sees it live) → ship and deliver an item → change a price', async () => {
    const buyerContext = await adultContext(browser);
    const buyer = await buyerWithOrder(buyerContext);
    const buyerPage = buyer.page;
    await buyerPage.goto('/account?p=My%20Profile');
    await buyerPage.getByText('Verifcation Pending...').first().waitFor();

    // Staff: password, then the authenticator set-up of a first sign-in.
    const member = await staffMember({ authenticator: false });
    const staffContext = await adultContext(browser);
    const page = await staffContext.newPage();
    const errors = watchErrors(page);
    await page.goto('/signin');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await expectConsoleOk(page, 'the two-factor set-up');
    await page.getByRole('button', { name: 'Show the QR code' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    member.secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The server's refusal names the field: it shows under the code, which gets the focus.
    await expectFieldError(page.getByLabel('Code from the app'), 'That code is not valid. Try again.');
    await expectFocused(page.getByLabel('Code from the app'));
    errors.splice(0); // the browser logs the refused code's 400, which was the point
    await page.getByLabel('Code from the app').fill(await nextCode(member));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Keep your recovery codes' }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(), 10);
    await page.getByRole('button', { name: /open the console/ }).click();

    // The console opens on the dashboard; the Verification queue: the buyer's license, previewed, verified.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('link', { name: /^Verification/ }).click();
    await page.getByRole('heading', { name: 'Verification queue' }).waitFor();
    await page.getByRole('button', { name: new RegExp(`${buyer.businessName}.*Tobacco license`) }).click();
    await page.getByRole('img', { name: `Tobacco license of ${buyer.businessName}` }).waitFor();
    await expectConsoleOk(page, 'the verification queue');
    await page.getByLabel('License number').fill('FL-TOB-778899');
    await page.getByLabel('Issuing state').selectOption('FL');
    await page.getByLabel('Expires on').fill('2028-06-30');
    await page.getByRole('button', { name: 'Verify tobacco license' }).click();
    await notification(page, 'Document verified.');
    // The buyer's open account page shows it without a reload.
    await buyerPage.getByText('Verified (valid until Jun 30, 2028)').waitFor();

    // Orders: find the buyer's order, ship it, deliver its item.
    // The menu's entry carries the count of orders to ship ("Orders 1 orders to ship").
    const menu = page.getByRole('navigation', { name: 'Console' });
    await menu.getByRole('link', { name: /^Orders\b/ }).click();
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await page.getByLabel('Order number').fill(buyer.orderNumber);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('link', { name: buyer.orderNumber }).click();
    await page.getByRole('heading', { name: `Order ${buyer.orderNumber}` }).waitFor();
    await expectConsoleOk(page, 'the order detail');
    // Staff are asked before a stage that mails the buyer, and can step back a slip without a mail.
    await page.getByRole('button', { name: 'Mark as Shipped…' }).click();
    const ask = page.getByRole('dialog', { name: `Mark ${buyer.orderNumber} as Shipped?` });
    await ask.getByText(`${buyer.businessName} gets an email saying the order is shipped.`).waitFor();
    await ask.getByRole('button', { name: 'Mark as Shipped' }).click();
    await notification(page, 'Marked Shipped. The buyer was emailed.');
    await page.getByRole('button', { name: 'Mark as Out for Delivery…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Out for Delivery' }).click();
    await page.getByTestId('order-stage').filter({ hasText: 'Out for Delivery' }).waitFor();
    await page.getByRole('button', { name: 'Step back to Shipped…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Step back to Shipped' }).click();
    await notification(page, 'Stepped back to Shipped. The buyer was not emailed.');
    await page.getByTestId('order-stage').filter({ hasText: 'Shipped' }).waitFor();
    await buyerPage.goto(`/track?order=${buyer.orderNumber}`);
    await buyerPage.getByRole('heading', { name: 'Shipped' }).waitFor();
    assert.equal(
      await buyerPage.getByRole('progressbar', { name: 'Delivery progress' }).getAttribute('aria-valuenow'),
      '25',
    );

    await page.getByRole('button', { name: /^Mark .* delivered$/ }).click();
    await page.getByRole('cell', { name: 'delivered' }).waitFor();
    await buyerPage.goto('/orders?tab=Delivered');
    await buyerPage.getByText(buyer.orderNumber).first().waitFor();

    // Catalogue: a new price shows in the storefront at once.
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByLabel('Search products').fill(buyer.product.name);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: buyer.product.name, exact: true }).first().click();
    await page.getByRole('heading', { name: buyer.product.name }).waitFor();
    await expectConsoleOk(page, 'the product editor');
    await page.getByLabel('Price ($)', { exact: true }).fill('77.25');
    await page.getByLabel('Discount price ($)', { exact: true }).fill('');
    await page.getByLabel('Discount percentage').fill('');
    // What the Save covers is said, and so is an edit not yet saved (until it is).
    await page.getByText('Saves the details above. Each option below is saved on its own row.').waitFor();
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).first().waitFor();
    await page.getByRole('button', { name: 'Save product details' }).click();
    await notification(page, 'Product details saved.');
    await page
      .getByRole('status')
      .filter({ hasText: /^Unsaved changes$/ })
      .waitFor({ state: 'detached' });
    const { categoryId, brandId, id } = buyer.product;
    await buyerPage.goto(`/product?categoryId=${categoryId}&brandId=${brandId}&subBrandId=${id}`);
    await buyerPage.getByRole('heading', { name: buyer.product.name, level: 1 }).waitFor();
    await buyerPage.getByText('$77.25').first().waitFor();

    // Every console page: axe clean, and no sideways scrolling on a 360 px phone.
    const pages = [
      ['/admin/verification', 'Verification queue'],
      ['/admin/orders', 'Orders'],
      ['/admin/products', 'Products'],
      ['/admin/products/new', 'New product'],
      ['/admin/categories', 'Categories & brands'],
      ['/admin/banners', 'Home banners'],
      ['/admin/import', 'Import / export'],
      ['/admin/buyers', 'Buyers'],
      ['/admin/staff', 'Staff'],
      ['/admin/settings', 'Settings'],
      ['/admin/compliance', 'Compliance'],
      ['/admin/mail', 'Mail'],
      ['/admin/audit', 'Audit log'],
    ] as const;
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
      await expectConsoleOk(page, path);
    }
    await page.getByText(`product “${buyer.product.name}”`, { exact: false }).first().waitFor(); // audit sentence
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
      assert.equal(await hasHorizontalScroll(page), false, `no sideways scroll on ${path} at 360 px`);
      // E2E_SHOTS=<folder> keeps a picture of each, to look at.
      if (process.env.E2E_SHOTS)
        await page.screenshot({
          path: `${process.env.E2E_SHOTS}/360${path.replace(/\W+/g, '-')}.png`,
          fullPage: true,
        });
    }
    assert.deepEqual(errors, []);
    await staffContext.close();
    await buyerContext.close();
  });

  test('a new product refused field by field, then created with its first option; banners reordered with the keyboard; a CSV import checked by a dry run, then written', async () => {
    const context = await adultContext(browser);
    const page = await staffPage(context, await staffMember({ authenticator: true }));
    const errors = watchErrors(page);

    // A new product: each refusal sits under its own box, and the first gets the focus.
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
    const name = `E2E Pod Kit ${Date.now() % 100000}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price ($)', { exact: true }).fill('12,5x');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expectFieldError(page.getByLabel('Brand'), 'Choose a brand.');
    await expectFocused(page.getByLabel('Brand'));
    await expectFieldError(
      page.getByLabel('Price ($)', { exact: true }),
      'Enter the price as an amount like 12.50.',
    );
    await expectFieldError(page.getByLabel('Option name'), 'Enter a name.');
    await page.getByLabel('Brand').selectOption({ index: 1 });
    await page.getByLabel('SKU', { exact: true }).fill(`E2E-KIT-${Date.now() % 100000}`);
    await page.getByLabel('Price ($)', { exact: true }).fill('19.99');
    await page.getByLabel('Option name').fill('Black');
    const optionSku = `E2E-KIT-BLACK-${Date.now() % 100000}`;
    await page.getByLabel('Option SKU').fill(optionSku);
    await page.getByLabel('Stock').fill('6');
    // Hidden, so that the storefront's journeys never meet it.
    await page.getByLabel('Hidden from the store').check();
    await page.getByRole('button', { name: 'Create product' }).click();
    await notification(page, 'Product created.');
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Options' }).waitFor();
    // The server's refusal names its field: another product's SKU shows under the SKU box.
    const others = await (await page.request.get('/api/v1/admin/catalogue/products')).json();
    const takenSku: string = others.products.find((p: { name: string }) => p.name !== name).sku;
    await page.getByLabel('SKU', { exact: true }).fill(takenSku);
    await page.getByRole('button', { name: 'Save product details' }).click();
    await expectFieldError(
      page.getByLabel('SKU', { exact: true }),
      'That SKU is already used by another product or option.',
    );
    errors.splice(0); // the browser logs the refused 409, which was the point

    await page.getByRole('link', { name: 'Banners' }).click();
    const promos = page.getByRole('list', { name: 'Promotions in order' });
    await promos.getByRole('listitem').first().waitFor();
    const before = await (await page.request.get('/api/v1/admin/catalogue/banners')).json();
    const firstTitle: string = before.banners.find((b: { slot: string }) => b.slot === 'promo').title;
    await page.getByRole('button', { name: `Move ${firstTitle} down` }).focus();
    await page.keyboard.press('Enter');
    await promos.getByRole('listitem').nth(1).filter({ hasText: firstTitle }).waitFor();
    await page.getByRole('button', { name: `Edit ${firstTitle}` }).click();
    const form = page.getByRole('form', { name: `Edit ${firstTitle}` });
    await form.getByLabel('Title').fill('Weekend deals');
    await form.getByRole('button', { name: 'Save banner' }).click();
    await notification(page, 'Banner saved.');
    const banners = await (await page.request.get('/api/v1/catalogue/banners')).json();
    assert.equal(banners.promo[1].title, 'Weekend deals');

    await page.getByRole('link', { name: 'Import / export' }).click();
    const exported = await page.request.get('/api/v1/admin/catalogue/export.csv');
    const [header, first] = parseCsv(await exported.text()).rows as [string[], string[]];
    // The same product with one more option: its name, SKU and stock changed, found by column.
    const more = [...first];
    more[header.indexOf('option')] = 'E2E Flavour';
    more[header.indexOf('sku')] = 'NEW-E2E-SKU';
    more[header.indexOf('stock')] = '4';
    const csv = `${[header, first, more].map((r) => csvLine(r)).join('\r\n')}\r\n`;
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    await page.getByRole('heading', { name: 'Dry run: nothing written yet' }).waitFor();
    await page.getByText('1 new options').waitFor();
    await page.getByRole('cell', { name: 'NEW-E2E-SKU' }).waitFor();
    await expectConsoleOk(page, 'the import dry run');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Imported' }).waitFor();
    const products = await page.request.get('/api/v1/admin/catalogue/products?q=NEW-E2E-SKU');
    assert.equal((await products.json()).total, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a member added on the Staff page signs in with the one-time password, chooses their own, then sets up the app', async () => {
    const leadContext = await adultContext(browser);
    const lead = await staffPage(leadContext, await staffMember({ authenticator: true }));
    await lead.getByRole('link', { name: 'Staff', exact: true }).click();
    const email = `new-staff-${Date.now()}@shop.example`;
    await lead.getByLabel('Full name').fill('Robin New');
    await lead.getByLabel('Email', { exact: true }).fill(email);
    await lead.getByRole('button', { name: 'Add staff' }).click();
    const shown = lead.getByRole('status').filter({ hasText: 'One-time password' });
    const oneTime = (await shown.locator('code').textContent())!.trim();
    assert.equal(oneTime.length, 20);
    await lead.getByRole('cell', { name: email }).waitFor();

    const context = await adultContext(browser);
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(oneTime);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await expectConsoleOk(page, 'choose your password');
    await page.getByLabel('One-time password').fill(oneTime);
    await page.getByLabel('New password', { exact: true }).fill('robin own password 9');
    await page.getByLabel('Confirm new password').fill('robin own password 9');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await context.close();
    await leadContext.close();
  });

  test('a buyer who opens /admin is told it is for staff; anonymous visitors are sent to sign in', async () => {
    const context = await adultContext(browser);
    const page = await context.newPage();
    await page.goto('/admin/orders');
    await page.waitForURL(/\/signin$/);
    const email = `console-buyer-${Date.now()}@shop.example`;
    const signUp = await context.request.post('/api/v1/auth/signup', {
      headers,
      data: {
        businessName: 'Nosy LLC',
        name: 'Nosy',
        phoneNumber: '+1 555 010 0000',
        email,
        password: 'nosy password 1',
        confirmPassword: 'nosy password 1',
      },
    });
    assert.equal(signUp.status(), 201);
    await page.goto('/admin');
    await page.getByText('This area is for staff only.').waitFor();
    await context.close();
  });
});
