import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Conflict, Invalid, NotFound } from '#server/errors.ts';
import type { ScopedStaffContext } from '#server/http/request-context.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { dayPlus } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { RecordPaymentBody, RefundBody } from '#shared/receivables/payments.schemas.ts';
import { ledgerMessages } from '#shared/receivables/receivables.messages.ts';
import { staffCompany } from './company-scope.ts';
import { rowsOf, storeToday } from './ledger.service.ts';
import {
  allocations,
  companyAccounts,
  invoiceBalances,
  invoices,
  payments,
  refunds,
} from './receivables.table.ts';

type Tx = Db;

const OVER_APPLIED = /over_applied:(invoice|source|amount)/;

/** allocate() in the database: a 409 when the invoice owes less, or the source has less, than asked. */
async function allocate(
  tx: Tx,
  invoice: { id: string; number: string },
  source: { paymentId?: string; creditNoteId?: string },
  amountCents: number,
  now: Date,
) {
  try {
    await tx.execute(
      sql`select allocate(${invoice.id}::uuid, ${source.paymentId ?? null}::uuid, ${source.creditNoteId ?? null}::uuid,
        ${amountCents}::integer, ${now.toISOString()}::timestamptz)`,
    );
  } catch (err) {
    // Drizzle wraps the database's error: its own message names the query, the cause says why.
    const e = err as { message?: string; cause?: { message?: string } };
    const over = OVER_APPLIED.exec(`${e?.message ?? err} ${e?.cause?.message ?? ''}`);
    if (!over) throw err;
    throw new Conflict(
      over[1] === 'invoice' ? ledgerMessages.invoiceOwesLess(invoice.number) : ledgerMessages.sourceHasLess,
    );
  }
}

/**
 * Records a payment and applies it: to the company's oldest open invoices (by due date), or by
 * hand to the invoices named; what is left is unapplied credit, which later invoices take. The
 * invoices are read under lock and each application is a conditional update in the database, so
 * two staff paying the same invoice at once cannot apply more than it owes (the second is told).
 */
export async function recordPayment(ctx: ScopedStaffContext, companyId: string, body: RecordPaymentBody) {
  const { today } = await storeToday(ctx);
  if (body.receivedOn > today) throw new Invalid(ledgerMessages.paymentInFuture, 'receivedOn');
  const number = await ctx.db.transaction(async (tx) => {
    await staffCompany(tx, ctx.companyScope, companyId, true);
    const [{ n }] = rowsOf<{ n: string }>(
      await tx.execute(sql`select next_document_number('PAY', ${body.receivedOn}::date) as n`),
    ) as [{ n: string }];
    const [payment] = await tx
      .insert(payments)
      .values({
        number: n,
        companyId,
        amountCents: body.amountCents,
        receivedOn: body.receivedOn,
        method: body.method,
        reference: body.reference,
        note: body.note,
        unappliedCents: body.amountCents,
        recordedBy: ctx.staffId,
        recordedAt: ctx.now,
      })
      .returning();
    const applied: { invoice: string; amountCents: number }[] = [];
    if (body.apply === 'oldest') {
      const open = await tx
        .select({ id: invoices.id, number: invoices.number, open: invoiceBalances.openCents })
        .from(invoiceBalances)
        .innerJoin(invoices, eq(invoices.id, invoiceBalances.invoiceId))
        .where(
          and(
            eq(invoiceBalances.companyId, companyId),
            eq(invoiceBalances.kind, 'invoice'),
            sql`${invoiceBalances.openCents} > 0`,
          ),
        )
        .orderBy(asc(invoiceBalances.dueDate), asc(invoices.invoiceDate), asc(invoices.number))
        .for('update', { of: invoiceBalances });
      let left = body.amountCents;
      for (const inv of open) {
        if (left === 0) break;
        const take = Math.min(left, inv.open);
        await allocate(tx, inv, { paymentId: payment!.id }, take, ctx.now);
        applied.push({ invoice: inv.number, amountCents: take });
        left -= take;
      }
    } else {
      const named = await tx
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(
          and(
            eq(invoices.companyId, companyId),
            eq(invoices.kind, 'invoice'),
            inArray(
              invoices.number,
              body.apply.map((a) => a.invoice),
            ),
          ),
        );
      for (const a of [...body.apply].sort((x, y) => x.invoice.localeCompare(y.invoice))) {
        const inv = named.find((i) => i.number === a.invoice);
        if (!inv) throw new Invalid(ledgerMessages.notThisCompanysInvoice(a.invoice), 'apply');
        await allocate(tx, inv, { paymentId: payment!.id }, a.amountCents, ctx.now);
        applied.push({ invoice: a.invoice, amountCents: a.amountCents });
      }
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'payment.recorded',
        entity: 'company',
        entityId: companyId,
        before: null,
        after: {
          payment: n,
          amountCents: body.amountCents,
          receivedOn: body.receivedOn,
          method: body.method,
          reference: body.reference,
          applied,
        },
      },
      ctx.now,
    );
    return n;
  });
  return { number, message: ledgerMessages.paymentRecorded(number, formatCents(body.amountCents)) };
}

/**
 * Voids a payment with a reason: what it paid of each invoice is owed again, and it no longer
 * counts. A payment part of which was paid back cannot be voided (the refund stands). Once only:
 * a second void is told it is already void.
 */
export async function voidPayment(ctx: ScopedStaffContext, number: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.number, number)).for('update');
    if (!payment) throw new NotFound(ledgerMessages.paymentNotFound);
    await staffCompany(tx, ctx.companyScope, payment.companyId, true);
    if (payment.voidedAt) throw new Conflict(ledgerMessages.alreadyVoid(number));
    const [refunded] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    if (refunded?.n) throw new Conflict(ledgerMessages.refundedCannotVoid(number));
    const undone = await tx
      .delete(allocations)
      .where(eq(allocations.paymentId, payment.id))
      .returning({ invoiceId: allocations.invoiceId, amountCents: allocations.amountCents });
    for (const a of undone.sort((x, y) => x.invoiceId.localeCompare(y.invoiceId)))
      await tx
        .update(invoiceBalances)
        .set({ openCents: sql`${invoiceBalances.openCents} + ${a.amountCents}` })
        .where(eq(invoiceBalances.invoiceId, a.invoiceId));
    await tx
      .update(payments)
      .set({ voidedAt: ctx.now, voidedBy: ctx.staffId, voidReason: reason, unappliedCents: 0 })
      .where(eq(payments.id, payment.id));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'payment.voided',
        entity: 'company',
        entityId: payment.companyId,
        before: { payment: number, amountCents: payment.amountCents },
        after: { payment: number, reason, reopened: undone.length },
      },
      ctx.now,
    );
  });
  return { message: ledgerMessages.paymentVoided(number) };
}

/** Records money paid back out of a payment's or a credit note's unused credit (never more than it has). */
export async function recordRefund(ctx: ScopedStaffContext, companyId: string, body: RefundBody) {
  const { today } = await storeToday(ctx);
  if (body.paidOn > today) throw new Invalid(ledgerMessages.paymentInFuture, 'paidOn');
  await ctx.db.transaction(async (tx) => {
    await staffCompany(tx, ctx.companyScope, companyId, true);
    let source: { paymentId: string } | { creditNoteId: string };
    if (body.source.startsWith('PAY-')) {
      const [p] = await tx
        .update(payments)
        .set({ unappliedCents: sql`${payments.unappliedCents} - ${body.amountCents}` })
        .where(
          and(
            eq(payments.number, body.source),
            eq(payments.companyId, companyId),
            sql`${payments.voidedAt} is null and ${payments.unappliedCents} >= ${body.amountCents}`,
          ),
        )
        .returning({ id: payments.id });
      if (!p) throw new Conflict(ledgerMessages.refundTooMuch(body.source), 'amountCents');
      source = { paymentId: p.id };
    } else {
      const [cn] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.number, body.source), eq(invoices.companyId, companyId)));
      const [b] = cn
        ? await tx
            .update(invoiceBalances)
            .set({ openCents: sql`${invoiceBalances.openCents} - ${body.amountCents}` })
            .where(
              and(
                eq(invoiceBalances.invoiceId, cn.id),
                eq(invoiceBalances.kind, 'credit_note'),
                sql`${invoiceBalances.openCents} >= ${body.amountCents}`,
              ),
            )
            .returning({ id: invoiceBalances.invoiceId })
        : [];
      if (!b) throw new Conflict(ledgerMessages.refundTooMuch(body.source), 'amountCents');
      source = { creditNoteId: b.id };
    }
    await tx.insert(refunds).values({
      companyId,
      ...source,
      amountCents: body.amountCents,
      paidOn: body.paidOn,
      method: body.method,
      reference: body.reference,
      reason: body.reason,
      recordedBy: ctx.staffId,
      recordedAt: ctx.now,
    });
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'payment.refunded',
        entity: 'company',
        entityId: companyId,
        before: null,
        after: {
          source: body.source,
          amountCents: body.amountCents,
          paidOn: body.paidOn,
          reason: body.reason,
        },
      },
      ctx.now,
    );
  });
  return { message: ledgerMessages.refundRecorded(formatCents(body.amountCents), body.source) };
}

async function upsertAccount(tx: Tx, companyId: string, now: Date) {
  await tx.insert(companyAccounts).values({ companyId, updatedAt: now }).onConflictDoNothing();
  const [account] = await tx
    .select()
    .from(companyAccounts)
    .where(eq(companyAccounts.companyId, companyId))
    .for('update');
  return account!;
}

/** Sets a company's credit limit (null: none), audited. */
export async function setCreditLimit(
  ctx: ScopedStaffContext,
  companyId: string,
  creditLimitCents: number | null,
) {
  await ctx.db.transaction(async (tx) => {
    await staffCompany(tx, ctx.companyScope, companyId, true);
    const before = await upsertAccount(tx, companyId, ctx.now);
    await tx
      .update(companyAccounts)
      .set({ creditLimitCents, updatedAt: ctx.now })
      .where(eq(companyAccounts.companyId, companyId));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'company.credit_limit_set',
        entity: 'company',
        entityId: companyId,
        before: { creditLimitCents: before.creditLimitCents },
        after: { creditLimitCents },
      },
      ctx.now,
    );
  });
  return { message: ledgerMessages.limitSaved };
}

/**
 * Lifts a company's credit hold until the end of a day (the store's), with a reason, audited;
 * orders go through meanwhile. The day is today to 90 days out.
 */
export async function liftHold(
  ctx: ScopedStaffContext,
  companyId: string,
  body: { reason: string; until: string },
) {
  const { settings, today } = await storeToday(ctx);
  if (body.until < today || body.until > dayPlus(today, 90))
    throw new Invalid(ledgerMessages.liftUntil, 'until');
  await ctx.db.transaction(async (tx) => {
    await staffCompany(tx, ctx.companyScope, companyId, true);
    const before = await upsertAccount(tx, companyId, ctx.now);
    // The end of the day in the store's time zone: midnight starting the next day there.
    const [{ until }] = rowsOf<{ until: string }>(
      await tx.execute(
        sql`select extract(epoch from (${dayPlus(body.until, 1)}::date)::timestamp at time zone ${settings.timeZone})::text as until`,
      ),
    ) as [{ until: string }];
    await tx
      .update(companyAccounts)
      .set({
        holdLiftedUntil: new Date(Number(until) * 1000),
        holdLiftReason: body.reason,
        updatedAt: ctx.now,
      })
      .where(eq(companyAccounts.companyId, companyId));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'company.hold_lifted',
        entity: 'company',
        entityId: companyId,
        before: { holdLiftedUntil: before.holdLiftedUntil?.toISOString() ?? null },
        after: { until: body.until, reason: body.reason },
      },
      ctx.now,
    );
  });
  return { message: ledgerMessages.holdLifted(body.until) };
}
