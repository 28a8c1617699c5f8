import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  invoiceIssuedMail,
  invoiceReminderMail,
  type ReminderKind,
} from '#server/modules/mail/invoice-templates.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { daysBetween } from '#shared/receivables/store-day.ts';
import { invoiceTitle } from './invoice-pdf.ts';
import { rowsOf, storeToday } from './ledger.service.ts';

/** Issued mail goes for documents this recent (a store that was down longer sends none late). */
const ISSUED_WITHIN_DAYS = 7;
interface Recipient {
  email: string;
  name: string;
}

/** Who hears of a document: the company's owners, and the member who placed the order (`withPlacer`). */
async function recipients(db: Db, invoiceId: string, withPlacer: boolean): Promise<Recipient[]> {
  return rowsOf<Recipient>(
    await db.execute(sql`
      select distinct u.email, u.name from invoices i
      join users u on u.id in (
        select m.user_id from company_members m where m.company_id = i.company_id and m.role = 'owner' and m.removed_at is null
        union
        select i.user_id where ${withPlacer} and (i.company_id is null or exists (
          select 1 from company_members m where m.user_id = i.user_id and m.company_id = i.company_id and m.removed_at is null)))
      where i.id = ${invoiceId} and u.disabled_at is null
      order by u.email`),
  );
}

/**
 * Queues each mail about a document once: the invoice (or credit note) as issued with its PDF, and
 * the reminders of invoices still owed. The (document, kind) row is written in the transaction that
 * queues the mail, so a restart or a second instance running this at the same time queues nothing
 * twice: the second insert finds the row and does nothing. Runs every minute on every instance.
 */
export async function sendInvoiceMails(
  db: Db,
  mail: MailSettings,
  phone: () => Promise<string>,
  now: Date,
): Promise<number> {
  const { today } = await storeToday({ db, now });
  const url = `${mail.publicUrl}/account/invoices`;
  let queued = 0;
  const issued = rowsOf<{
    id: string;
    number: string;
    kind: 'invoice' | 'credit_note';
    references: string | null;
    order: string;
    total: number;
    due: string;
  }>(
    await db.execute(sql`
      select i.id, i.number, i.kind, r.number as references, i.order_number as order, i.total_cents as total, i.due_date::text as due
      from invoices i left join invoices r on r.id = i.references_id
      where i.issued_at > ${now.toISOString()}::timestamptz - make_interval(days => ${ISSUED_WITHIN_DAYS})
        and not exists (select 1 from invoice_mails m where m.invoice_id = i.id and m.kind = 'issued')
      order by i.issued_at, i.number limit 500`),
  );
  for (const d of issued) {
    const title = invoiceTitle({ kind: d.kind, references: d.references });
    queued += await once(db, d.id, 'issued', now, async (tx) => {
      for (const to of await recipients(tx, d.id, true))
        await enqueueMail(
          tx,
          {
            ...invoiceIssuedMail(
              mail.storeName,
              to.email,
              {
                name: to.name,
                title,
                number: d.number,
                order: d.order,
                total: formatCents(Number(d.total)),
                due: d.kind === 'invoice' ? formatDay(d.due) : null,
              },
              url,
            ),
            attachments: [{ invoice: d.id }],
          },
          now,
        );
    });
  }
  // Invoices still owed whose reminder of the day (reminder_kind) has not gone: the kinds sent
  // are left out here, so an invoice reminded this week costs nothing until the next.
  const owed = rowsOf<{ id: string; number: string; open: number; due: string; kind: ReminderKind }>(
    await db.execute(sql`
      select b.invoice_id as id, i.number, b.open_cents as open, b.due_date::text as due, r.kind
      from invoice_balances b join invoices i on i.id = b.invoice_id
      cross join lateral (select reminder_kind(b.due_date, ${today}::date) as kind) r
      where b.kind = 'invoice' and b.open_cents > 0 and b.due_date <= ${today}::date + 3 and r.kind is not null
        and not exists (select 1 from invoice_mails m where m.invoice_id = b.invoice_id and m.kind = r.kind)
      order by b.due_date, i.number limit 500`),
  );
  for (const d of owed) {
    const { kind } = d;
    const storePhone = await phone();
    queued += await once(db, d.id, kind, now, async (tx) => {
      for (const to of await recipients(tx, d.id, false))
        await enqueueMail(
          tx,
          invoiceReminderMail(
            mail.storeName,
            to.email,
            {
              name: to.name,
              number: d.number,
              open: formatCents(Number(d.open)),
              due: formatDay(d.due),
              kind,
              daysLate: daysBetween(d.due, today),
              phone: storePhone,
            },
            url,
          ),
          now,
        );
    });
  }
  if (queued) mail.kick();
  return queued;
}

/** Runs `queue` in the transaction that records (document, kind), unless it was recorded already: 1 if it ran. */
async function once(db: Db, invoiceId: string, kind: string, now: Date, queue: (tx: Db) => Promise<void>) {
  return db.transaction(async (tx) => {
    const inserted = rowsOf(
      await tx.execute(sql`insert into invoice_mails (invoice_id, kind, sent_at)
        values (${invoiceId}, ${kind}, ${now.toISOString()}::timestamptz) on conflict do nothing returning invoice_id`),
    );
    if (!inserted.length) return 0;
    await queue(tx);
    return 1;
  });
}
