import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch, watchErrors } from './support/browser-session.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const question = 'ARE YOU OF LEGAL SMOKING AGE?';

describe('age gate', () => {
  test('shows a 1 s splash, then the question; Enter lets the visitor in and survives a reload', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL });
    // The page notes when the splash and the question first appear, by its own clock: the test's
    // polling may see the splash late on a loaded machine, which must not decide the result.
    await context.addInitScript(() => {
      const seen: { splash?: number; question?: number } = {};
      (window as unknown as { gateTimes: typeof seen }).gateTimes = seen;
      new MutationObserver(() => {
        seen.splash ??= document.querySelector('[role="status"][aria-label="Loading"]')
          ? performance.now()
          : undefined;
        seen.question ??= /LEGAL SMOKING AGE/.test(document.body?.textContent ?? '')
          ? performance.now()
          : undefined;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    const heading = page.getByRole('heading', { name: question });
    await heading.waitFor();
    const times = await page.evaluate(
      () => (window as unknown as { gateTimes: { splash?: number; question?: number } }).gateTimes,
    );
    assert.ok(times.splash !== undefined && times.question !== undefined, 'the splash, then the question');
    assert.ok(
      times.question - times.splash >= 900,
      `the splash stays about a second (${times.question - times.splash} ms)`,
    );
    assert.match(await page.getByRole('dialog').innerText(), /21 years or older/);
    assert.doesNotMatch(await page.getByRole('dialog').innerText(), /18 years/);
    // The store behind the gate is not rendered yet.
    assert.equal(await page.getByRole('banner').count(), 0);

    await page.getByRole('button', { name: 'Enter' }).click();
    await page.getByRole('heading', { name: 'NEW ARRIVALS' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'NEW ARRIVALS' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: question }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('Exit shows the sorry screen with Go Back', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Exit' }).click();
    await page.getByRole('heading', { name: 'Sorry, you must be above 21 years old to proceed.' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => !url.href.startsWith(BASE_URL));
    await context.close();
  });

  test('the confirmation expires after one hour, while the page is open and on the next visit', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(1_100);
    await page.getByRole('button', { name: 'Enter' }).click();
    await page.getByRole('heading', { name: 'NEW ARRIVALS' }).waitFor();

    await page.clock.runFor(59 * 60_000);
    assert.equal(await page.getByRole('heading', { name: question }).count(), 0, 'still valid at 59 minutes');
    await page.clock.runFor(61_000);
    await page.getByRole('heading', { name: question }).waitFor();

    await page.getByRole('button', { name: 'Enter' }).click();
    await page.clock.fastForward(60 * 60_000 + 1_000);
    await page.reload();
    await page.clock.runFor(1_100);
    await page.getByRole('heading', { name: question }).waitFor();
    await context.close();
  });
});
