import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/browser.ts';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of [768, 1024, 1280, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.addInitScript(() => localStorage.setItem('smokestack.ageConfirmedAt', String(Date.now())));
  await page.goto('http://localhost:3077/');
  await page.getByRole('navigation', { name: /categor/i }).first().waitFor().catch(() => {});
  const r = await page.evaluate(() => {
    const ul = document.querySelector('nav ul.flex-wrap') as HTMLElement | null;
    if (!ul) return 'no ul';
    const lis = [...ul.children] as HTMLElement[];
    const tops = new Set(lis.map((l) => l.offsetTop));
    const sum = lis.reduce((n, l) => n + l.getBoundingClientRect().width, 0);
    return { rows: tops.size, sum: Math.round(sum), ul: ul.clientWidth, texts: lis.map((l) => Math.round(l.getBoundingClientRect().width)) };
  });
  console.log(width, JSON.stringify(r));
  await page.close();
}
await browser.close();
