import { and, eq, sql } from 'drizzle-orm';
import type { StaffContext } from '#server/http/request-context.ts';
import { rowsOf } from '#server/modules/receivables/ledger.service.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import type { ComplianceAttributes } from '#shared/compliance/attributes.ts';
import type { TaxBasis } from '#shared/compliance/compliance.constants.ts';
import { lineExcise } from '#shared/compliance/excise.ts';
import {
  EXCISE_KIND_LABELS,
  EXCISE_KINDS,
  type ExciseFiling,
  type ExciseKind,
  type ExciseReturn,
  type ExciseReturnQuery,
} from '#shared/compliance/excise-return.schemas.ts';
import { splitByKind } from '#shared/compliance/excise-split.ts';
import { monthRange } from '#shared/compliance/pact.ts';
import { csvLine } from '#shared/csv.ts';
import { REPORT_PAGE_SIZE } from '#shared/reports/reports.schemas.ts';
import { foldSalesRollups } from '#server/modules/reports/rollup-reads.ts';
import { loadCompliance } from './compliance.service.ts';
import { exciseFilings } from './compliance.table.ts';

interface LineRow {
  date: string;
  number: string;
  kind: 'invoice' | 'credit_note';
  order_number: string;
  order_day: string;
  sku: string;
  description: string;
  quantity: number;
  amount_cents: number;
  excise_cents: number;
  compliance: ComplianceAttributes | null;
  unit_price_cents: number | null;
  item_quantity: number | null;
}

/**
 * A state's excise return for a month of the store's days (decision 018): every invoice and credit
 * note line with excise whose document's excise state is the state, the credit notes' taken off,
 * each split by the kind of rate it was charged at (the state's rates in force on the day the
 * order's items were last priced before the document — placed or changed — as they weigh on the
 * item; a rate withdrawn since still counts for its days).
 */
export async function exciseReturn(
  ctx: StaffContext,
  q: ExciseReturnQuery & { page?: number },
  pageSize = REPORT_PAGE_SIZE,
): Promise<ExciseReturn> {
  const { from, until } = monthRange(q.month);
  const rows = rowsOf<LineRow>(
    await ctx.db.execute(sql`
      WITH docs AS (
        SELECT d.id, d.invoice_date, d.number, d.kind, d.order_number, d.order_id,
          -- The day the order's items were last priced before this document: placed, or changed.
          to_char(coalesce(
            (SELECT max(r.created_at) FROM order_revisions r WHERE r.order_id = d.order_id AND r.created_at <= d.issued_at),
            (SELECT o.created_at FROM orders o WHERE o.id = d.order_id)) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS order_day
        FROM invoices d
        WHERE d.excise_state = ${q.state} AND d.invoice_date >= ${from}::date AND d.invoice_date < ${until}::date
      ),
      -- Each line's item: the same option at the same price, one not cancelled first (read once
      -- for the month's orders, not looked up line by line).
      items AS (
        SELECT DISTINCT ON (x.order_id, k.key) x.order_id, k.key, x.compliance, x.unit_price_cents, x.quantity
        FROM order_items x
        CROSS JOIN LATERAL (SELECT coalesce('v:' || x.variant_id, 'sku:' || x.sku) || '@' || x.unit_price_cents AS key) k
        WHERE x.order_id IN (SELECT order_id FROM docs)
        ORDER BY x.order_id, k.key, x.status = 'cancelled', x.id
      )
      SELECT to_char(d.invoice_date, 'YYYY-MM-DD') AS date, d.number, d.kind, d.order_number, d.order_day,
        l.sku, regexp_replace(l.description, ' \\(excise\\)$', '') AS description, l.quantity, l.amount_cents,
        l.excise_cents, i.compliance, i.unit_price_cents, i.quantity AS item_quantity
      FROM docs d
      -- A document's lines by its index: a month of a state is a sliver of every line there is, and
      -- the planner, left to itself, reads them all (OFFSET 0 keeps the subquery its own).
      CROSS JOIN LATERAL (
        SELECT * FROM invoice_lines x WHERE x.invoice_id = d.id AND x.excise_cents <> 0 OFFSET 0
      ) l
      LEFT JOIN items i ON i.order_id = d.order_id AND i.key = l.line_key
      ORDER BY d.invoice_date, d.number, l.position`),
  );
  const { rates } = await loadCompliance(ctx.db);
  const stateRates = rates.filter((r) => r.state === q.state).map((r) => ({ ...r, retired: false }));
  const byKind = new Map<ExciseKind, number>(EXCISE_KINDS.map((k) => [k, 0]));
  const lines = rows.map((r) => {
    const sign = r.kind === 'credit_note' ? -1 : 1;
    const excise = sign * Number(r.excise_cents);
    const weights: Partial<Record<TaxBasis, number>> = {};
    if (r.compliance && r.unit_price_cents !== null && r.item_quantity) {
      const charged = lineExcise(
        stateRates,
        r.compliance,
        q.state,
        r.order_day,
        r.unit_price_cents,
        r.item_quantity,
      );
      for (const rate of charged.rates) {
        const basis = stateRates.find((s) => s.id === rate.id)!.basis;
        weights[basis] = (weights[basis] ?? 0) + rate.cents;
      }
    }
    const split = splitByKind(excise, weights);
    for (const [k, cents] of Object.entries(split))
      byKind.set(k as ExciseKind, byKind.get(k as ExciseKind)! + cents);
    return {
      date: r.date,
      number: r.number,
      kind: r.kind,
      orderNumber: r.order_number,
      sku: r.sku,
      description: r.description,
      quantity: sign * Number(r.quantity),
      amountCents: sign * Number(r.amount_cents),
      exciseCents: excise,
      byKind: split,
    };
  });
  const [filing] = rowsOf<{ at: string; by: string; cents: string }>(
    await ctx.db.execute(sql`
      SELECT f.filed_at AS at, coalesce(u.email, '') AS by, f.filed_cents::text AS cents
      FROM excise_filings f LEFT JOIN users u ON u.id = f.filed_by
      WHERE f.state = ${q.state} AND f.month = ${q.month}`),
  );
  return {
    month: q.month,
    state: q.state,
    stateName: stateName(q.state),
    totalCents: lines.reduce((n, l) => n + l.exciseCents, 0),
    // Every line counts in the totals above; a page asked for carries its own lines only.
    page: q.page ?? 1,
    lineCount: lines.length,
    byKind: EXCISE_KINDS.filter((k) => byKind.get(k) !== 0).map((k) => ({
      kind: k,
      label: EXCISE_KIND_LABELS[k],
      cents: byKind.get(k)!,
    })),
    lines: q.page ? lines.slice((q.page - 1) * pageSize, q.page * pageSize) : lines,
    filed: filing
      ? { at: new Date(filing.at).toISOString(), by: filing.by, cents: Number(filing.cents) }
      : null,
  };
}

/** The return as CSV for filing: its lines, then a total per kind of rate and the total. */
export function exciseReturnCsv(r: ExciseReturn): string {
  const kinds = EXCISE_KINDS.filter((k) => r.byKind.some((b) => b.kind === k));
  const head = csvLine([
    'Date',
    'Document',
    'Order',
    'SKU',
    'Description',
    'Quantity',
    'Amount',
    'Excise',
    ...kinds.map((k) => EXCISE_KIND_LABELS[k]),
  ]);
  // Dollars with two decimals and no separators, as a spreadsheet reads them.
  const money = (c: number) => (c / 100).toFixed(2);
  const body = r.lines.map((l) =>
    csvLine([
      l.date,
      l.number,
      l.orderNumber,
      l.sku,
      l.description,
      l.quantity,
      money(l.amountCents),
      money(l.exciseCents),
      ...kinds.map((k) => money(l.byKind[k] ?? 0)),
    ]),
  );
  const totals = [
    ...r.byKind.map((b) => csvLine(['', '', '', '', `Total ${b.label}`, '', '', money(b.cents)])),
    csvLine(['', '', '', '', `Total excise ${r.state} ${r.month}`, '', '', money(r.totalCents)]),
  ];
  return `${[head, ...body, ...totals].join('\r\n')}\r\n`;
}

const FILED_SHOWN = 24;

/**
 * The states and months with excise on invoices (from the monthly rollups): those not marked filed,
 * oldest first, and the latest marked, each with its amount and whether it changed since.
 */
export async function exciseFilingList(
  ctx: StaffContext,
): Promise<{ toFile: ExciseFiling[]; filed: ExciseFiling[] }> {
  await foldSalesRollups(ctx.db);
  const rows = rowsOf<{
    state: string;
    month: string;
    cents: string | null;
    filed_at: string | null;
    filed_by: string | null;
    filed_cents: string | null;
  }>(
    await ctx.db.execute(sql`
      WITH owed AS (
        SELECT state, to_char(period, 'YYYY-MM') AS month, sum(excise_cents) AS cents
        FROM sales_customer_rollups WHERE grain = 'm' GROUP BY state, period HAVING sum(excise_cents) <> 0
      )
      SELECT coalesce(o.state, f.state) AS state, coalesce(o.month, f.month) AS month, o.cents::text AS cents,
        f.filed_at, u.email AS filed_by, f.filed_cents::text AS filed_cents
      FROM owed o
      FULL JOIN excise_filings f ON f.state = o.state AND f.month = o.month
      LEFT JOIN users u ON u.id = f.filed_by`),
  );
  const entries = rows.map(
    (r): ExciseFiling => ({
      state: r.state,
      stateName: stateName(r.state),
      month: r.month,
      exciseCents: Number(r.cents ?? 0),
      filedAt: r.filed_at ? new Date(r.filed_at).toISOString() : null,
      filedBy: r.filed_by,
      filedCents: r.filed_cents === null ? null : Number(r.filed_cents),
      changedSinceFiled: r.filed_cents !== null && Number(r.filed_cents) !== Number(r.cents ?? 0),
    }),
  );
  return {
    toFile: entries
      .filter((e) => e.filedAt === null)
      .sort((a, b) => a.month.localeCompare(b.month) || a.state.localeCompare(b.state)),
    filed: entries
      .filter((e) => e.filedAt !== null)
      .sort((a, b) => b.filedAt!.localeCompare(a.filedAt!))
      .slice(0, FILED_SHOWN),
  };
}

/** Marks a state's month filed with the amount its return shows now (or takes the mark back), audited. */
export async function markExciseFiled(
  ctx: StaffContext,
  body: { state: string; month: string; filed: boolean },
): Promise<void> {
  const { totalCents } = await exciseReturn(ctx, body);
  await ctx.db.transaction(async (tx) => {
    const key = and(eq(exciseFilings.state, body.state), eq(exciseFilings.month, body.month));
    const [before] = await tx.select().from(exciseFilings).where(key).for('update');
    if (body.filed) {
      if (before?.filedCents === totalCents) return;
      await tx
        .insert(exciseFilings)
        .values({ ...body, filedCents: totalCents, filedAt: ctx.now, filedBy: ctx.staffId })
        .onConflictDoUpdate({
          target: [exciseFilings.state, exciseFilings.month],
          set: { filedCents: totalCents, filedAt: ctx.now, filedBy: ctx.staffId },
        });
    } else {
      if (!before) return;
      await tx.delete(exciseFilings).where(key);
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: body.filed ? 'excise.filed' : 'excise.unfiled',
        entity: 'excise_filing',
        entityId: `${body.state}/${body.month}`,
        before: before ? { filedCents: before.filedCents } : null,
        after: body.filed ? { filedCents: totalCents } : null,
      },
      ctx.now,
    );
  });
}
