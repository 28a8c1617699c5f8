import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { Invalid } from '#server/errors.ts';
import type { ScopedStaffContext, StaffContext, WithDb } from '#server/http/request-context.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { receivablesMessages } from '#shared/receivables/receivables.messages.ts';
import type {
  CompanyTermsBody,
  ReceivablesSettings,
} from '#shared/receivables/receivables-settings.schemas.ts';
import type { PaymentTerms } from '#shared/receivables/terms.ts';
import { staffCompany } from './company-scope.ts';
import { companyAccounts, receivablesSettings } from './receivables.table.ts';

/** The store's receivables settings (the migration writes their row; staff edit it). */
export async function readReceivablesSettings({ db }: WithDb): Promise<ReceivablesSettings> {
  const [row] = await db.select().from(receivablesSettings).where(eq(receivablesSettings.id, 1));
  if (!row) throw new Error('receivables_settings has no row: the migrations were not applied');
  return {
    invoiceOn: row.invoiceOn as ReceivablesSettings['invoiceOn'],
    defaultTerms: row.defaultTerms as PaymentTerms,
    timeZone: row.timeZone,
    holdAfterDays: row.holdAfterDays,
  };
}

/**
 * Saves the settings, audited with what changed. The time zone must be one the database knows
 * too (it works out invoice dates): one it does not is refused with the field's message.
 */
export async function saveReceivablesSettings(
  ctx: StaffContext,
  database: Database,
  body: ReceivablesSettings,
): Promise<ReceivablesSettings> {
  const known = await database.query<{ n: number }>(
    'select count(*)::integer as n from pg_timezone_names where name = $1',
    [body.timeZone],
  );
  if (!known[0]?.n) throw new Invalid(receivablesMessages.timeZoneUnknown, 'timeZone');
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(receivablesSettings)
      .where(eq(receivablesSettings.id, 1))
      .for('update');
    await tx
      .update(receivablesSettings)
      .set({ ...body, updatedAt: ctx.now })
      .where(eq(receivablesSettings.id, 1));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'settings.changed',
        entity: 'settings',
        entityId: 'receivables',
        before: before
          ? {
              invoiceOn: before.invoiceOn,
              defaultTerms: before.defaultTerms,
              timeZone: before.timeZone,
              holdAfterDays: before.holdAfterDays,
            }
          : null,
        after: body,
      },
      ctx.now,
    );
    return body;
  });
}

/** A company's payment terms: its own (null: none) and those that apply. */
export async function companyTerms(ctx: ScopedStaffContext, companyId: string) {
  await staffCompany(ctx.db, ctx.companyScope, companyId);
  const [account] = await ctx.db
    .select({ paymentTerms: companyAccounts.paymentTerms })
    .from(companyAccounts)
    .where(eq(companyAccounts.companyId, companyId));
  const own = (account?.paymentTerms ?? null) as PaymentTerms | null;
  return { paymentTerms: own, effectiveTerms: own ?? (await readReceivablesSettings(ctx)).defaultTerms };
}

/** Sets a company's own terms (null: the store's default), audited; invoices already issued keep theirs. */
export async function setCompanyTerms(ctx: ScopedStaffContext, companyId: string, body: CompanyTermsBody) {
  await staffCompany(ctx.db, ctx.companyScope, companyId);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ paymentTerms: companyAccounts.paymentTerms })
      .from(companyAccounts)
      .where(eq(companyAccounts.companyId, companyId))
      .for('update');
    await tx
      .insert(companyAccounts)
      .values({ companyId, paymentTerms: body.paymentTerms, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: companyAccounts.companyId,
        set: { paymentTerms: sql`excluded.payment_terms`, updatedAt: ctx.now },
      });
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'company.terms_set',
        entity: 'company',
        entityId: companyId,
        before: { paymentTerms: before?.paymentTerms ?? null },
        after: { paymentTerms: body.paymentTerms },
      },
      ctx.now,
    );
  });
  return companyTerms(ctx, companyId);
}
