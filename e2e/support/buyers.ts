import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { BASE_URL } from './browser-session.ts';
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
