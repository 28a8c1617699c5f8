/**
 * Mail is down (issue 28 §2.2): the SMTP server refuses, answers 421/451, or says nothing at all.
 * Mail waits in the outbox with a growing back-off, the console lists it (status, tries, last
 * error, next try), and when the server is back each mail goes exactly once — with two app
 * instances draining the same outbox, and a server that hangs for longer than a claim's lease.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { type Database, openPostgres } from '#server/db/client.ts';
import { OutboxListSchema } from '#shared/mail/outbox.schemas.ts';
import { type Outage, startSmtpWithOutages } from '#tests/smtp-outage.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { outbox } from './mail.table.ts';
import { smtpMailer } from './mailer.ts';
import { enqueueMail, messageKey, OUTBOX_POLICY, OutboxWorker } from './outbox.ts';

const FROM = 'Test Wholesale <no-reply@test.example>';
/** Short enough that a test never waits long, long enough for a loaded machine's local SMTP. */
const SHORT = { connectionMs: 2_000, greetingMs: 1_500, socketMs: 2_000 };
const clock = testClock();
let smtp: Awaited<ReturnType<typeof startSmtpWithOutages>>;
let t: TestContext;
/** A second instance on the same database (its own pool on PostgreSQL). */
let b: App;
let second: Database;
let closeB: () => Promise<void>;
const { call, staffWithTotp } = staffHelpers(() => t, clock);
let run = 0;

beforeAll(async () => {
  smtp = await startSmtpWithOutages();
  t = await createTestApp({ clock, mailer: smtpMailer(smtp.url, FROM, SHORT) });
  const database: Database = t.databaseUrl ? await openPostgres(t.databaseUrl, 4) : t.database;
  second = database;
  b = await buildApp({ ...t.deps, database, mailer: smtpMailer(smtp.url, FROM, SHORT), instanceId: 'b' });
  await b.ready();
  closeB = async () => {
    await b.close();
    if (database !== t.database) await database.close();
  };
});
afterAll(async () => {
  await closeB?.();
  await t?.close();
  await smtp?.close();
});

/** Queues `n` mails straight into the outbox, as the services do; returns their subjects. */
async function queue(n: number, label: string): Promise<string[]> {
  run++;
  const subjects = Array.from({ length: n }, (_, i) => `Outage ${run} ${label} ${i + 1}`);
  for (const subject of subjects)
    await enqueueMail(
      t.database.db,
      { to: `buyer${run}@shop.example`, subject, text: 'Hello', html: '<p>Hello</p>' },
      clock(),
    );
  return subjects;
}

const rowsOf = (subjects: string[]) =>
  t.database.db
    .select()
    .from(outbox)
    .where(inArray(outbox.subject, subjects))
    .then((rows) => rows.sort((x, y) => x.id - y.id));

/** Each mail at the server exactly once, under its row's own Message-ID. */
async function expectEachOnce(subjects: string[]) {
  for (const row of await rowsOf(subjects)) {
    const copies = smtp.withSubject(row.subject);
    expect(
      copies.map((m) => m.messageId),
      row.subject,
    ).toEqual([`<${messageKey(row)}@test.example>`]);
    expect(row).toMatchObject({ status: 'sent', lastError: null });
  }
}

const bothDrain = () => Promise.all([t.app.outbox.drain(), b.outbox.drain()]);

const OUTAGES: [Outage, RegExp][] = [
  ['refused', /ECONNREFUSED/],
  ['greets 421', /421 Service not available/],
  ['answers 451', /451 Local error/],
  ['silent', /Greeting never received/],
];

describe('mail while the SMTP server is down', () => {
  it.each(OUTAGES)(
    'server %s: mail waits with a growing back-off, the console shows it, then each goes once',
    async (outage, error) => {
      const staff = await staffWithTotp();
      const subjects = await queue(3, outage);
      await smtp.set(outage);
      const before = smtp.counts.connections;
      for (let round = 1; round <= 3; round++) {
        await bothDrain();
        const rows = await rowsOf(subjects);
        for (const row of rows) {
          expect(row).toMatchObject({ status: 'pending', attempts: round });
          expect(row.lastError).toMatch(error);
          expect(row.nextAttemptAt.getTime() - clock().getTime()).toBe(OUTBOX_POLICY.backoffMs(round));
        }
        // The console's Mail page lists them as waiting: tries, the server's answer, the next try.
        const list = OutboxListSchema.parse(
          (await call('GET', '/api/v1/admin/outbox?status=pending&limit=200', staff.cookie)).json(),
        );
        const shown = list.mails.filter((m) => subjects.includes(m.subject));
        expect(shown.map((m) => [m.status, m.attempts, m.lastError, m.nextAttemptAt])).toEqual(
          rows.reverse().map((r) => ['pending', round, r.lastError, r.nextAttemptAt.toISOString()]),
        );
        // Nothing is tried before its back-off is over.
        await bothDrain();
        expect((await rowsOf(subjects)).map((r) => r.attempts)).toEqual([round, round, round]);
        clock.advance(OUTBOX_POLICY.backoffMs(round));
      }
      // A server that is down costs one connection a round, not one per mail (a refusing server
      // that answers each mail is asked about each).
      if (outage !== 'refused')
        expect(smtp.counts.connections - before).toBeLessThanOrEqual(outage === 'answers 451' ? 9 : 6);
      expect(subjects.flatMap((s) => smtp.withSubject(s))).toEqual([]);

      await smtp.set('up');
      await Promise.all([bothDrain(), bothDrain()]);
      await bothDrain();
      await expectEachOnce(subjects);
      expect((await rowsOf(subjects)).map((r) => r.attempts)).toEqual([4, 4, 4]);
    },
    60_000,
  );

  it('an acknowledgement lost after DATA: the copy sent again carries the same Message-ID', async () => {
    // SMTP's limit: the server has the mail, the outbox cannot know it. The retry is a second copy;
    // its Message-ID, the same as the first's, is what lets a receiving system drop it.
    const [subject] = await queue(1, 'ack');
    await smtp.set('no ack after data');
    await bothDrain();
    const [row] = await rowsOf([subject!]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(smtp.withSubject(subject!)).toHaveLength(1);
    await smtp.set('up');
    clock.advance(OUTBOX_POLICY.backoffMs(1));
    await bothDrain();
    const copies = smtp.withSubject(subject!);
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((m) => m.messageId))).toEqual(new Set([`<${messageKey(row!)}@test.example>`]));
    expect((await rowsOf([subject!]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('an instance that lost its claim does not undo the mail another instance sent', async () => {
    // Instance A is stuck on a server that hangs; its lease runs out (a paused process), B takes the
    // mail and sends it; then A's attempt fails. A's failure is not written over B's success.
    const [subject] = await queue(1, 'claim');
    await smtp.set('silent');
    const stuck = smtpMailer(smtp.url, FROM, { connectionMs: 60_000, greetingMs: 60_000, socketMs: 60_000 });
    const a = new OutboxWorker(t.database.db, stuck, clock);
    const held = smtp.counts.connections;
    const drainA = a.drain();
    await expect.poll(() => smtp.counts.connections, { timeout: 10_000 }).toBeGreaterThan(held);
    await smtp.set('up');
    clock.advance(OUTBOX_POLICY.leaseMs + 1_000);
    await b.outbox.drain();
    expect(smtp.withSubject(subject!)).toHaveLength(1);
    smtp.dropConnections(); // A's attempt fails now, long after its lease
    await drainA;
    expect((await rowsOf([subject!]))[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    clock.advance(OUTBOX_POLICY.backoffMs(OUTBOX_POLICY.maxAttempts));
    await bothDrain();
    await a.drain();
    await expectEachOnce([subject!]);
    await a.stop();
  });
});

describe('the database failing to record mail that went', () => {
  it('the sent mail is recorded once the database answers, and never released or sent again', async () => {
    const subjects = await queue(3, 'record');
    await smtp.set('up');
    // The first writes marking mail sent fail, as they would with the database out of reach;
    // a sequence, since a failed statement rolls back anything else it did.
    await t.database.query(`create sequence outbox_hiccup`);
    await t.database.query(`create function outbox_hiccup() returns trigger language plpgsql as $$
      begin if nextval('outbox_hiccup') <= 2 then raise exception 'database hiccup'; end if; return new; end $$`);
    await t.database.query(`create trigger outbox_hiccup before update on outbox for each row
      when (new.status = 'sent') execute function outbox_hiccup()`);
    try {
      // Recording after every mail: the first record fails inside the round, the round's last too.
      const worker = new OutboxWorker(t.database.db, smtpMailer(smtp.url, FROM, SHORT), clock, {
        policy: { recordSentMs: 0 },
      });
      await expect(worker.drain()).rejects.toThrow();
      const went = subjects.filter((subject) => smtp.withSubject(subject).length);
      expect(went.length).toBeGreaterThan(0);
      // What went was not released (made due again) by the failed round.
      for (const row of await rowsOf(went))
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(clock().getTime());
      await worker.drain(); // the database answers: what went is recorded first
      clock.advance(OUTBOX_POLICY.leaseMs + 1_000); // and nothing comes due again after the lease
      await worker.drain();
      await bothDrain();
      await expectEachOnce(subjects);
      await worker.stop();
    } finally {
      await t.database.query('drop trigger outbox_hiccup on outbox');
      await t.database.query('drop function outbox_hiccup');
      await t.database.query('drop sequence outbox_hiccup');
    }
  });
});

describe("staff's retry", () => {
  it('is refused for a waiting mail, which may be in the middle of an attempt', async () => {
    const staff = await staffWithTotp();
    const [subject] = await queue(1, 'retry');
    await smtp.set('silent');
    const stuck = smtpMailer(smtp.url, FROM, { connectionMs: 60_000, greetingMs: 60_000, socketMs: 60_000 });
    const a = new OutboxWorker(t.database.db, stuck, clock);
    const held = smtp.counts.connections;
    const drainA = a.drain();
    await expect.poll(() => smtp.counts.connections, { timeout: 10_000 }).toBeGreaterThan(held);
    const [row] = await rowsOf([subject!]);
    const retry = await call('POST', `/api/v1/admin/outbox/${row!.id}/retry`, staff.cookie);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe('Only a failed mail can be retried.');
    await smtp.set('up');
    expect(await b.outbox.drain()).toBe(0); // still A's
    smtp.dropConnections();
    await drainA;
    expect((await rowsOf([subject!]))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(OUTBOX_POLICY.backoffMs(1));
    await bothDrain();
    await expectEachOnce([subject!]);
    await a.stop();
  });
});

describe('a server that hangs or crawls cannot hold a round past its lease', () => {
  // Real time here: the lease, the round and the per-mail limit are the worker's own timers.
  const policy = {
    leaseMs: 8_000,
    roundMs: 1_000,
    sendTimeoutMs: 2_000,
    backoffMs: () => 200,
    recordSentMs: 100,
  };
  // The SMTP client's own timeouts are long: only the worker's limits can end a hung attempt.
  const patient = { connectionMs: 60_000, greetingMs: 60_000, socketMs: 60_000 };
  const workers = () => {
    const realTime = () => new Date();
    return [
      new OutboxWorker(t.database.db, smtpMailer(smtp.url, FROM, patient), realTime, { policy }),
      new OutboxWorker(second.db, smtpMailer(smtp.url, FROM, patient), realTime, { policy }),
    ] as const;
  };

  it('a silent server: the round ends well inside its lease, the other instance never sends it too', async () => {
    const subjects = await queue(3, 'hang');
    // Due now by the real clock the workers read.
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date() })
      .where(inArray(outbox.subject, subjects));
    await smtp.set('silent');
    const [a, other] = workers();
    const started = performance.now();
    let ended = 0;
    const round = a.drain().then(() => {
      ended = performance.now();
    });
    // Meanwhile the other instance drains again and again: the mail is claimed, it takes none.
    let taken = 0;
    while (!ended && performance.now() - started < policy.leaseMs) {
      taken += await other.drain();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(ended, 'the round did not end within its lease').toBeGreaterThan(0);
    expect(ended - started).toBeLessThan(policy.leaseMs);
    await round;
    expect(taken).toBe(0);
    const rows = await rowsOf(subjects);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['pending', 1]));
    expect(rows[0]!.lastError).toMatch(/did not finish within 2 s/);

    await smtp.set('up');
    await expect
      .poll(
        async () => {
          await Promise.all([a.drain(), other.drain()]);
          return (await rowsOf(subjects)).filter((r) => r.status === 'sent').length;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(3);
    await expectEachOnce(subjects);
    await Promise.all([a.stop(), other.stop()]);
  }, 60_000);

  it('a crawling server: a round stops starting mail after its time, the rest goes in the next', async () => {
    const subjects = await queue(8, 'slow');
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date() })
      .where(inArray(outbox.subject, subjects));
    await smtp.set('slow', 300);
    const [a, other] = workers();
    const first = await a.drain();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(8);
    await expect
      .poll(
        async () => {
          await Promise.all([a.drain(), other.drain()]);
          return (await rowsOf(subjects)).filter((r) => r.status === 'sent').length;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(8);
    await expectEachOnce(subjects);
    expect((await rowsOf(subjects)).map((r) => r.attempts)).toEqual(subjects.map(() => 1));
    await Promise.all([a.stop(), other.stop()]);
    await smtp.set('up');
  }, 60_000);
});
