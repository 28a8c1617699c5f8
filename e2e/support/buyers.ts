import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adultContext, BASE_URL } from './browser-session.ts';
import { signedIn, staffMember } from './staff.ts';
import { waitForLink } from './mailbox.ts';

const headers = { origin: BASE_URL };

/**
 * A buyer signed up through the API in this browser context (its session cookie lands there), with
 * an email no other run uses (`prefix-…@shop.example`). Returns the email, the password and the id.
 */
export async function signUpBuyer(
  context: BrowserContext,
  who: { prefix: string; businessName: string; name: string; phoneNumber: string; password: string },
): Promise<{ email: string; password: string; id: string }> {
  const email = `${who.prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@shop.example`;
  const { prefix: _, ...data } = who;
  const res = await context.request.post('/api/v1/auth/signup', {
    headers,
    data: { ...data, email, confirmPassword: who.password },
  });
  assert.equal(res.status(), 201, await res.text());
  return { email, password: who.password, id: (await res.json()).user.id as string };
}

/** Opens the verification link of the mail sent to `email` in `page`, as the buyer would. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await page.goto(await waitForLink(email, '/verify-email'));
  await page.getByText('Your email address is verified.').waitFor();
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export interface BuyerSetUp {
  /** Starts the buyer's email (one run's emails never meet another's). */
  prefix: string;
  businessName: string;
  address: { streetAddress: string; city: string; state: string; zipCode: string };
  /** The state that issued the tobacco license staff verify. */
  licence: string;
}

/**
 * A buyer signed up with a default address, both documents uploaded and verified by staff (the
 * licence issued by `licence`), and the email verified in the browser.
 */
export async function verifiedBuyer(browser: Browser, setUp: BuyerSetUp) {
  const context = await adultContext(browser);
  const page = await context.newPage();
  const { email } = await signUpBuyer(context, {
    prefix: setUp.prefix,
    businessName: setUp.businessName,
    name: 'Casey Buyer',
    phoneNumber: '+1 555 010 3030',
    password: 'compliance password 1',
  });
  const complete = await context.request.post('/api/v1/account/complete', {
    headers,
    data: { ...setUp.address, streetAddress2: '' },
  });
  assert.ok(complete.ok(), await complete.text());
  for (const kind of ['sales_id', 'tobacco_license'])
    assert.ok(
      (
        await context.request.post(`/api/v1/account/documents/${kind}`, {
          headers,
          multipart: { file: { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: PDF } },
        })
      ).ok(),
    );
  await verifyEmail(page, email);
  const staff = await signedIn(await staffMember({ authenticator: true }));
  const queue = await (await staff.get('/api/v1/admin/verifications')).json();
  const mine = queue.documents.filter((d: { buyer: { email: string } }) => d.buyer.email === email);
  assert.equal(mine.length, 2);
  for (const doc of mine) {
    const verified = await staff.post(`/api/v1/admin/documents/${doc.id}/verify`, {
      data: { documentNumber: `${setUp.licence}-778`, issuingState: setUp.licence, expiresOn: '2030-01-31' },
    });
    assert.ok(verified.ok(), await verified.text());
  }
  return { context, page, email, staff };
}
