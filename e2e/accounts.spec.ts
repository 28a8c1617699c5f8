import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  adultContext,
  hasHorizontalScroll,
  launch,
  seriousAxeViolations,
  watchErrors,
} from './support/browser-session.ts';
import { expectFieldError, expectFocused } from './support/forms.ts';
import { waitForLink } from './support/mailbox.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const email = `e2e-${Date.now()}@shop.example`;
const password = 'first password 1';

async function notification(page: Page, text: string) {
  await page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first().waitFor();
}

async function expectNoSeriousAxe(page: Page, where: string) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${where}`);
}

describe('a buyer account, end to end', () => {
  test('sign up → complete profile → verify email → sign out → sign in → profile, addresses, password → lost password → reset', async () => {
    const context = await adultContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // Sign up, with the validation messages first.
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create a business account' }).waitFor();
    await expectNoSeriousAxe(page, '/signup');
    const form = page.getByRole('main');
    await form.getByRole('button', { name: 'Create account' }).click();
    // Each empty field says so under itself; focus goes to the first.
    for (const [label, exact] of [
      ['Business name', false],
      ['Name', true],
      ['Phone number', false],
      ['Email', false],
      ['Password', true],
      ['Confirm password', false],
    ] as const)
      await expectFieldError(form.getByLabel(label, { exact }), 'All fields are required');
    await expectFocused(form.getByLabel('Business name'));
    await form.getByLabel('Business name').fill('Corner Smoke Shop LLC');
    await form.getByLabel('Name', { exact: true }).fill('Dana Buyer');
    await form.getByLabel('Phone number').fill('+1 (555) 010-4200');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password').fill('something else');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expectFieldError(form.getByLabel('Confirm password'), 'Passwords do not match');
    await expectFocused(form.getByLabel('Confirm password'));
    await form.getByLabel('Confirm password').fill(password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await notification(page, 'Sign up successful');
    await page.waitForURL(/\/nextpage$/);

    // Complete the profile.
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    await expectNoSeriousAxe(page, '/nextpage');
    await page.getByRole('button', { name: 'Continue to Smokestack' }).click();
    await expectFieldError(
      page.getByLabel('Street address', { exact: true }),
      'All address fields are required',
    );
    await expectFieldError(page.getByLabel('State'), 'All address fields are required');
    await expectFocused(page.getByLabel('Street address', { exact: true }));
    await page.getByLabel('Street address', { exact: true }).fill('1200 Commerce Park Dr');
    await page.getByLabel('City').fill('Dallas');
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('ZIP code').fill('75201');
    await page
      .getByLabel('Sales ID')
      .setInputFiles({ name: 'payload.exe', mimeType: 'application/pdf', buffer: Buffer.from('MZ') });
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please select only images, documents (Word), or PDF files.' })
      .waitFor();
    await page
      .getByLabel('Sales ID')
      .setInputFiles({ name: 'resale-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Continue to Smokestack' }).click();
    await notification(page, 'Welcome to Smokestack');
    await page.waitForURL((u) => u.pathname === '/');

    // The account asks to verify; the link from the mail does it.
    await page.goto('/account?p=My%20Account');
    await page.getByRole('region', { name: 'Email verification' }).waitFor();
    await expectNoSeriousAxe(page, '/account');
    await page.goto(await waitForLink(email, '/verify-email'));
    await page.getByText('Your email address is verified.').waitFor();
    await page.goto('/account?p=My%20Account');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Email verification' }).count(), 0);

    // Documents: the Sales ID from /nextpage is pending; the license uploaded in one tab shows
    // up in another open tab without a reload (Server-Sent Events).
    await page.goto('/account?p=My%20Profile');
    await page.getByRole('link', { name: 'Download resale-certificate.pdf' }).waitFor();
    await page.getByText('Verifcation Pending...').first().waitFor();
    const other = await context.newPage();
    await other.goto('/account?p=My%20Profile');
    await other.getByRole('heading', { name: 'Tobacco License' }).waitFor();
    assert.equal(await other.getByRole('link', { name: 'Download license.png' }).count(), 0);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please upload tobacco license' }).waitFor();
    await page
      .getByLabel('Tobacco License')
      .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit' }).click();
    await notification(page, 'Tobacco license uploaded');
    await other.getByRole('link', { name: 'Download license.png' }).waitFor();
    await other.close();

    // Sign out from the header menu; sign in with Remember me; the email is prefilled next time.
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await page.goto('/signin');
    await expectNoSeriousAxe(page, '/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect email/password.' }).waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await notification(page, `Welcome ${email}`);
    await page.waitForURL((u) => u.pathname === '/');
    const cookie = (await context.cookies()).find((c) => c.name === 'sid')!;
    assert.equal(cookie.httpOnly, true);
    assert.ok(cookie.expires > Date.now() / 1000 + 29 * 86_400, 'remembered for 30 days');

    // My Profile: Save appears only after a change.
    await page.goto('/account?p=My%20Profile');
    assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
    await page.getByLabel('Name', { exact: true }).fill('Dana B. Buyer');
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'Updated Profile Sucessfully');
    assert.equal(await page.getByLabel('Email').isDisabled(), true, 'a verified email is locked');

    // Addresses: four more make five, the sixth is refused; make one the default.
    await page.goto('/account?p=Address');
    for (let i = 2; i <= 6; i++) {
      await page.getByLabel('Street address').fill(`${i} Main St`);
      await page.getByLabel('City').fill('Austin');
      await page.getByLabel('State').selectOption('TX');
      await page.getByLabel('ZIP code').fill('73301');
      await page.getByRole('button', { name: 'Add address' }).click();
      if (i < 6) await page.getByRole('heading', { name: `Saved addresses (${i} of 5)` }).waitFor();
    }
    await page.getByRole('alert').filter({ hasText: 'You cannot add more than 5 addresses.' }).waitFor();
    await page.getByRole('button', { name: 'Make it Default' }).first().click();
    await notification(page, 'Success');

    // Change the password.
    await page.goto('/account?p=Change%20Password');
    // The server's answer names the field it is about: it shows under that field.
    await page.getByLabel('Old password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(
      page.getByLabel('Old password'),
      'Re-authentication failed. Please make sure you entered the correct password.',
    );
    await expectFocused(page.getByLabel('Old password'));
    await page.getByLabel('Old password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await notification(page, 'Password Updated Successfully');

    // Lost password → reset through the mailed link → sign in with the new password.
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.goto('/signin');
    assert.equal(await page.getByLabel('Email').inputValue(), email, 'Remember me prefills the email');
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    // The sign-in page has an Email field too: fill the lost-password one, once it is there.
    await page.waitForURL(/\/lostpassword$/);
    await page.getByRole('heading', { name: 'Lost your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Get the link' }).click();
    await notification(page, 'Password reset email sent. Check your inbox.');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(await waitForLink(email, '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('third password 3');
    await page.getByLabel('Confirm new password').fill('third password 3');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await notification(page, 'Password Updated Successfully');
    await page.waitForURL(/\/signin$/);
    await page.getByLabel('Password').fill('third password 3');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await notification(page, `Welcome ${email}`);
    // Signed in, /signin and /signup send the buyer home.
    await page.goto('/signin');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/signup');
    await page.waitForURL((u) => u.pathname === '/');
    assert.deepEqual(
      errors.filter((e) => !/status of 4\d\d/.test(e)),
      [],
    );
    await context.close();
  });

  test('the account forms fit a 360 px phone', async () => {
    const context = await adultContext(browser, { width: 360, height: 780 });
    const page = await context.newPage();
    for (const url of ['/signin', '/signup', '/lostpassword', '/reset-password?token=x']) {
      await page.goto(url);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      assert.equal(await hasHorizontalScroll(page), false, `horizontal scroll on ${url}`);
      await expectNoSeriousAxe(page, url);
    }
    await page.goto('/account?p=My%20Profile');
    await page.waitForURL((u) => u.pathname === '/'); // signed out: home
    await context.close();
  });
});
