import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  adultContext,
  BASE_URL,
  hasHorizontalScroll,
  launch,
  look,
  seriousAxeViolations,
} from './support/browser-session.ts';
import { notification } from './support/forms.ts';
import { PDF, verifiedBuyer } from './support/buyers.ts';
import { waitForLink } from './support/mailbox.ts';
import { signedIn, staffMember, staffPage } from './support/staff.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const headers = { origin: BASE_URL };
const ATLANTA = {
  streetAddress: '9 Peachtree St',
  streetAddress2: '',
  city: 'Atlanta',
  state: 'GA',
  zipCode: '30303',
};

/** The owner invites someone on the Company page (a buyer with a limit in dollars, or a viewer). */
async function invite(page: Page, email: string, role: 'buyer' | 'viewer', limit?: string) {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption(role);
  if (limit) await form.getByLabel('Order limit in dollars (optional)').fill(limit);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await notification(page, new RegExp(email.replace(/[.+]/g, '\\$&')));
}

/** The invitee opens the mailed link in a browser of their own and chooses a name and password. */
async function accept(email: string, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await adultContext(browser);
  const page = await context.newPage();
  await page.goto(await waitForLink(email, '/invitation'));
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill('member password 1');
  await page.getByLabel('Confirm password').fill('member password 1');
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { context, page };
}

/** An option of a disposable vape (Texas and Georgia sell it to licensed buyers only) in stock. */
async function vape(page: Page) {
  const listing = await (
    await page.request.get('/api/v1/catalogue/listing?categoryId=disposable-vapes&inStock=true')
  ).json();
  const item = listing.items[0];
  const detail = await (
    await page.request.get(
      `/api/v1/catalogue/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`,
    )
  ).json();
  const option = detail.variants.find((v: { stock: number }) => v.stock >= 40);
  return {
    sku: option.sku as string,
    rule: option.quantityRule as { minQuantity: number; increment: number },
  };
}

describe('companies', () => {
  test("an owner invites a buyer and a viewer; the buyer's order for a Georgia shop is judged by that shop's license and, over the limit, waits for the owner; the viewer sees it and cannot order", async () => {
    const stamp = Date.now().toString(36);
    const owner = await verifiedBuyer(browser, {
      prefix: 'company-owner',
      businessName: 'Lone Star Smoke Co',
      address: { streetAddress: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201' },
      licence: 'TX',
    });
    const shop = await owner.context.request.post('/api/v1/account/addresses', {
      headers,
      data: { ...ATLANTA, name: 'Atlanta shop' },
    });
    assert.equal(shop.status(), 201, await shop.text());

    // The owner invites a buyer with a $50.00 limit and a viewer.
    const buyerEmail = `company-buyer-${stamp}@shop.example`;
    const viewerEmail = `company-viewer-${stamp}@shop.example`;
    await owner.page.goto('/company');
    await invite(owner.page, buyerEmail, 'buyer', '50');
    await invite(owner.page, viewerEmail, 'viewer');
    await owner.page.getByRole('list', { name: 'Open invitations' }).getByText(viewerEmail).waitFor();
    await look(owner.page, 'company-page');
    await owner.page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(owner.page), false, 'the Company page fits a phone');
    await look(owner.page, 'company-page-phone');
    await owner.page.setViewportSize({ width: 1280, height: 900 });

    // The buyer joins and fills a cart over the limit with a vape.
    const buyer = await accept(buyerEmail, 'Bo Buyer');
    const { sku, rule } = await vape(buyer.page);
    const quantity = Math.ceil(Math.max(rule.minQuantity, 6) / rule.increment) * rule.increment;
    const added = await buyer.context.request.post('/api/v1/cart/items', {
      headers,
      data: { items: [{ variantId: sku, quantity }] },
    });
    assert.ok(added.ok(), await added.text());

    // For the Atlanta shop: the company's Texas license does not count in Georgia.
    await buyer.page.goto('/checkout');
    await buyer.page.getByLabel(/Deliver to address/).check();
    await buyer.page.getByRole('button', { name: 'Edit Address' }).click();
    const modal = buyer.page.getByRole('dialog', { name: 'Edit Address' });
    await modal.getByRole('radio', { name: /9 Peachtree St/ }).check();
    await modal.getByRole('button', { name: 'Done' }).click();
    await buyer.page
      .getByText(/needs your verified tobacco license issued by Georgia/)
      .first()
      .waitFor();

    // The shop's own Georgia license, uploaded on the Locations page, verified by staff for it.
    await buyer.page.goto('/company/locations');
    const card = buyer.page
      .getByRole('listitem')
      .filter({ has: buyer.page.getByRole('heading', { name: 'Atlanta shop' }) });
    await card
      .getByLabel('Tobacco License')
      .setInputFiles({ name: 'ga-licence.pdf', mimeType: 'application/pdf', buffer: PDF });
    await card.getByRole('button', { name: 'Submit' }).first().click();
    await card.getByRole('link', { name: 'Download ga-licence.pdf' }).waitFor();
    await card.getByText('Verifcation Pending...').waitFor();
    await look(buyer.page, 'locations-page');
    await buyer.page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(buyer.page), false, 'the Locations page fits a phone');
    await look(buyer.page, 'locations-page-phone');
    await buyer.page.setViewportSize({ width: 1280, height: 900 });
    const staff = await signedIn(await staffMember({ authenticator: true }));
    const queue = await (await staff.get('/api/v1/admin/verifications')).json();
    const ga = queue.documents.find(
      (d: { buyer: { email: string }; location: { name: string } | null }) =>
        d.buyer.email === buyerEmail && d.location?.name === 'Atlanta shop',
    );
    assert.ok(ga, 'the Atlanta shop license waits for staff');
    const verified = await staff.post(`/api/v1/admin/documents/${ga.id}/verify`, {
      data: { documentNumber: 'GA-501', issuingState: 'GA', expiresOn: '2030-01-31' },
    });
    assert.ok(verified.ok(), await verified.text());
    await staff.dispose();

    // Now it may go to Atlanta; over the $50.00 limit, it waits for an owner.
    await buyer.page.goto('/checkout');
    await buyer.page.getByLabel(/Deliver to address/).check();
    await buyer.page.getByRole('button', { name: 'Edit Address' }).click();
    await modal.getByRole('radio', { name: /9 Peachtree St/ }).check();
    await modal.getByRole('button', { name: 'Done' }).click();
    await buyer.page
      .getByText('State excise (Georgia)')
      .or(buyer.page.getByText('Shipping (Deliver to address)'))
      .first()
      .waitFor();
    await buyer.page.getByRole('button', { name: 'Check out' }).click();
    await notification(buyer.page, /sent to your company's owners for approval/);
    await buyer.page.waitForURL(/\/orders\?awaiting=SS-\d+/);
    const number = new URL(buyer.page.url()).searchParams.get('awaiting')!;
    await buyer.page.getByRole('heading', { name: new RegExp(`Order ${number}`) }).waitFor();
    await look(buyer.page, 'orders-awaiting');

    // The owner approves it on the orders page.
    await owner.page.goto('/orders');
    const waiting = owner.page
      .getByRole('listitem')
      .filter({ has: owner.page.getByRole('heading', { name: new RegExp(`Order ${number}`) }) });
    await waiting.getByText(/Bo Buyer/).waitFor();
    await look(owner.page, 'orders-approval');
    await owner.page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(owner.page), false, 'approval fits a phone');
    await look(owner.page, 'orders-approval-phone');
    await owner.page.setViewportSize({ width: 1280, height: 900 });
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await notification(owner.page, `Order ${number} approved and placed.`);
    await owner.page.getByText(`Placed by Bo Buyer · For Atlanta shop`).first().waitFor();

    // The viewer sees the order and cannot order.
    const viewer = await accept(viewerEmail, 'Vi Viewer');
    await viewer.page.goto('/orders');
    await viewer.page.getByText(number).first().waitFor();
    const refused = await viewer.context.request.post('/api/v1/cart/items', {
      headers,
      data: { items: [{ variantId: sku, quantity: rule.minQuantity }] },
    });
    assert.equal(refused.status(), 403);
    assert.match((await refused.json()).message, /viewer/);
    await viewer.page.goto(`/orders`);
    await viewer.page
      .getByRole('button', { name: /Buy Again/ })
      .first()
      .waitFor({ state: 'detached' });

    // Staff find the company by a member's email and see its people, shops and the order.
    const staffContext = await adultContext(browser);
    const desk = await staffPage(staffContext, await staffMember({ authenticator: true }));
    await desk.goto('/admin/companies');
    await desk.getByLabel('Search').fill(buyerEmail);
    await desk.getByRole('button', { name: 'Filter', exact: true }).click();
    await desk.getByRole('link', { name: 'Lone Star Smoke Co' }).click();
    await desk.getByRole('heading', { name: /Lone Star Smoke Co/, level: 1 }).waitFor();
    await desk.getByText('Atlanta shop').first().waitFor();
    await desk.getByText(number).first().waitFor();
    assert.deepEqual(await seriousAxeViolations(desk), [], 'axe on a company page');
    await look(desk, 'console-company');
    await desk.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(desk), false, 'a company page fits a phone');
    await look(desk, 'console-company-phone');
    for (const c of [owner.context, buyer.context, viewer.context, staffContext]) await c.close();
  });
});
