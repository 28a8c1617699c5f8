import { beforeAll, describe, expect, it } from 'vitest';
import { mailStaffMessages, OutboxMessageSchema, ResendResponseSchema } from '#shared/mail/outbox.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);

let staff: Awaited<ReturnType<typeof staffWithTotp>>;
beforeAll(async () => {
  staff = await staffWithTotp();
});

/** A mail row as the outbox holds it, in the state a test needs. */
async function mailRow(fields: {
  to: string;
  text: string;
  html?: string;
  status?: string;
  subject?: string;
}) {
  const [row] = await t.database.query<{ id: number }>(
    `insert into outbox ("to", subject, text, html, status, attempts, sent_at)
     values ($1, $2, $3, $4, $5, 1, case when $5 = 'sent' then now() end) returning id`,
    [
      fields.to,
      fields.subject ?? 'Order SS-100777 received',
      fields.text,
      fields.html ?? '<p>h</p>',
      fields.status ?? 'sent',
    ],
  );
  return row!.id;
}
const rowsTo = (to: string) =>
  t.database.query<{ id: number; subject: string; text: string; html: string }>(
    'select id, subject, text, html from outbox where "to" = $1 order by id',
    [to],
  );
const resentEntries = async (id: number) =>
  AuditListSchema.parse(
    (
      await call('GET', `/api/v1/admin/audit?entity=mail&entityId=${id}&action=mail.resent`, staff.cookie)
    ).json(),
  ).entries;

describe('a mail opened in the console (decision 014, item 18)', () => {
  it('only staff with their second factor read or resend a mail', async () => {
    const buyer = await signUpBuyer(t.app);
    const id = await mailRow({ to: 'access@shop.example', text: 'Hello' });
    await expectStaffOnly(
      [
        ['GET', `/api/v1/admin/outbox/${id}`],
        ['POST', `/api/v1/admin/outbox/${id}/resend`],
      ] as const,
      buyer.cookie,
    );
    expect(await rowsTo('access@shop.example')).toHaveLength(1);
  });

  it("shows a verification mail's text with its token redacted: the token is nowhere in the answer", async () => {
    const buyer = await signUpBuyer(t.app);
    const [row] = await rowsTo(buyer.user.email);
    const token = /token=([\w-]+)/.exec(row!.text)?.[1];
    expect(token).toMatch(/^[\w-]{20,}$/);
    const res = await call('GET', `/api/v1/admin/outbox/${row!.id}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(token);
    const mail = OutboxMessageSchema.parse(res.json());
    expect(mail).toMatchObject({
      id: row!.id,
      to: buyer.user.email,
      subject: row!.subject,
      carriesToken: true,
    });
    expect(mail.text).toContain('/verify-email?token=[redacted]');
    expect(mail.text).toContain('Please confirm that');
  });

  it('redacts a reset link and a token in a path, and keeps other links', async () => {
    const secret = 'Zq81xYt5KdP0sLm3NbV7cR2wQe9uJh4Ga6Fo';
    const id = await mailRow({
      to: 'reset@shop.example',
      text: `Choose a new password: http://localhost:3000/reset-password?token=${secret}\nOr http://localhost:3000/verify-email/${secret}\nSee your orders: http://localhost:3000/orders/SS-100777`,
    });
    const res = await call('GET', `/api/v1/admin/outbox/${id}`, staff.cookie);
    expect(res.body).not.toContain(secret);
    const mail = OutboxMessageSchema.parse(res.json());
    expect(mail.text).toBe(
      'Choose a new password: http://localhost:3000/reset-password?token=[redacted]\nOr http://localhost:3000/verify-email/[redacted]\nSee your orders: http://localhost:3000/orders/SS-100777',
    );
    expect(mail.carriesToken).toBe(true);
  });

  it('answers 404 for a mail that is not there and 400 for an id that cannot be one', async () => {
    expect((await call('GET', '/api/v1/admin/outbox/2147483000', staff.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/admin/outbox/2147483648', staff.cookie)).statusCode).toBe(400);
    expect((await call('POST', '/api/v1/admin/outbox/abc/resend', staff.cookie)).statusCode).toBe(400);
  });
});

describe('resending a mail', () => {
  it('queues a copy as a new row, audited, and it goes out', async () => {
    const text = 'Thank you for your order SS-100777.\n\nSee my orders: http://localhost:3000/orders';
    const id = await mailRow({ to: 'resend@shop.example', text, html: '<p>Thank you</p>' });
    const res = await call('POST', `/api/v1/admin/outbox/${id}/resend`, staff.cookie);
    expect(res.statusCode).toBe(200);
    const answer = ResendResponseSchema.parse(res.json());
    expect(answer.message).toBe(mailStaffMessages.resent('resend@shop.example'));
    const rows = await rowsTo('resend@shop.example');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({
      id: answer.id,
      subject: 'Order SS-100777 received',
      text,
      html: '<p>Thank you</p>',
    });
    const [entry] = await resentEntries(id);
    expect(entry).toMatchObject({
      actor: { id: staff.id },
      entity: 'mail',
      entityId: String(id),
      after: { id: answer.id, to: 'resend@shop.example' },
    });
    await t.app.outbox.drain();
    const [copy] = await t.database.query<{ status: string }>('select status from outbox where id = $1', [
      answer.id,
    ]);
    expect(copy!.status).toBe('sent');
  });

  it('refuses a mail with a one-time link (409), telling staff where a new link comes from', async () => {
    const buyer = await signUpBuyer(t.app);
    const [row] = await rowsTo(buyer.user.email);
    await t.database.query(`update outbox set status = 'sent', sent_at = now() where id = $1`, [row!.id]);
    const res = await call('POST', `/api/v1/admin/outbox/${row!.id}/resend`, staff.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(mailStaffMessages.tokenMail);
    expect(await rowsTo(buyer.user.email)).toHaveLength(1);
    expect(await resentEntries(row!.id)).toEqual([]);
  });

  it('refuses a mail not sent: a failed one is retried, a waiting one goes out on its own', async () => {
    for (const status of ['failed', 'pending']) {
      const to = `${status}-resend@shop.example`;
      const id = await mailRow({ to, text: 'Hello', status });
      const res = await call('POST', `/api/v1/admin/outbox/${id}/resend`, staff.cookie);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(mailStaffMessages.onlySentResent);
      expect(await rowsTo(to)).toHaveLength(1);
    }
    expect((await call('POST', '/api/v1/admin/outbox/2147483000/resend', staff.cookie)).statusCode).toBe(404);
  });

  it('two staff resending at once queue one copy; the other is told who did, and may resend later', async () => {
    const other = await staffWithTotp();
    const id = await mailRow({ to: 'twice@shop.example', text: 'Your invoice is attached.' });
    const answers = await Promise.all([
      call('POST', `/api/v1/admin/outbox/${id}/resend`, staff.cookie),
      call('POST', `/api/v1/admin/outbox/${id}/resend`, other.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!;
    const copyId = ResendResponseSchema.parse(won.json()).id;
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      mailStaffMessages.resentJustNow('Sam Staff', copyId),
    );
    expect(await rowsTo('twice@shop.example')).toHaveLength(2);
    expect(await resentEntries(id)).toHaveLength(1);

    clock.advance(5 * 60_000 + 1000);
    expect((await call('POST', `/api/v1/admin/outbox/${id}/resend`, other.cookie)).statusCode).toBe(200);
    expect(await rowsTo('twice@shop.example')).toHaveLength(3);
    expect(await resentEntries(id)).toHaveLength(2);
  });
});
