import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  adultContext,
  hasHorizontalScroll,
  launch,
  look,
  seriousAxeViolations,
  watchErrors,
} from './support/browser-session.ts';
import { signUpBuyer } from './support/buyers.ts';
import { notification } from './support/forms.ts';
import { leadApi, staffMember, staffPage } from './support/staff.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

/**
 * Decision 016, part 1: an admin names a company's sales rep; the rep's console has only what the
 * sales role may use, their own companies, and says so of any other page.
 */
describe('staff roles in the console', () => {
  test('an admin names a sales rep; the rep sees their company, adds a note, and is told the catalogue is not theirs', async () => {
    const buyerContext = await adultContext(browser);
    const business = `Rep Journey ${Date.now()}`;
    await signUpBuyer(buyerContext, {
      prefix: 'rep-journey',
      businessName: business,
      name: 'Riley Owner',
      phoneNumber: '+1 555 010 4040',
      password: 'rep journey password 1',
    });
    await buyerContext.close();
    const found = await (await leadApi()).get(`/api/v1/admin/companies?q=${encodeURIComponent(business)}`);
    const companyId = (await found.json()).companies[0].id as string;
    const repName = `Rae Rep ${Date.now()}`;
    const rep = await staffMember({ authenticator: true, role: 'sales', name: repName });

    // The admin chooses the rep on the company page.
    const adminContext = await adultContext(browser);
    const admin = await staffPage(adminContext, await staffMember({ authenticator: true }));
    await admin.goto(`/admin/companies/${companyId}`);
    await admin.getByRole('heading', { name: business }).waitFor();
    const repForm = admin.getByRole('form', { name: 'Sales rep' });
    await repForm.getByLabel('Sales rep').selectOption({ label: `${repName} (${rep.email})` });
    await repForm.getByRole('button', { name: 'Save rep' }).click();
    await notification(admin, `${repName} now looks after this company.`);
    await adminContext.close();

    // The rep: the dashboard first, a menu of their pages and the storefront, their one company, a note, no catalogue.
    const context = await adultContext(browser);
    const page = await staffPage(context, rep, 'Dashboard');
    const errors = watchErrors(page);
    const menu = page.getByRole('navigation', { name: 'Console' });
    const entries = (await menu.getByRole('link').allTextContents()).map((t) =>
      t.replace(/\d+.*$/, '').trim(),
    );
    assert.deepEqual(entries, [
      'Dashboard',
      'Orders',
      'Order desk',
      'Quotes',
      'Companies',
      'My account',
      'Storefront',
    ]);
    await menu.getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('heading', { name: 'Your companies' }).waitFor();
    await page.getByRole('link', { name: business }).waitFor();
    const rows = page.getByRole('table', { name: 'Companies' }).getByRole('row');
    assert.equal(await rows.count(), 2, 'a header row and the rep’s one company');
    await page.getByRole('link', { name: business }).click();
    await page.getByRole('heading', { name: business }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Disable company' }).count(), 0);
    await page.getByLabel('New note', { exact: false }).fill('Rang Riley about the spring order.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await notification(page, 'Note added.');
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await hasHorizontalScroll(page), false, 'the company page fits a phone');
    await look(page, 'staff-roles-rep-company-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await look(page, 'staff-roles-rep-company-desktop');

    await page.goto('/admin/products');
    await page.getByRole('heading', { name: 'Not part of your role' }).waitFor();
    await page.getByText('Your role does not include this. Ask an administrator.').waitFor();
    await look(page, 'staff-roles-not-your-role');
    await page.getByRole('link', { name: 'Go to your first page' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto('/admin/account');
    await page.getByText(/Role: Sales/).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
