import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { orderItems, orders } from '#server/modules/orders/orders.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext } from '#server/http/request-context.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import { ALL_STATES } from '#shared/compliance/compliance.constants.ts';
import {
  comparePactRows,
  monthRange,
  PACT_CSV_COLUMNS,
  PACT_KINDS,
  type PactFiling,
  type PactQuery,
  type PactReport,
  type PactRow,
  pactAmounts,
  pactDueOn,
} from '#shared/compliance/pact.ts';
import { csvLine } from '#shared/csv.ts';
import { isoDay } from '#shared/dates.ts';
import { pactFilings } from './compliance.table.ts';
import { orderEmailSql, orderPhoneSql } from '#server/modules/companies/company-sql.ts';

/** Lines the PACT Act covers: delivered to an address, not cancelled, ENDS or tobacco. */
const covered = () =>
  and(
    eq(orders.shippingType, 'Shiptoaddress'),
    ne(orderItems.status, 'cancelled'),
    inArray(sql<string>`${orderItems.compliance}->>'kind'`, [...PACT_KINDS]),
  );

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** Every covered line sold in a month, into one state or all, in the order a filing lists them. */
export async function pactReport(ctx: StaffContext, query: PactQuery): Promise<PactReport> {
  const { from, until } = monthRange(query.month);
  const rows = await ctx.db
    .select({
      createdAt: orders.createdAt,
      orderNumber: orders.number,
      shipBusinessName: orders.shipBusinessName,
      shipName: orders.shipName,
      // An order taken at the desk: the company's contact, not the staff member's (decision 016).
      email: orderEmailSql(),
      phone: orderPhoneSql(),
      address: orders.shipAddress,
      city: orders.shipCity,
      state: orders.shipState,
      zip: orders.shipPostalCode,
      brand: orderItems.brandName,
      product: orderItems.productName,
      option: orderItems.variantName,
      sku: orderItems.sku,
      compliance: orderItems.compliance,
      quantity: orderItems.quantity,
      carrier: orders.carrier,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        covered(),
        gte(orders.createdAt, startOf(from)),
        lt(orders.createdAt, startOf(until)),
        query.state === ALL_STATES ? undefined : eq(orders.shipState, query.state),
      ),
    );
  const report: PactRow[] = rows.map((r) => ({
    date: isoDay(r.createdAt),
    orderNumber: r.orderNumber,
    businessName: r.shipBusinessName,
    contactName: r.shipName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    brand: r.brand,
    product: r.product,
    option: r.option,
    sku: r.sku,
    kind: r.compliance.kind,
    quantity: r.quantity,
    carrier: r.carrier,
    ...pactAmounts(r.compliance, r.quantity),
  }));
  report.sort(comparePactRows);
  let filedAt: string | null = null;
  if (query.state !== ALL_STATES) {
    const [filing] = await ctx.db
      .select({ filedAt: pactFilings.filedAt })
      .from(pactFilings)
      .where(and(eq(pactFilings.state, query.state), eq(pactFilings.month, query.month)));
    filedAt = filing?.filedAt.toISOString() ?? null;
  }
  return {
    month: query.month,
    state: query.state,
    dueOn: pactDueOn(query.month),
    rows: report,
    totals: {
      orders: new Set(report.map((r) => r.orderNumber)).size,
      quantity: report.reduce((n, r) => n + r.quantity, 0),
      mlTotal: Math.round(report.reduce((n, r) => n + (r.mlTotal ?? 0) * 10, 0)) / 10,
    },
    filedAt,
  };
}

export function pactCsv(report: PactReport): string {
  const head = csvLine(PACT_CSV_COLUMNS.map(([, label]) => label));
  const body = report.rows.map((row) => csvLine(PACT_CSV_COLUMNS.map(([key]) => row[key])));
  return `${[head, ...body].join('\r\n')}\r\n`;
}

const FILED_SHOWN = 24;

/**
 * The states and months with covered sales not yet marked filed (oldest first, each with its due
 * day and whether it is late), and the latest ones marked.
 */
export async function pactFilingList(
  ctx: StaffContext,
): Promise<{ toFile: PactFiling[]; filed: PactFiling[] }> {
  const month = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const sold = await ctx.db
    .select({
      state: orders.shipState,
      month,
      orders: sql<number>`count(distinct ${orders.id})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(covered())
    .groupBy(orders.shipState, month);
  const marks = await ctx.db
    .select({
      state: pactFilings.state,
      month: pactFilings.month,
      filedAt: pactFilings.filedAt,
      filedBy: users.email,
    })
    .from(pactFilings)
    .leftJoin(users, sql`${users.id}::text = ${pactFilings.filedBy}`)
    .orderBy(desc(pactFilings.filedAt));
  const today = isoDay(ctx.now);
  const thisMonth = today.slice(0, 7);
  const key = (f: { state: string; month: string }) => `${f.state}/${f.month}`;
  const markOf = new Map(marks.map((f) => [key(f), f]));
  const ordersOf = new Map(sold.map((s) => [key(s), s.orders]));
  const entry = (state: string, m: string, count: number): PactFiling => {
    const mark = markOf.get(`${state}/${m}`);
    const dueOn = pactDueOn(m);
    return {
      state,
      stateName: stateName(state),
      month: m,
      dueOn,
      orders: count,
      open: m >= thisMonth,
      overdue: !mark && today > dueOn,
      filedAt: mark?.filedAt.toISOString() ?? null,
      filedBy: mark?.filedBy ?? null,
    };
  };
  const toFile = sold
    .filter((s) => !markOf.has(key(s)))
    .map((s) => entry(s.state, s.month, s.orders))
    .sort((a, b) => a.month.localeCompare(b.month) || a.state.localeCompare(b.state));
  const filed = marks.slice(0, FILED_SHOWN).map((f) => entry(f.state, f.month, ordersOf.get(key(f)) ?? 0));
  return { toFile, filed };
}

/** Marks a state's month as filed (or takes the mark back), audited. */
export async function markPactFiled(
  ctx: StaffContext,
  body: { state: string; month: string; filed: boolean },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const key = and(eq(pactFilings.state, body.state), eq(pactFilings.month, body.month));
    const [before] = await tx.select().from(pactFilings).where(key);
    if (body.filed && !before) {
      await tx
        .insert(pactFilings)
        .values({ state: body.state, month: body.month, filedAt: ctx.now, filedBy: ctx.staffId });
    } else if (!body.filed && before) {
      await tx.delete(pactFilings).where(key);
    } else {
      return; // already as asked: nothing to record
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: body.filed ? 'pact.filed' : 'pact.unfiled',
        entity: 'pact_filing',
        entityId: `${body.state}/${body.month}`,
        before: before ? { filedAt: before.filedAt.toISOString() } : null,
        after: body.filed ? { filedAt: ctx.now.toISOString() } : null,
      },
      ctx.now,
    );
  });
}
