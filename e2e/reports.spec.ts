import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { parseCsv } from '../src/shared/csv.ts';
import { formatDay } from '../src/shared/dates.ts';
import { formatCents } from '../src/shared/money.ts';
import {
  adultContext,
  BASE_URL,
  hasHorizontalScroll,
  launch,
  look,
  seriousAxeViolations,
  watchErrors,
} from './support/browser-session.ts';
import { verifiedBuyer } from './support/buyers.ts';
import { staffMember, staffPage } from './support/staff.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const headers = { origin: BASE_URL };

/** A pickup order of `quantity` of an accessory in stock, placed by the buyer: the store invoices it at once. */
async function placeOrder(context: BrowserContext, business: string, quantity: number): Promise<string> {
  const listing = await (
    await context.request.get('/api/v1/catalogue/listing?categoryId=water-pipes&inStock=true')
  ).json();
  const item = listing.items[0];
  const detail = await (
    await context.request.get(
      `/api/v1/catalogue/product?categoryId=${item.categoryId}&brandId=${item.brandId}&subBrandId=${item.id}`,
    )
  ).json();
  const option = detail.variants.find((v: { stock: number }) => v.stock >= quantity);
  const added = await context.request.post('/api/v1/cart/items', {
    headers,
    data: { items: [{ variantId: option.sku, quantity }] },
  });
  assert.ok(added.ok(), await added.text());
  const placed = await context.request.post('/api/v1/orders', {
    headers,
    data: {
      shippingType: 'Pickup',
      shippingDetails: {
        name: 'Casey Buyer',
        businessName: business,
        address: '1 Main St',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75201',
      },
      comments: '',
      idempotencyKey: randomUUID(),
    },
  });
  assert.equal(placed.status(), 201, await placed.text());
  return (await placed.json()).order.orderNumber;
}

/** A table's body rows as their cells' text. */
async function tableRows(table: Locator): Promise<string[][]> {
  const rows = await table.locator('tbody tr').all();
  return Promise.all(
    rows.map(async (r) => (await r.locator('th, td').allTextContents()).map((t) => t.trim())),
  );
}

/** Downloads the page's CSV (its "Download CSV" link) and reads it: the header and the rows. */
async function downloadCsv(page: Page): Promise<{ head: string[]; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const { rows } = parseCsv(readFileSync((await download.path())!, 'utf8'));
  return { head: rows[0]!, rows: rows.slice(1) };
}

const dollars = (cell: string) => formatCents(Math.round(Number(cell) * 100));
const count = (cell: string) => Number(cell).toLocaleString('en-US');

/** The page at a phone's width and a desk's: no sideways scroll, axe clean, a screenshot of each. */
async function bothWidths(page: Page, name: string) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.waitForTimeout(300); // the chart redraws for its new width
  assert.equal(await hasHorizontalScroll(page), false, `${name} fits a phone`);
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name} at 360 px`);
  await look(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  await look(page, `${name}-desktop`);
}

/**
 * Decision 018's journey: orders invoiced today show on the dashboard (its tiles, its queues, sales
 * per day charted with the table beside it); the sales report and the breakdown by option say in
 * their tables what their CSV downloads say; each page reads well at 360 px and on a desk.
 */
describe('reports in the console', () => {
  test('the dashboard; the sales report and a breakdown, their tables the same as their CSV', async () => {
    const stamp = Date.now().toString(36);
    const business = `Reports Journey ${stamp}`;
    const buyer = await verifiedBuyer(browser, {
      prefix: 'reports-owner',
      businessName: business,
      address: { streetAddress: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201' },
      licence: 'TX',
    });
    const numbers: string[] = [];
    for (const quantity of [1, 2, 3]) numbers.push(await placeOrder(buyer.context, business, quantity));
    await buyer.context.close();

    const admin = await staffMember({ authenticator: true, name: 'Rhea Reports' });
    const context = await adultContext(browser);
    const page = await staffPage(context, admin);
    const errors = watchErrors(page);

    // The dashboard: today's figures, the queues as links, sales per day charted beside its table.
    const dashboard = await (await page.request.get('/api/v1/admin/dashboard?days=30')).json();
    const today = page.getByRole('region', { name: 'Today' });
    await today.getByText('Sales', { exact: true }).waitFor();
    assert.ok(dashboard.periods.today.orders >= 3, 'the three orders are today’s');
    await today.getByText(formatCents(dashboard.periods.today.salesCents), { exact: true }).first().waitFor();
    const waiting = page.getByRole('region', { name: 'Waiting' });
    assert.equal(
      await waiting.getByRole('link', { name: /to verify$/ }).getAttribute('href'),
      '/admin/verification',
    );
    const perDay = page.getByRole('region', { name: 'Sales per day, last 30 days', exact: true });
    await perDay.getByRole('application', { name: 'Sales per day, last 30 days' }).waitFor();
    const dayRows = await tableRows(perDay.getByRole('table'));
    assert.equal(dayRows.length, 30);
    const last = dashboard.chart.rows.at(-1);
    assert.deepEqual(
      dayRows[0]!.slice(0, 2),
      [formatDay(last.day), formatCents(last.salesCents)],
      'today first',
    );
    await bothWidths(page, 'reports-dashboard');
    await perDay.getByRole('link', { name: '90 days' }).click();
    await page.getByRole('region', { name: 'Sales per day, last 90 days', exact: true }).waitFor();

    // "Orders to ship" opens the orders waiting to ship, the Stage filter saying so: ours among them.
    await waiting.getByRole('link', { name: /to ship$/ }).click();
    await page.waitForURL((u) => u.pathname === '/admin/orders' && u.search === '?stage=toShip');
    assert.equal(await page.getByRole('combobox', { name: 'Stage' }).inputValue(), 'toShip');
    const toShip = page.getByRole('table', { name: 'Orders' });
    for (const number of numbers) await toShip.getByRole('link', { name: number, exact: true }).waitFor();
    await look(page, 'orders-to-ship-desktop');

    // The sales report, the last 30 days: each day's row says what the CSV says.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const sales = page.getByRole('table', { name: 'Sales per day' });
    await sales.waitFor();
    await page.getByRole('application', { name: 'Goods sold per day' }).waitFor();
    const csv = await downloadCsv(page);
    assert.deepEqual(csv.head.slice(0, 7), [
      'Period',
      'Orders',
      'Goods',
      'Delivery',
      'Excise',
      'Total',
      'Credited',
    ]);
    const shown = await tableRows(sales);
    assert.equal(shown.length, csv.rows.length, 'a row per day and the total, in both');
    csv.rows.forEach((row, i) => {
      const [period, orders, goods, , , total, credited] = row;
      const label = period === 'Total' ? 'Total' : formatDay(period!);
      assert.deepEqual(
        shown[i]!.slice(0, 5),
        [label, count(orders!), dollars(goods!), dollars(total!), dollars(credited!)],
        `row ${label}`,
      );
    });
    const todayRow = csv.rows.at(-2)!;
    assert.ok(Number(todayRow[1]) >= 3, 'today’s orders are in the report');
    await bothWidths(page, 'reports-sales');

    // The breakdown by option: the same rows in the table as in the CSV (the first page of each).
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Breakdown' }).click();
    await page
      .getByRole('navigation', { name: 'Group sales by' })
      .getByRole('link', { name: 'Option' })
      .click();
    const byOption = page.getByRole('table', { name: 'Sales by option' });
    await byOption.waitFor();
    const options = await downloadCsv(page);
    assert.deepEqual(options.head.slice(0, 2), ['Option', 'Detail']);
    const optionRows = await tableRows(byOption);
    assert.ok(optionRows.length > 0);
    optionRows.forEach((cells, i) => {
      const [label, detail, units, goods, , total] = options.rows[i]!;
      assert.deepEqual(cells.slice(0, 4), [
        label === detail || !detail ? label : `${label}${detail}`,
        count(units!),
        dollars(goods!),
        dollars(total!),
      ]);
    });
    await bothWidths(page, 'reports-breakdown');

    // The other reports, low stock and the excise returns: each axe clean and fitting a phone.
    for (const [path, heading, shown] of [
      ['/admin/reports/credited', 'Reports', 'Cancelled & credited'],
      ['/admin/reports/movers', 'Reports', 'Movers'],
      ['/admin/reports/slow-movers', 'Reports', 'Stock of options not selling'],
      ['/admin/low-stock', 'Low stock', 'Default reorder point'],
      ['/admin/excise-returns', 'Excise returns', 'To file'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByText(shown, { exact: true }).first().waitFor();
      await bothWidths(page, `reports${path.replace(/\W+/g, '-')}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
