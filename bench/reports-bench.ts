/**
 * Reports' figures (decision 018), on a database of its own (PGlite in this process, and the
 * PostgreSQL server's, created and dropped): a year of a busy distributor seeded with SQL — 2,000
 * companies, 2,000 options, 100,000 orders of 4 lines (400,000), each invoiced, one in twenty
 * credited in part — then the rollups built once from the documents (rebuild_sales_rollups, as the
 * migration does for a store that had invoices). Measured in this process, which is the server's
 * time for these reads (no HTTP): the dashboard, and each report over the whole year and over the
 * last 30 days. Targets: each report under 300 ms, the dashboard under 150 ms.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../src/server/db/client.ts';
import { exciseFilingList, exciseReturn } from '../src/server/modules/compliance/excise-return.service.ts';
import { dashboard } from '../src/server/modules/reports/dashboard.service.ts';
import {
  breakdownReport,
  creditedReport,
  salesReport,
} from '../src/server/modules/reports/reports.service.ts';
import {
  lowStockReport,
  moversReport,
  slowMoversReport,
} from '../src/server/modules/reports/stock-reports.service.ts';
import { BREAKDOWNS } from '../src/shared/reports/reports.schemas.ts';
import { ms, onBothDatabases, timed } from './timing.ts';

const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 100_000);
const COMPANIES = 2_000;
const ROUNDS = 10;

export async function seed(database: Database): Promise<void> {
  const q = (text: string) => database.query(text);
  // Documents written straight in: the rollups are built once after, as the migration does.
  await q('alter table invoices disable trigger invoices_roll_up');
  await q(
    "insert into categories (slug, name) values ('bench-cat-1', 'Disposables'), ('bench-cat-2', 'E-liquids')",
  );
  await q(`insert into brands (category_id, slug, name)
    select c.id, 'bench-brand-' || g, 'Brand ' || g from generate_series(1, 20) g
    join categories c on c.slug = 'bench-cat-' || (1 + g % 2)`);
  await q(`insert into products (brand_id, slug, name, product_code, sku, price_cents)
    select b.id, 'bench-product-' || g, 'Product ' || g, 'P' || g, 'BP-' || g, 1000 + g
    from generate_series(1, 500) g join brands b on b.slug = 'bench-brand-' || (1 + g % 20)`);
  await q(`insert into variants (product_id, name, sku, image, stock)
    select p.id, 'Option ' || k, 'BV-' || p.id || '-' || k, '{}'::jsonb, (p.id * 7 + k * 13) % 60
    from products p cross join generate_series(1, 4) k where p.slug like 'bench-product-%'`);
  await q(`insert into users (email, password_hash, business_name, name, phone, email_verified_at)
    select 'report' || g || '@shop.example', 'x', 'Shop ' || g, 'Owner ' || g, '555', now()
    from generate_series(1, ${COMPANIES}) g`);
  // The year's orders, spread over its days and the companies, shipped to one of eight states.
  await q(`create temporary table bench_orders as
    select g, m.company_id, m.user_id,
      timestamptz '2026-01-01 14:00:00+00' + make_interval(secs => (g::bigint * 31536000 / ${ORDERS})::integer) as at,
      (array['TX','CA','NY','FL','MN','LA','KY','CT'])[1 + g % 8] as state
    from generate_series(1, ${ORDERS}) g
    join (select company_id, user_id, row_number() over (order by company_id) as n from company_members) m
      on m.n = 1 + g % ${COMPANIES}`);
  await q(`insert into orders (number, user_id, company_id, idempotency_key, shipping_type, ship_name,
      ship_business_name, ship_address, ship_city, ship_state, ship_postal_code, subtotal_cents, shipping_cents,
      excise_cents, total_cents, created_at)
    select 'R-' || g, user_id, company_id, 'r' || g, 'Shiptoaddress', 'n', 'b', 'a', 'c', state, '75201',
      0, 2000, 0, 0, at from bench_orders`);
  await q(`create temporary table bench_variants as
    select id, sku, name, row_number() over (order by id) as n from variants where sku like 'BV-%'`);
  // Four lines an order, on options picked across the catalogue (some sell often, none never).
  await q(`insert into order_items (order_id, variant_id, sku, product_name, variant_name, image_url,
      unit_price_cents, quantity, category_slug, brand_slug, product_slug, excise_cents)
    select o.id, v.id, v.sku, 'Product', v.name, '', 1000 + v.id % 500, 1 + (b.g + k) % 6, '', '', '', (b.g % 3) * 25
    from bench_orders b join orders o on o.number = 'R-' || b.g
    cross join generate_series(1, 4) k
    join bench_variants v on v.n = 1 + (b.g * 7 + k * 131 + (b.g * k) % 97) % 1900`);
  await q(`update orders o set subtotal_cents = s.goods, excise_cents = s.excise, total_cents = s.goods + s.excise + 2000
    from (select order_id, sum(quantity * unit_price_cents)::integer as goods, sum(excise_cents)::integer as excise
          from order_items group by order_id) s where s.order_id = o.id`);
  await q(`insert into invoices (kind, number, order_id, order_number, company_id, user_id, issued_at, invoice_date,
      terms, due_date, bill_to, ship_to, licenses, excise_state, subtotal_cents, shipping_cents, excise_cents, total_cents)
    select 'invoice', 'INV-2026-' || lpad(b.g::text, 7, '0'), o.id, o.number, o.company_id, o.user_id, o.created_at,
      (o.created_at at time zone 'America/Chicago')::date, 'net_30', (o.created_at at time zone 'America/Chicago')::date + 30,
      '{}'::jsonb, '{}'::jsonb, '[]'::jsonb, o.ship_state, o.subtotal_cents, o.shipping_cents, o.excise_cents, o.total_cents
    from bench_orders b join orders o on o.number = 'R-' || b.g`);
  await q(`insert into invoice_lines (invoice_id, position, line_key, sku, description, quantity, unit_price_cents,
      amount_cents, excise_cents)
    select d.id, row_number() over (partition by d.id order by i.id), 'v:' || i.variant_id || '@' || i.unit_price_cents,
      i.sku, 'Product — ' || i.variant_name, i.quantity, i.unit_price_cents, i.quantity * i.unit_price_cents, i.excise_cents
    from invoices d join order_items i on i.order_id = d.order_id where d.number like 'INV-2026-%'`);
  await q(`insert into invoice_lines (invoice_id, position, line_key, sku, description, quantity, unit_price_cents,
      amount_cents, excise_cents)
    select id, 5, 'delivery', '', 'Delivery', 1, shipping_cents, shipping_cents, 0 from invoices where number like 'INV-2026-%'`);
  // One order in twenty has its first line credited the day after.
  await q(`insert into invoices (kind, number, order_id, order_number, company_id, user_id, references_id, reason,
      issued_at, invoice_date, terms, due_date, bill_to, ship_to, licenses, excise_state, subtotal_cents,
      shipping_cents, excise_cents, total_cents)
    select 'credit_note', 'CN-2026-' || lpad(row_number() over (order by d.number)::text, 7, '0'), d.order_id,
      d.order_number, d.company_id, d.user_id, d.id, 'Cancelled', d.issued_at + interval '1 day', d.invoice_date + 1,
      d.terms, d.due_date, d.bill_to, d.ship_to, d.licenses, d.excise_state, l.amount_cents, 0, l.excise_cents,
      l.amount_cents + l.excise_cents
    from invoices d join invoice_lines l on l.invoice_id = d.id and l.position = 1
    where d.kind = 'invoice' and right(d.number, 2)::integer % 20 = 0`);
  await q(`insert into invoice_lines (invoice_id, position, line_key, sku, description, quantity, unit_price_cents,
      amount_cents, excise_cents)
    select c.id, 1, l.line_key, l.sku, l.description, l.quantity, l.unit_price_cents, l.amount_cents, l.excise_cents
    from invoices c join invoice_lines l on l.invoice_id = c.references_id and l.position = 1 where c.kind = 'credit_note'`);
  await q(`insert into invoice_balances (invoice_id, company_id, kind, due_date, open_cents)
    select id, company_id, kind, due_date, case when invoice_date < date '2026-10-01' then 0 else total_cents end
    from invoices`);
  await q("update receivables_settings set time_zone = 'America/Chicago'");
  await q('alter table invoices enable trigger invoices_roll_up');
  await q('analyze');
}

async function measure(where: string, database: Database): Promise<string[][]> {
  let started = performance.now();
  await seed(database);
  const seeded = (performance.now() - started) / 1000;
  started = performance.now();
  await database.query('select rebuild_sales_rollups()');
  await database.query('analyze');
  const rebuilt = (performance.now() - started) / 1000;
  const [counts] = await database.query<{ orders: number; lines: number; rollups: number }>(
    `select (select count(*) from orders)::integer as orders, (select count(*) from order_items)::integer as lines,
       (select count(*) from sales_item_rollups)::integer + (select count(*) from sales_customer_rollups)::integer as rollups`,
  );
  console.log(
    `bench: reports seeded on ${where} in ${seeded.toFixed(1)} s (${counts!.orders} orders, ${counts!.lines} lines); rollups built in ${rebuilt.toFixed(1)} s (${counts!.rollups} rows)`,
  );
  const ctx = {
    db: database.db,
    now: new Date('2026-12-31T20:00:00Z'),
    staffId: randomUUID(),
    companyScope: null,
  };
  const year = { from: '2026-01-01', to: '2026-12-31' };
  const month = { from: '2026-12-02', to: '2026-12-31' };
  const rows: string[][] = [];
  const row = async (what: string, target: number, fn: () => Promise<unknown>) => {
    const r = await timed(fn, ROUNDS);
    rows.push([`${where}: ${what} (target < ${target} ms)`, ms(r.p50), ms(r.p95)]);
  };
  await row('dashboard, admin (every tile, 30 days)', 150, () => dashboard(ctx, 'admin', 30));
  await row('dashboard, admin, 90 days', 150, () => dashboard(ctx, 'admin', 90));
  for (const grain of ['day', 'week', 'month'] as const)
    await row(`sales by ${grain}, the year`, 300, () => salesReport(ctx, { ...year, grain }));
  for (const by of BREAKDOWNS) {
    await row(`sales by ${by}, the year`, 300, () => breakdownReport(ctx, { ...year, by, page: 1 }));
    await row(`sales by ${by}, 30 days`, 300, () => breakdownReport(ctx, { ...month, by, page: 1 }));
  }
  await row('cancelled and credited, the year', 300, () => creditedReport(ctx, { ...year, page: 1 }));
  await row('movers, 30 days', 300, () => moversReport(ctx, month));
  await row('slow movers, 60 days', 300, () => slowMoversReport(ctx, { days: 60, page: 1 }));
  await row('low stock', 300, () => lowStockReport(ctx, { page: 1 }));
  await row('excise return, a month of a state', 300, () =>
    exciseReturn(ctx, { month: '2026-11', state: 'CT' }),
  );
  await row('excise returns to file, every state and month', 300, () => exciseFilingList(ctx));
  return rows;
}

export async function benchReports(pgUrl: string | null): Promise<string[][]> {
  return onBothDatabases(`bench_reports_${process.pid}`, pgUrl, measure);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchReports(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  console.table(rows.map(([what, p50, p95]) => ({ what, p50, p95 })));
}
