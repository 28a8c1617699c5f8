import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/**
 * A form's error on one field: the control is `aria-invalid` and its description (what a screen
 * reader reads with it) holds the message.
 */
export async function expectFieldError(control: Locator, message: string): Promise<void> {
  await control.and(control.page().locator('[aria-invalid="true"]')).waitFor();
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).textContent()));
  assert.ok(
    texts.some((t) => t?.includes(message)),
    `expected "${message}" in the field's description, got ${JSON.stringify(texts)}`,
  );
}

/** Focus went to this control (the first invalid field of a refused form). */
export async function expectFocused(control: Locator): Promise<void> {
  await control.page().waitForFunction((el) => el === document.activeElement, await control.elementHandle());
}

/** A notification (the 3-second alert or status) saying `text`; a screenshot when it never comes. */
export async function notification(page: Page, text: string | RegExp): Promise<void> {
  try {
    await page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first().waitFor();
  } catch (err) {
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/failed.png`, fullPage: true });
    throw err;
  }
}
