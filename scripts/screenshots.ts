/**
 * Screenshots of the main pages at phone and desktop widths, for looking at what we built:
 *   npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? '/tmp/shots';
const pages = (process.argv[4] ?? '/,/categories?categoryId=ALL,/product').split(',');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of [360, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 780 : 900 } });
  await context.addInitScript(() => localStorage.setItem('smokestack.ageConfirmedAt', String(Date.now())));
  const page = await context.newPage();
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const name = `${width}-${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: process.env.FULL === '1' });
    console.log(path.join(out, name));
  }
  await context.close();
}
await browser.close();
