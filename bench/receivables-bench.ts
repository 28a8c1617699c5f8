/**
 * Receivables' figures (decision 017, step 8), on a database of its own (PGlite in this process, and
 * the PostgreSQL server's, created and dropped): 10,000 companies with a few invoices each and one
 * company with 5,000 invoices and 2,000 payments, seeded with SQL. Measured in this process, which
 * is the server's time for these reads (no HTTP): the big company's statement for the year and its
 * aging; the receivables page (the aging of all 10,000 companies, first page and whole); and the
 * credit check inside an order's statement, against the same statement's round trip without it.
 * Targets: statement and aging under 50 ms; all companies' aging under 500 ms; the credit check
 * costs no round trip (it is one more call inside place_order's one statement).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../src/server/db/client.ts';
import { accountSummary } from '../src/server/modules/receivables/ledger.service.ts';
import { companyStatement, receivablesList } from '../src/server/modules/receivables/statements.service.ts';
import { ms, onBothDatabases, timed } from './timing.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const BIG_INVOICES = 5_000;
const ROUNDS = 25;

async function seed(database: Database): Promise<{ big: string; bigOrder: string; smallOrder: string }> {
  const q = (text: string, params: unknown[] = []) => database.query(text, params);
  await q(`insert into users (email, password_hash, business_name, name, phone, email_verified_at)
    select 'bench' || g || '@shop.example', 'x', 'Shop ' || g, 'Owner ' || g, '555', now()
    from generate_series(1, ${COMPANIES}) g`);
  // Each buyer's company and membership are made as the insert commits (migration 0029's trigger).
  // Three orders and invoices per company, due 40, 10 and -5 days ago: every aging bucket is used.
  await q(`insert into orders (number, user_id, company_id, idempotency_key, shipping_type, ship_name,
      ship_business_name, ship_address, ship_city, ship_state, ship_postal_code, subtotal_cents, shipping_cents,
      total_cents, created_at)
    select 'B-' || m.company_id || '-' || k, m.user_id, m.company_id, 'k' || k, 'Pickup', 'n', 'b', 'a', 'c', 'TX', '75201',
      10000 + k, 0, 10000 + k, now() - make_interval(days => 10 * k)
    from company_members m cross join generate_series(1, 3) k`);
  const [big] = await database.query<{ id: string; user_id: string }>(
    `select m.company_id as id, m.user_id from company_members m join users u on u.id = m.user_id
     where u.email = 'bench1@shop.example'`,
  );
  await q(
    `insert into orders (number, user_id, company_id, idempotency_key, shipping_type, ship_name, ship_business_name,
      ship_address, ship_city, ship_state, ship_postal_code, subtotal_cents, shipping_cents, total_cents, created_at)
    select 'BIG-' || g, $2, $1, 'big' || g, 'Pickup', 'n', 'b', 'a', 'c', 'TX', '75201', 5000, 0, 5000,
      timestamptz '2026-01-01' + make_interval(hours => g)
    from generate_series(1, ${BIG_INVOICES - 3}) g`,
    [big!.id, big!.user_id],
  );
  await q(`insert into invoices (kind, number, order_id, order_number, company_id, user_id, issued_at, invoice_date, terms, due_date,
      bill_to, ship_to, licenses, excise_state, subtotal_cents, shipping_cents, excise_cents, total_cents)
    select 'invoice', 'INV-2026-' || lpad(row_number() over (order by o.created_at, o.number)::text, 7, '0'), o.id,
      o.number, o.company_id, o.user_id, o.created_at, o.created_at::date, 'net_15', o.created_at::date + 15,
      '{}'::jsonb, '{}'::jsonb, '[]'::jsonb, 'TX', o.total_cents, 0, 0, o.total_cents
    from orders o where o.number like 'B-%' or o.number like 'BIG-%'`);
  await q(`insert into invoice_balances (invoice_id, company_id, kind, due_date, open_cents)
    select id, company_id, kind, due_date, total_cents from invoices where number like 'INV-2026-%'`);
  // The big company paid 2,000 of its invoices, one payment each.
  await q(
    `with paid as (
       select i.id, i.total_cents, i.invoice_date, row_number() over (order by i.number) n from invoices i
       where i.company_id = $1 order by i.number limit 2000
     ), p as (
       insert into payments (number, company_id, amount_cents, received_on, method, unapplied_cents, recorded_by, recorded_at)
       select 'PAY-2026-' || lpad(n::text, 7, '0'), $1, total_cents, invoice_date + 3, 'check', 0, $2, now() from paid
       returning id, number
     )
     insert into allocations (invoice_id, payment_id, amount_cents, created_at)
     select paid.id, p.id, paid.total_cents, now() from paid join p on p.number = 'PAY-2026-' || lpad(paid.n::text, 7, '0')`,
    [big!.id, big!.user_id],
  );
  await q(
    `update invoice_balances b set open_cents = 0 from allocations a where a.invoice_id = b.invoice_id`,
  );
  await q(`insert into company_accounts (company_id, credit_limit_cents) values ($1, 1000000000)`, [big!.id]);
  // Nobody on hold: the check reads the hold and the limit and lets the order through, its usual path.
  await q('update receivables_settings set hold_after_days = 365');
  await q('analyze');
  const [bigOrder] = await database.query<{ id: string }>(`select id from orders where number = 'BIG-1'`);
  const [smallOrder] = await database.query<{ id: string }>(
    `select id from orders where company_id <> $1 limit 1`,
    [big!.id],
  );
  return { big: big!.id, bigOrder: bigOrder!.id, smallOrder: smallOrder!.id };
}

async function measure(where: string, database: Database): Promise<string[][]> {
  const started = performance.now();
  const { big, bigOrder, smallOrder } = await seed(database);
  console.log(
    `bench: receivables seeded on ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const db = database.db;
  const ctx = { db, now: new Date('2026-11-27T15:00:00Z'), staffId: randomUUID(), companyScope: null };
  const company = { id: big, businessName: 'Shop 1' };
  const statement = await timed(() => companyStatement(db, company, '2026-01-01', '2026-12-31'), ROUNDS);
  const aging = await timed(() => accountSummary(db, big, '2026-11-27'), ROUNDS);
  const page = await timed(() => receivablesList(ctx, { q: '', status: 'all', page: 1 }), 10);
  const whole = await timed(() => receivablesList(ctx, { q: '', status: 'all', page: null }), 5);
  const now = ctx.now.toISOString();
  const bare = await timed(() => database.query('select 1'), 200);
  const checkBig = await timed(
    () => database.query('select credit_check($1::uuid, $2::timestamptz)', [bigOrder, now]),
    200,
  );
  const checkSmall = await timed(
    () => database.query('select credit_check($1::uuid, $2::timestamptz)', [smallOrder, now]),
    200,
  );
  const n = (
    await database.query<{ n: number }>(`select count(*)::integer as n from invoices where company_id = $1`, [
      big,
    ])
  )[0]!.n;
  return [
    [
      `${where}: statement, a year of ${n} invoices and 2,000 payments (target < 50 ms)`,
      ms(statement.p50),
      ms(statement.p95),
    ],
    [`${where}: balance and aging of that company (target < 50 ms)`, ms(aging.p50), ms(aging.p95)],
    [
      `${where}: receivables page, aging of ${COMPANIES} companies, first page (target < 500 ms)`,
      ms(page.p50),
      ms(page.p95),
    ],
    [`${where}: the same, every row (CSV)`, ms(whole.p50), ms(whole.p95)],
    [`${where}: one round trip (select 1)`, ms(bare.p50), ms(bare.p95)],
    [
      `${where}: credit_check in one statement, company with limit and ${n} invoices`,
      ms(checkBig.p50),
      ms(checkBig.p95),
    ],
    [
      `${where}: credit_check in one statement, company without limit`,
      ms(checkSmall.p50),
      ms(checkSmall.p95),
    ],
  ];
}

export async function benchReceivables(pgUrl: string | null): Promise<string[][]> {
  return onBothDatabases(`bench_receivables_${process.pid}`, pgUrl, measure);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchReceivables(
    process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  console.table(rows.map(([what, p50, p95]) => ({ what, p50, p95 })));
}
