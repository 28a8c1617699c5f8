import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import type { ScopedStaffContext, WithDb } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import type {
  Aging,
  CompanyLedger,
  LedgerInvoice,
  LedgerPayment,
  MemberAccount,
  PaymentMethod,
} from '#shared/receivables/payments.schemas.ts';
import { daysBetween, dayIn, invoiceState } from '#shared/receivables/store-day.ts';
import type { ReceivablesSettings } from '#shared/receivables/receivables-settings.schemas.ts';
import { staffCompany } from './company-scope.ts';
import { readReceivablesSettings } from './receivables-settings.service.ts';
import {
  allocations,
  companyAccounts,
  invoiceBalances,
  invoices,
  payments,
  refunds,
} from './receivables.table.ts';

/** The store's settings and today (its day) for a read. */
export async function storeToday(
  ctx: WithDb & { now: Date },
): Promise<{ settings: ReceivablesSettings; today: string }> {
  const settings = await readReceivablesSettings(ctx);
  return { settings, today: dayIn(settings.timeZone, ctx.now) };
}

/** Aging and balance of one company's open documents (one indexed read of invoice_balances). */
export async function accountSummary(db: Db, companyId: string, today: string) {
  const [row] = await db
    .execute<Record<string, number>>(sql`
    select
      coalesce(sum(case when kind = 'invoice' then open_cents else -open_cents end), 0)::bigint as open_net,
      coalesce(sum(open_cents) filter (where kind = 'credit_note'), 0)::bigint as credit_unused,
      coalesce(sum(open_cents) filter (where kind = 'invoice' and due_date < ${today}::date), 0)::bigint as overdue,
      coalesce(sum(open_cents) filter (where kind = 'invoice' and due_date >= ${today}::date), 0)::bigint as current,
      coalesce(sum(open_cents) filter (where kind = 'invoice' and due_date < ${today}::date
        and due_date >= ${today}::date - 30), 0)::bigint as d1_30,
      coalesce(sum(open_cents) filter (where kind = 'invoice' and due_date < ${today}::date - 30
        and due_date >= ${today}::date - 60), 0)::bigint as d31_60,
      coalesce(sum(open_cents) filter (where kind = 'invoice' and due_date < ${today}::date - 60
        and due_date >= ${today}::date - 90), 0)::bigint as d61_90,
      coalesce(sum(open_cents) filter (where kind = 'invoice' and due_date < ${today}::date - 90), 0)::bigint as over_90,
      (select coalesce(sum(unapplied_cents), 0)::bigint from ${payments}
        where company_id = ${companyId} and voided_at is null and unapplied_cents > 0) as payments_unused
    from ${invoiceBalances} where company_id = ${companyId} and open_cents > 0`)
    .then((r) => rowsOf<Record<string, string | number>>(r));
  const n = (k: string) => Number(row?.[k] ?? 0);
  const aging: Aging = {
    current: n('current'),
    d1_30: n('d1_30'),
    d31_60: n('d31_60'),
    d61_90: n('d61_90'),
    over_90: n('over_90'),
  };
  return {
    balanceCents: n('open_net') - n('payments_unused'),
    overdueCents: n('overdue'),
    unappliedCents: n('credit_unused') + n('payments_unused'),
    aging,
    today,
  };
}

/** Rows of a raw query, whichever driver ran it (node-postgres gives a result, PGlite its rows). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const LEDGER_CLOSED_SHOWN = 100;

/**
 * A company's documents as its ledger lists them: every one with something left (owed, or credit
 * unused), and the newest closed ones; newest first. `placedBy`: only the orders that member placed.
 */
async function ledgerInvoices(
  db: Db,
  companyId: string,
  today: string,
  placedBy?: string,
): Promise<LedgerInvoice[]> {
  const whose = and(eq(invoices.companyId, companyId), placedBy ? eq(invoices.userId, placedBy) : undefined);
  const columns = {
    number: invoices.number,
    kind: invoices.kind,
    orderNumber: invoices.orderNumber,
    invoiceDate: invoices.invoiceDate,
    dueDate: invoices.dueDate,
    totalCents: invoices.totalCents,
    openCents: invoiceBalances.openCents,
  };
  const base = () =>
    db.select(columns).from(invoices).innerJoin(invoiceBalances, eq(invoiceBalances.invoiceId, invoices.id));
  const [open, closed] = await Promise.all([
    base().where(and(whose, sql`${invoiceBalances.openCents} > 0`)),
    base()
      .where(and(whose, eq(invoiceBalances.openCents, 0)))
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(LEDGER_CLOSED_SHOWN),
  ]);
  return [...open, ...closed]
    .sort((a, b) =>
      a.invoiceDate === b.invoiceDate
        ? b.number.localeCompare(a.number)
        : b.invoiceDate.localeCompare(a.invoiceDate),
    )
    .map((r) => {
      const kind = r.kind as 'invoice' | 'credit_note';
      return {
        ...r,
        kind,
        state: kind === 'invoice' ? invoiceState(r, today) : null,
        daysPastDue: kind === 'invoice' && r.openCents > 0 ? Math.max(0, daysBetween(r.dueDate, today)) : 0,
      };
    });
}

const voider = alias(users, 'voider');

/** A company's payments, newest first, with what each paid; `limit` the newest only. */
async function ledgerPayments(db: Db, companyId: string, limit = 200): Promise<LedgerPayment[]> {
  const rows = await db
    .select({ p: payments, by: users.name, voidedBy: voider.name })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.recordedBy))
    .leftJoin(voider, eq(voider.id, payments.voidedBy))
    .where(eq(payments.companyId, companyId))
    .orderBy(desc(payments.receivedOn), desc(payments.number))
    .limit(limit);
  const ids = rows.map((r) => r.p.id);
  const applied = ids.length
    ? await db
        .select({
          paymentId: allocations.paymentId,
          invoice: invoices.number,
          amountCents: allocations.amountCents,
        })
        .from(allocations)
        .innerJoin(invoices, eq(invoices.id, allocations.invoiceId))
        .where(inArray(allocations.paymentId, ids))
    : [];
  return rows.map(({ p, by, voidedBy }) => ({
    number: p.number,
    receivedOn: p.receivedOn,
    method: p.method as PaymentMethod,
    reference: p.reference,
    note: p.note,
    amountCents: p.amountCents,
    unappliedCents: p.voidedAt ? 0 : p.unappliedCents,
    applied: applied
      .filter((a) => a.paymentId === p.id)
      .map(({ invoice, amountCents }) => ({ invoice, amountCents })),
    voided: p.voidedAt ? { at: p.voidedAt.toISOString(), reason: p.voidReason, by: voidedBy ?? '' } : null,
    recordedBy: by,
  }));
}

const creditNote = alias(invoices, 'credit_note');

async function ledgerRefunds(db: Db, companyId: string) {
  const rows = await db
    .select({ r: refunds, payment: payments.number, creditNote: creditNote.number, by: users.name })
    .from(refunds)
    .innerJoin(users, eq(users.id, refunds.recordedBy))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(creditNote, eq(creditNote.id, refunds.creditNoteId))
    .where(eq(refunds.companyId, companyId))
    .orderBy(desc(refunds.paidOn), desc(refunds.recordedAt));
  return rows.map(({ r, payment, creditNote: cn, by }) => ({
    source: payment ?? cn ?? '',
    amountCents: r.amountCents,
    paidOn: r.paidOn,
    method: r.method as PaymentMethod,
    reference: r.reference,
    reason: r.reason,
    recordedBy: by,
  }));
}

/** The invoice that puts a company on hold now (the oldest past the settings' days), unless lifted. */
export async function holdingInvoice(
  db: Db,
  companyId: string,
  today: string,
  settings: ReceivablesSettings,
  liftedUntil: Date | null,
  now: Date,
) {
  if (liftedUntil && liftedUntil > now) return null;
  const [row] = await db
    .select({ number: invoices.number, dueDate: invoiceBalances.dueDate })
    .from(invoiceBalances)
    .innerJoin(invoices, eq(invoices.id, invoiceBalances.invoiceId))
    .where(
      and(
        eq(invoiceBalances.companyId, companyId),
        eq(invoiceBalances.kind, 'invoice'),
        sql`${invoiceBalances.openCents} > 0`,
        sql`${invoiceBalances.dueDate} < ${today}::date - ${settings.holdAfterDays}::integer`,
      ),
    )
    .orderBy(invoiceBalances.dueDate, invoices.number)
    .limit(1);
  return row ? { invoice: row.number, daysPastDue: daysBetween(row.dueDate, today) } : null;
}

/** A company's ledger for staff (a sales rep: their companies only). */
export async function companyLedger(ctx: ScopedStaffContext, companyId: string): Promise<CompanyLedger> {
  const company = await staffCompany(ctx.db, ctx.companyScope, companyId);
  const { settings, today } = await storeToday(ctx);
  const [account] = await ctx.db
    .select()
    .from(companyAccounts)
    .where(eq(companyAccounts.companyId, companyId));
  const [summary, invoiceRows, paymentRows, refundRows, hold, exposure] = await Promise.all([
    accountSummary(ctx.db, companyId, today),
    ledgerInvoices(ctx.db, companyId, today),
    ledgerPayments(ctx.db, companyId),
    ledgerRefunds(ctx.db, companyId),
    holdingInvoice(ctx.db, companyId, today, settings, account?.holdLiftedUntil ?? null, ctx.now),
    ctx.db
      .execute<{ n: string }>(sql`select company_exposure(${companyId}::uuid) as n`)
      .then(rowsOf<{ n: string }>),
  ]);
  return {
    ...summary,
    company: { id: company.id, businessName: company.businessName },
    terms: account?.paymentTerms ?? settings.defaultTerms,
    credit: {
      creditLimitCents: account?.creditLimitCents ?? null,
      exposureCents: Number(exposure[0]?.n ?? 0),
      hold,
      holdLiftedUntil:
        account?.holdLiftedUntil && account.holdLiftedUntil > ctx.now
          ? account.holdLiftedUntil.toISOString()
          : null,
      holdLiftReason: account?.holdLiftReason ?? '',
      holdAfterDays: settings.holdAfterDays,
    },
    invoices: invoiceRows,
    payments: paymentRows,
    refunds: refundRows,
  };
}

/**
 * A member's "Invoices & payments" (decision 017): owners and viewers see the company's balance,
 * aging, documents and payments; a buyer the documents of the orders they placed, no more. A login
 * without a company has none.
 */
export async function memberAccount(
  ctx: WithDb & { now: Date; userId: string; companyId: string | null },
  role: string | null,
): Promise<MemberAccount> {
  if (!ctx.companyId) return { summary: null, invoices: [], payments: [] };
  const { today } = await storeToday(ctx);
  if (role === 'buyer')
    return {
      summary: null,
      invoices: await ledgerInvoices(ctx.db, ctx.companyId, today, ctx.userId),
      payments: [],
    };
  const [summary, invoiceRows, paymentRows] = await Promise.all([
    accountSummary(ctx.db, ctx.companyId, today),
    ledgerInvoices(ctx.db, ctx.companyId, today),
    ledgerPayments(ctx.db, ctx.companyId),
  ]);
  return {
    summary,
    invoices: invoiceRows,
    payments: paymentRows.filter((p) => !p.voided).map(({ recordedBy: _by, note: _note, ...p }) => p),
  };
}
