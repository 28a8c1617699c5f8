import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { ScopedStaffContext } from '#server/http/request-context.ts';
import type { ReceivablesRow, Statement } from '#shared/receivables/payments.schemas.ts';
import { staffCompany } from './company-scope.ts';
import { rowsOf, storeToday } from './ledger.service.ts';

interface EntryRow {
  date: string;
  kind: Statement['entries'][number]['kind'];
  number: string;
  description: string;
  amount: string | number;
}

/**
 * A company's statement for a period of the store's days (decision 017): the opening balance
 * (everything dated before the first day), then the period's invoices and refunds (adding to what
 * it owes) and credit notes and payments (taking off), by date, with the balance after each, and
 * the closing balance. A voided payment is as if it was never made. Reads use the documents' own
 * dated indexes; nothing is summed twice.
 */
export async function companyStatement(
  db: Db,
  company: { id: string; businessName: string },
  from: string,
  to: string,
): Promise<Statement> {
  const id = company.id;
  const [opening] = rowsOf<{ n: string }>(
    await db.execute(sql`select (
      coalesce((select sum(case kind when 'invoice' then total_cents else -total_cents end) from invoices
        where company_id = ${id} and invoice_date < ${from}::date), 0)
      - coalesce((select sum(amount_cents) from payments
        where company_id = ${id} and voided_at is null and received_on < ${from}::date), 0)
      + coalesce((select sum(amount_cents) from refunds where company_id = ${id} and paid_on < ${from}::date), 0)
    )::text as n`),
  );
  // Sorted by the date itself and the number in byte order ("C"): a text sort by collation of
  // thousands of rows is what made this slow. Each document carries its order's number. The rows
  // come back as one JSON text: thousands of rows, one value to carry (PGlite's thread, the wire).
  const [packed] = rowsOf<{ rows: string }>(
    await db.execute(sql`
      select coalesce(json_agg(json_build_object('date', e.date::text, 'kind', e.kind, 'number', e.number,
        'description', e.description, 'amount', e.amount)
        order by e.date, case e.kind when 'invoice' then 0 when 'credit_note' then 1 when 'payment' then 2 else 3 end,
          e.number collate "C"), '[]')::text as rows
      from (
        select i.invoice_date as date, i.kind, i.number,
          case when i.kind = 'invoice' then 'Order ' || i.order_number else 'Credit for order ' || i.order_number end
            || case when i.reason <> '' then ' — ' || i.reason else '' end as description,
          case i.kind when 'invoice' then i.total_cents else -i.total_cents end as amount
        from invoices i
        where i.company_id = ${id} and i.invoice_date between ${from}::date and ${to}::date
        union all
        select p.received_on, 'payment', p.number,
          'Payment by ' || case p.method when 'ach' then 'ACH' else p.method end
            || case when p.reference <> '' then ', ' || p.reference else '' end,
          -p.amount_cents
        from payments p where p.company_id = ${id} and p.voided_at is null
          and p.received_on between ${from}::date and ${to}::date
        union all
        select r.paid_on, 'refund', coalesce(p.number, c.number),
          'Refund from ' || coalesce(p.number, c.number) || ' — ' || r.reason, r.amount_cents
        from refunds r left join payments p on p.id = r.payment_id left join invoices c on c.id = r.credit_note_id
        where r.company_id = ${id} and r.paid_on between ${from}::date and ${to}::date
      ) e`),
  );
  const rows = JSON.parse(packed?.rows ?? '[]') as EntryRow[];
  let balance = Number(opening?.n ?? 0);
  const openingCents = balance;
  const entries = rows.map((r) => {
    balance += Number(r.amount);
    return {
      date: r.date,
      kind: r.kind,
      number: r.number,
      description: r.description,
      amountCents: Number(r.amount),
      balanceCents: balance,
    };
  });
  return { company, from, to, openingCents, closingCents: balance, entries };
}

export async function staffStatement(ctx: ScopedStaffContext, companyId: string, from: string, to: string) {
  return companyStatement(ctx.db, await staffCompany(ctx.db, ctx.companyScope, companyId), from, to);
}

const PAGE_SIZE = 50;

/**
 * Every company with something on its account — balance, overdue, aging, credit limit, hold — in
 * one grouped read of the open documents (decision 017; the bench holds it under 500 ms for 10,000
 * companies). Filters: a name, overdue only, on hold, in credit. `page` null: every row (CSV).
 */
export async function receivablesList(
  ctx: ScopedStaffContext,
  query: { q: string; status: 'all' | 'overdue' | 'hold' | 'credit'; page: number | null },
) {
  const { settings, today } = await storeToday(ctx);
  const t = sql`${today}::date`;
  const where = [
    sql`true`,
    ctx.companyScope ? sql`c.sales_rep_id = ${ctx.companyScope}` : undefined,
    query.q ? sql`c.business_name ilike ${`%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}` : undefined,
    query.status === 'overdue' ? sql`x.overdue > 0` : undefined,
    query.status === 'credit' ? sql`x.balance < 0` : undefined,
    query.status === 'hold' ? sql`x.on_hold` : undefined,
  ].filter(Boolean);
  const rows = rowsOf<Record<string, string | number | boolean | null>>(
    await ctx.db.execute(sql`
      with open as (
        select company_id,
          sum(case when kind = 'invoice' then open_cents else -open_cents end) as open_net,
          sum(open_cents) filter (where kind = 'credit_note') as credit_unused,
          sum(open_cents) filter (where kind = 'invoice' and due_date < ${t}) as overdue,
          sum(open_cents) filter (where kind = 'invoice' and due_date >= ${t}) as current,
          sum(open_cents) filter (where kind = 'invoice' and due_date < ${t} and due_date >= ${t} - 30) as d1_30,
          sum(open_cents) filter (where kind = 'invoice' and due_date < ${t} - 30 and due_date >= ${t} - 60) as d31_60,
          sum(open_cents) filter (where kind = 'invoice' and due_date < ${t} - 60 and due_date >= ${t} - 90) as d61_90,
          sum(open_cents) filter (where kind = 'invoice' and due_date < ${t} - 90) as over_90,
          max(${t} - due_date) filter (where kind = 'invoice') as oldest
        from invoice_balances where open_cents > 0 and company_id is not null group by company_id
      ), unused as (
        select company_id, sum(unapplied_cents) as unused from payments
        where voided_at is null and unapplied_cents > 0 group by company_id
      ), x as (
        select coalesce(o.company_id, u.company_id) as company_id,
          coalesce(o.open_net, 0) - coalesce(u.unused, 0) as balance,
          coalesce(o.overdue, 0) as overdue,
          coalesce(o.credit_unused, 0) + coalesce(u.unused, 0) as unapplied,
          coalesce(o.current, 0) as current, coalesce(o.d1_30, 0) as d1_30, coalesce(o.d31_60, 0) as d31_60,
          coalesce(o.d61_90, 0) as d61_90, coalesce(o.over_90, 0) as over_90,
          greatest(coalesce(o.oldest, 0), 0) as oldest,
          a.credit_limit_cents,
          coalesce(o.oldest, 0) > ${settings.holdAfterDays}::integer
            and (a.hold_lifted_until is null or a.hold_lifted_until <= ${ctx.now.toISOString()}::timestamptz) as on_hold
        from open o full join unused u on u.company_id = o.company_id
        left join company_accounts a on a.company_id = coalesce(o.company_id, u.company_id)
      )
      select x.*, c.business_name, count(*) over () as total,
        sum(x.balance) over () as sum_balance, sum(x.overdue) over () as sum_overdue,
        sum(x.current) over () as sum_current, sum(x.d1_30) over () as sum_d1_30,
        sum(x.d31_60) over () as sum_d31_60, sum(x.d61_90) over () as sum_d61_90,
        sum(x.over_90) over () as sum_over_90
      from x join companies c on c.id = x.company_id
      where ${sql.join(where as ReturnType<typeof sql>[], sql` and `)}
      order by x.balance desc, c.business_name, c.id
      ${query.page === null ? sql`` : sql`limit ${PAGE_SIZE} offset ${(query.page - 1) * PAGE_SIZE}`}`),
  );
  const n = (r: Record<string, unknown> | undefined, k: string) => Number(r?.[k] ?? 0);
  const first = rows[0];
  return {
    rows: rows.map(
      (r): ReceivablesRow => ({
        companyId: String(r.company_id),
        businessName: String(r.business_name),
        balanceCents: n(r, 'balance'),
        overdueCents: n(r, 'overdue'),
        unappliedCents: n(r, 'unapplied'),
        aging: {
          current: n(r, 'current'),
          d1_30: n(r, 'd1_30'),
          d31_60: n(r, 'd31_60'),
          d61_90: n(r, 'd61_90'),
          over_90: n(r, 'over_90'),
        },
        creditLimitCents: r.credit_limit_cents === null ? null : n(r, 'credit_limit_cents'),
        onHold: r.on_hold === true,
        oldestDaysPastDue: n(r, 'oldest'),
      }),
    ),
    totals: {
      balanceCents: n(first, 'sum_balance'),
      overdueCents: n(first, 'sum_overdue'),
      current: n(first, 'sum_current'),
      d1_30: n(first, 'sum_d1_30'),
      d31_60: n(first, 'sum_d31_60'),
      d61_90: n(first, 'sum_d61_90'),
      over_90: n(first, 'sum_over_90'),
    },
    total: n(first, 'total'),
    page: query.page ?? 1,
    pageSize: query.page === null ? rows.length : PAGE_SIZE,
    today,
  };
}
