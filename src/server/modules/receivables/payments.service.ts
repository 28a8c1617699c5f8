import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Conflict, Invalid, NotFound } from '#server/errors.ts';
import type { ScopedStaffContext } from '#server/http/request-context.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { dayPlus } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { RecordPaymentBody, RefundBody } from '#shared/receivables/payments.schemas.ts';
import { ledgerMessages } from '#shared/receivables/receivables.messages.ts';
import { allocate, retryingDeadlock } from './allocation.ts';
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

/**
 * Records a payment and applies it: to the company's oldest open invoices (by due date), or by
 * hand to the invoices named; what is left is unapplied credit, which later invoices take. The
 * invoices are read under lock and each application is a conditional update in the database, so
 * two staff paying the same invoice at once cannot apply more than it owes (the second is told).
 */
export async function recordPayment(ctx: ScopedStaffContext, companyId: string, body: RecordPaymentBody) {
  const { today } = await storeToday(ctx);
  if (body.receivedOn > today) throw new Invalid(ledgerMessages.paymentInFuture, 'receivedOn');
  const number = await retryingDeadlock(() =>
    ctx.db.transaction(async (tx) => {
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
      const applied = await applyPayment(tx, ctx.now, { companyId, paymentId: payment!.id, body });
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
    }),
  );
  return { number, message: ledgerMessages.paymentRecorded(number, formatCents(body.amountCents)) };
}

/**
 * The company's open invoices a payment may pay — all of them (oldest first) or those named (in
 * the order named) — locked in invoice id order, the one order every writer of what is left of
 * an invoice takes them in (no two staff wait on each other's invoices in a circle).
 */
async function openInvoicesLocked(tx: Tx, companyId: string, named: string[] | null) {
  const rows = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      open: invoiceBalances.openCents,
      dueDate: invoiceBalances.dueDate,
      invoiceDate: invoices.invoiceDate,
    })
    .from(invoiceBalances)
    .innerJoin(invoices, eq(invoices.id, invoiceBalances.invoiceId))
    .where(
      and(
        eq(invoiceBalances.companyId, companyId),
        eq(invoiceBalances.kind, 'invoice'),
        named ? inArray(invoices.number, named) : sql`${invoiceBalances.openCents} > 0`,
      ),
    )
    .orderBy(asc(invoiceBalances.invoiceId))
    .for('update', { of: invoiceBalances });
  return rows;
}

/** Applies a payment just recorded: oldest open invoice first (due date, then date, then number), or by hand. */
async function applyPayment(
  tx: Tx,
  now: Date,
  { companyId, paymentId, body }: { companyId: string; paymentId: string; body: RecordPaymentBody },
) {
  const applied: { invoice: string; amountCents: number }[] = [];
  if (body.apply === 'oldest') {
    const open = (await openInvoicesLocked(tx, companyId, null)).sort(
      (x, y) =>
        x.dueDate.localeCompare(y.dueDate) ||
        x.invoiceDate.localeCompare(y.invoiceDate) ||
        x.number.localeCompare(y.number),
    );
    let left = body.amountCents;
    for (const inv of open) {
      if (left === 0) break;
      const take = Math.min(left, inv.open);
      await allocate(tx, inv, { paymentId }, take, now);
      applied.push({ invoice: inv.number, amountCents: take });
      left -= take;
    }
    return applied;
  }
  const named = await openInvoicesLocked(
    tx,
    companyId,
    body.apply.map((a) => a.invoice),
  );
  for (const a of body.apply) {
    const inv = named.find((i) => i.number === a.invoice);
    if (!inv) throw new Invalid(ledgerMessages.notThisCompanysInvoice(a.invoice), 'apply');
    await allocate(tx, inv, { paymentId }, a.amountCents, now);
    applied.push({ invoice: a.invoice, amountCents: a.amountCents });
  }
  return applied;
}

/**
 * Voids a payment with a reason: what it paid of each invoice is owed again, and it no longer
 * counts. A payment part of which was paid back cannot be voided (the refund stands). Once only:
 * a second void is told it is already void.
 */
export async function voidPayment(ctx: ScopedStaffContext, number: string, reason: string) {
  await retryingDeadlock(() =>
    ctx.db.transaction(async (tx) => {
      const [found] = await tx.select().from(payments).where(eq(payments.number, number));
      if (!found) throw new NotFound(ledgerMessages.paymentNotFound);
      await staffCompany(tx, ctx.companyScope, found.companyId, true);
      // What it paid is locked before the payment itself, as allocations take them (invoices, then
      // the payment), so a void never waits in a circle with a payment or an order being invoiced.
      const paid = await tx
        .select({ invoiceId: allocations.invoiceId })
        .from(allocations)
        .where(eq(allocations.paymentId, found.id));
      if (paid.length)
        await tx
          .select({ id: invoiceBalances.invoiceId })
          .from(invoiceBalances)
          .where(
            inArray(
              invoiceBalances.invoiceId,
              paid.map((p) => p.invoiceId),
            ),
          )
          .orderBy(asc(invoiceBalances.invoiceId))
          .for('update');
      const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for('update');
      if (!payment) throw new NotFound(ledgerMessages.paymentNotFound);
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
    }),
  );
  return { message: ledgerMessages.paymentVoided(number) };
}

/** Records money paid back out of a payment's or a credit note's unused credit (never more than it has). */
export async function recordRefund(ctx: ScopedStaffContext, companyId: string, body: RefundBody) {
  const { today } = await storeToday(ctx);
  if (body.paidOn > today) throw new Invalid(ledgerMessages.paymentInFuture, 'paidOn');
  await retryingDeadlock(() =>
    ctx.db.transaction(async (tx) => {
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
    }),
  );
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
