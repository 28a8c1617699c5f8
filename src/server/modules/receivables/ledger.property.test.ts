import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { invoicesFixture } from './invoices.fixture.ts';

const clock = testClock(new Date('2026-11-27T15:00:00Z'));
const t = testAppForFile({ clock });
const d = invoicesFixture(() => t, clock);

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
});

/** One step of a company's life with the store. */
type Step =
  | { kind: 'order'; a: number; b: number }
  | { kind: 'change'; which: number; a: number; b: number }
  | { kind: 'cancel'; which: number; line: 'a' | 'b' }
  | { kind: 'pay'; cents: number; byHand: boolean; which: number }
  | { kind: 'void'; which: number }
  | { kind: 'refund'; which: number; cents: number };

const which = fc.integer({ min: 0, max: 5 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    a: fc.integer({ min: 0, max: 4 }),
    b: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('change' as const),
    which,
    a: fc.integer({ min: 0, max: 5 }),
    b: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    kind: fc.constant('cancel' as const),
    which,
    line: fc.constantFrom('a' as const, 'b' as const),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    cents: fc.integer({ min: 1, max: 12_000 }),
    byHand: fc.boolean(),
    which,
  }),
  fc.record({ kind: fc.constant('void' as const), which }),
  fc.record({ kind: fc.constant('refund' as const), which, cents: fc.integer({ min: 1, max: 3_000 }) }),
);

/**
 * The receivables ledger over random sequences (decision 017, step 8): orders placed, changed
 * before shipping and cancelled item by item, payments recorded (oldest first or by hand), voided
 * and paid back, on PGlite and on PostgreSQL (test:pg). After every step, for every company: what
 * it owes is invoices − credit notes − payments + refunds and equals what its invoices still owe
 * less its unused credit; nothing is paid or applied beyond its amount; numbers have no gaps; and
 * each order's documents add up to what the order owes.
 */
describe('the receivables ledger (property)', () => {
  it('keeps its invariants through orders, changes, cancellations, payments, voids and refunds', async () => {
    const seen = { payments: 0, voids: 0, refunds: 0, changes: 0, cancels: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const life = await d.companyLife();
        const { o, orders } = life;
        const pays: string[] = [];
        const pick = <T>(list: T[], i: number) => list[i % list.length];
        for (const s of steps) {
          if (s.kind === 'order') {
            await life.order(s.a, s.b);
          } else if (s.kind === 'change') {
            if (await life.change(admin.cookie, s.which, s.a, s.b)) seen.changes++;
          } else if (s.kind === 'cancel') {
            if (await life.cancel(admin.cookie, s.which, s.line)) seen.cancels++;
          } else if (s.kind === 'pay') {
            const open = (await d.ledger(admin.cookie, o.id)).invoices.filter(
              (i) => i.kind === 'invoice' && i.openCents > 0,
            );
            const target = pick(open, s.which);
            const apply =
              s.byHand && target
                ? [{ invoice: target.number, amountCents: Math.min(s.cents, target.openCents) }]
                : 'oldest';
            const res = await d.pay(admin.cookie, o.id, s.cents, apply);
            expect(res.statusCode, res.body).toBe(201);
            pays.push(res.json().number);
            seen.payments++;
          } else if (s.kind === 'void') {
            const number = pick(pays, s.which);
            if (!number) continue;
            const res = await d.call('POST', `${ADMIN}/payments/${number}/void`, admin.cookie, {
              reason: 'property',
            });
            expect([200, 409], res.body).toContain(res.statusCode);
            if (res.statusCode === 200) seen.voids++;
          } else {
            const ledger = await d.ledger(admin.cookie, o.id);
            const sources = [
              ...ledger.payments
                .filter((p) => !p.voided && p.unappliedCents > 0)
                .map((p) => ({ n: p.number, left: p.unappliedCents })),
              ...ledger.invoices
                .filter((i) => i.kind === 'credit_note' && i.openCents > 0)
                .map((i) => ({ n: i.number, left: i.openCents })),
            ];
            const source = pick(sources, s.which);
            if (!source) continue;
            const res = await d.call('POST', `${ADMIN}/companies/${o.id}/refunds`, admin.cookie, {
              source: source.n,
              amountCents: Math.min(s.cents, source.left),
              paidOn: '2026-11-27',
              method: 'check',
              reference: '',
              reason: 'property',
            });
            expect(res.statusCode, res.body).toBe(201);
            seen.refunds++;
          }
          await d.expectLedgerInvariants();
          for (const number of orders) expect(await d.netInvoiced(number), number).toBe(await d.owed(number));
        }
      }),
      { numRuns: 20 },
    );
    // The property is about a ledger that moves: over the runs each kind of step happened.
    expect(seen.payments).toBeGreaterThan(0);
    expect(seen.changes + seen.cancels).toBeGreaterThan(0);
    // About 20 s on a quiet machine; a loaded one may take several times that.
  }, 300_000);
});
