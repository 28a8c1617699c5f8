import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const AGE_KEY = 'smokestack.ageConfirmedAt';

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A context whose visitor already passed the age gate (most journeys are not about the gate). */
export async function adultContext(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport });
  await context.addInitScript((key) => {
    if (!sessionStorage.getItem('e2e-gate-set')) {
      localStorage.setItem(key, String(Date.now()));
      sessionStorage.setItem('e2e-gate-set', '1');
    }
  }, AGE_KEY);
  return context;
}

/** Collects console errors and failed requests so a journey can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** With E2E_LOOK set to a directory, saves a full-page screenshot there for a person to look at. */
export async function look(page: Page, name: string): Promise<void> {
  if (process.env.E2E_LOOK)
    await page.screenshot({ path: `${process.env.E2E_LOOK}/${name}.png`, fullPage: true });
}
