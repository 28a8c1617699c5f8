import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { startSmtp } from '#tests/smtp.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { smtpMailer } from '#server/modules/mail/mailer.ts';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { invoicesFixture, pdfText } from './invoices.fixture.ts';

/**
 * Receivables' mail (decision 017, step 6): the invoice as issued with its PDF, and the reminders
 * before and after the due date, each sent once — run twice, or by two instances at once, it
 * queues nothing twice — through the outbox and a real SMTP server.
 */
const clock = testClock(new Date('2026-11-27T15:00:00Z'));
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestContext;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, mailer: smtpMailer(smtp.url, 'Test Wholesale <no-reply@test.example>') });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
const d = invoicesFixture(() => t, clock);

/** The PDF attached to a raw MIME message, as its text. */
async function attachedPdf(raw: string): Promise<string> {
  const part = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(raw);
  if (!part) throw new Error(`no PDF attached in:\n${raw.slice(0, 2000)}`);
  return (await pdfText(Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64'))).join('\n');
}

/** Until the outbox has sent what it holds (the worker is kicked, and drained here). */
async function drained() {
  for (let i = 0; i < 50; i++) {
    await t.app.outbox.drain();
    const [row] = await t.database.query<{ n: number }>(
      "select count(*)::integer as n from outbox where status = 'pending'",
    );
    if (!row!.n) return;
  }
  throw new Error('the outbox did not drain');
}

describe('which reminder a day gets', () => {
  it('3 days before, on the day, 7 days after, then weekly; nothing between', async () => {
    const due = '2026-12-10';
    const reminderKind = async (dueDate: string, day: string) =>
      (
        await t.database.query<{ k: string | null }>('select reminder_kind($1::date, $2::date) as k', [
          dueDate,
          day,
        ])
      )[0]!.k;
    const kinds = await Promise.all(
      [
        '2026-12-06',
        '2026-12-07',
        '2026-12-09',
        '2026-12-10',
        '2026-12-11',
        '2026-12-16',
        '2026-12-17',
        '2026-12-23',
        '2026-12-24',
        '2027-01-07',
      ].map(async (day) => [day, await reminderKind(due, day)]),
    );
    expect(kinds).toEqual([
      ['2026-12-06', null],
      ['2026-12-07', 'due_soon'],
      ['2026-12-09', 'due_soon'],
      ['2026-12-10', 'due_today'],
      ['2026-12-11', null],
      ['2026-12-16', null],
      ['2026-12-17', 'overdue_7'],
      ['2026-12-23', 'overdue_7'],
      ['2026-12-24', 'overdue_14'],
      ['2027-01-07', 'overdue_28'],
    ]);
  });
});

describe('invoice mail', () => {
  it('the invoice goes to the placer and the owners with its PDF, once, however often and however many run it', async () => {
    const o = await d.orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    // Two instances' runs at once, then a third: one mail per recipient.
    const runs = await Promise.all([t.app.jobs.invoiceMails(), t.app.jobs.invoiceMails()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await t.app.jobs.invoiceMails();
    const queued = await t.database.query<{ to: string; attachments: unknown }>(
      'select "to", attachments from outbox where subject like $1',
      [`Invoice ${invoice!.number} %`],
    );
    expect(queued.map((q) => q.to)).toEqual([o.owner.email]);
    await drained();
    const [sent] = smtp.to(o.owner.email).filter((m) => m.subject.includes(invoice!.number));
    expect(sent).toBeDefined();
    const text = await attachedPdf(sent!.raw);
    expect(text).toContain(invoice!.number);
    expect(text).toContain(`Total due ${formatCents(invoice!.totalCents)}`);
    expect(
      await t.database.query(
        'select kind from invoice_mails where invoice_id = (select id from invoices where number = $1)',
        [invoice!.number],
      ),
    ).toEqual([{ kind: 'issued' }]);
  });

  it('reminders: before the due date, on it, after it weekly; none once paid; the mail page lists them', async () => {
    const o = await d.orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    await t.app.jobs.invoiceMails();
    const reminders = async () =>
      (
        await t.database.query<{ kind: string }>(
          "select kind from invoice_mails where kind <> 'issued' and invoice_id = (select id from invoices where number = $1) order by sent_at, kind",
          [invoice!.number],
        )
      ).map((r) => r.kind);
    // Net 15 from the 27th: due Dec 12. Moved back 13 days it is due in 2 days.
    await d.backdate(invoice!.number, 13);
    await t.app.jobs.invoiceMails();
    await t.app.jobs.invoiceMails();
    expect(await reminders()).toEqual(['due_soon']);
    await d.backdate(invoice!.number, 2);
    await t.app.jobs.invoiceMails();
    expect(await reminders()).toEqual(['due_soon', 'due_today']);
    await d.backdate(invoice!.number, 8);
    await t.app.jobs.invoiceMails();
    expect((await reminders()).sort()).toEqual(['due_soon', 'due_today', 'overdue_7']);
    const mails = await t.database.query<{ subject: string; text: string }>(
      'select subject, text from outbox where "to" = $1 and subject like $2 order by id',
      [o.owner.email, `Invoice ${invoice!.number} is%`],
    );
    expect(mails.map((m) => m.subject.replace(/ — .*/, ''))).toEqual([
      `Invoice ${invoice!.number} is due on Nov 29, 2026`,
      `Invoice ${invoice!.number} is due today`,
      `Invoice ${invoice!.number} is 8 days past due`,
    ]);
    expect(mails[2]!.text).toContain(formatCents(invoice!.totalCents));
    // Paid: no more.
    const accounting = await d.staffWithTotp('accounting');
    expect((await d.pay(accounting.cookie, o.id, invoice!.totalCents)).statusCode).toBe(201);
    await d.backdate(invoice!.number, 7);
    await t.app.jobs.invoiceMails();
    expect(await reminders()).toHaveLength(3);
    // The mail page lists them like any mail.
    const admin = await d.staffWithTotp('admin');
    const page = await d.call('GET', `${ADMIN}/outbox?limit=200`, admin.cookie);
    expect(page.statusCode).toBe(200);
    const listed = (page.json().mails ?? page.json().entries ?? page.json()) as { subject: string }[];
    expect(JSON.stringify(listed)).toContain(`Invoice ${invoice!.number} is 8 days past due`);
  });
});
