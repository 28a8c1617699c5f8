import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { documentExpiryMail } from '#server/modules/mail/templates.ts';
import type { RequestContext, WithDb } from '#server/http/request-context.ts';
import { DOCUMENT_LABELS } from '#shared/accounts/document-status.ts';
import { dayPlus, isoDay } from '#shared/dates.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { documents } from './locations.table.ts';
import { uploaderIdSql } from './documents.service.ts';
import { businessNameOf } from '#server/modules/companies/company-sql.ts';

/** Verified documents that expire on `lastDay` or before (already expired included). */
const verifiedExpiringBy = (lastDay: string) =>
  and(eq(documents.status, 'verified'), isNotNull(documents.expiresOn), lte(documents.expiresOn, lastDay));

/**
 * Reminds buyers of verified documents 30 days and 7 days before they expire, and on the day
 * after. Runs every hour on every instance: each (document, expiry date, stage) is recorded once,
 * so a reminder goes once, the most urgent stage only, and a renewed document starts over.
 */
export async function sendExpiryReminders(db: Db, mail: MailSettings, now: Date): Promise<number> {
  const today = isoDay(now);
  const sent = await db.transaction(async (tx) => {
    const stage = sql<string>`case
      when ${documents.expiresOn} < ${today} then 'expired'
      when ${documents.expiresOn} <= ${dayPlus(today, 7)} then '7d'
      else '30d' end`;
    const due = await tx
      .select({
        id: documents.id,
        kind: documents.kind,
        expiresOn: documents.expiresOn,
        stage,
        email: users.email,
        name: users.name,
      })
      .from(documents)
      .innerJoin(users, eq(users.id, uploaderIdSql))
      .where(verifiedExpiringBy(dayPlus(today, 30)))
      .orderBy(asc(documents.expiresOn));
    let count = 0;
    for (const d of due) {
      const inserted = (await tx.execute(
        sql`insert into document_reminders (document_id, expires_on, stage, sent_at)
            values (${d.id}, ${d.expiresOn}, ${d.stage}, ${now.toISOString()}::timestamptz)
            on conflict do nothing returning id`,
      )) as unknown as { rows: unknown[] };
      if (!inserted.rows.length) continue;
      await enqueueMail(
        tx,
        documentExpiryMail(
          mail.storeName,
          d.email,
          d.name,
          DOCUMENT_LABELS[d.kind as keyof typeof DOCUMENT_LABELS],
          d.expiresOn!,
          d.stage === 'expired',
          `${mail.publicUrl}/account?p=My%20Profile`,
        ),
        now,
      );
      count++;
    }
    return count;
  });
  if (sent) mail.kick();
  return sent;
}

/** Verified documents expiring within `days` (or already expired), soonest first, for the console. */
export async function expiringDocuments({ db, now }: Pick<RequestContext, 'now'> & WithDb, days: number) {
  const rows = await db
    .select({
      id: documents.id,
      kind: documents.kind,
      expiresOn: documents.expiresOn,
      documentNumber: documents.documentNumber,
      buyer: { id: users.id, name: users.name, businessName: businessNameOf(), email: users.email },
    })
    .from(documents)
    .innerJoin(users, eq(users.id, uploaderIdSql))
    .where(verifiedExpiringBy(dayPlus(isoDay(now), days)))
    .orderBy(asc(documents.expiresOn))
    .limit(500);
  return rows.map((r) => ({ ...r, kind: r.kind as 'sales_id' | 'tobacco_license', expiresOn: r.expiresOn! }));
}
