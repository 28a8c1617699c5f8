import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { creditMessages, ledgerMessages } from '#shared/receivables/receivables.messages.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { invoicesFixture } from './invoices.fixture.ts';

/**
 * Payments and credit (decision 017, steps 3 and 5): recorded by staff, applied oldest first or by
 * hand, voided with a reason, paid back; an overpayment is credit later invoices take; a credit
 * limit and a hold are judged inside the order's own transaction.
 */
const clock = testClock(new Date('2026-11-27T15:00:00Z'));
const t = testAppForFile({ clock });
const d = invoicesFixture(() => t, clock);
const { f, orderOfTwo } = d;

let accounting: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  accounting = await d.staffWithTotp('accounting');
});

/** Another order of 1 × A ($10) for the company's owner, delivered to its location: the response. */
async function orderAgain(o: Awaited<ReturnType<typeof orderOfTwo>>, cookie = o.owner.cookie) {
  expect((await f.add(cookie, o.a.sku, 1)).statusCode).toBe(200);
  return f.call(
    'POST',
    '/api/v1/orders',
    cookie,
    f.orderBody({
      shippingType: 'Shiptoaddress',
      locationId: o.loc,
      shippingDetails: { ...f.shipping, state: 'TX' },
    }),
  );
}

describe('recording payments', () => {
  it('a partial payment, then the rest: partly paid, then paid; audited; the invariants hold', async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    const total = invoice!.totalCents;
    const first = await d.pay(accounting.cookie, o.id, 3000);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(ledgerMessages.paymentRecorded(first.json().number, '$30.00'));
    let ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger.balanceCents).toBe(total - 3000);
    expect(ledger.invoices[0]).toMatchObject({
      number: invoice!.number,
      state: 'partly_paid',
      openCents: total - 3000,
    });
    expect(ledger.payments[0]).toMatchObject({
      amountCents: 3000,
      applied: [{ invoice: invoice!.number, amountCents: 3000 }],
    });

    expect((await d.pay(accounting.cookie, o.id, total - 3000)).statusCode).toBe(201);
    ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger.balanceCents).toBe(0);
    expect(ledger.invoices[0]!.state).toBe('paid');
    const audited = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'company' and entity_id = $1 and action like 'payment.%'",
      [o.id],
    );
    expect(audited.map((a) => a.action)).toEqual(['payment.recorded', 'payment.recorded']);
    await d.expectLedgerInvariants();
  });

  it('an overpayment is unapplied credit that the next invoice takes', async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    expect((await d.pay(accounting.cookie, o.id, invoice!.totalCents + 1500)).statusCode).toBe(201);
    let ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger).toMatchObject({ balanceCents: -1500, unappliedCents: 1500 });
    const next = await orderAgain(o);
    expect(next.statusCode, next.body).toBe(201);
    ledger = await d.ledger(accounting.cookie, o.id);
    const newest = ledger.invoices.find((i) => i.orderNumber === next.json().order.orderNumber)!;
    expect(newest.openCents).toBe(newest.totalCents - 1500);
    expect(ledger.unappliedCents).toBe(0);
    expect(ledger.balanceCents).toBe(newest.totalCents - 1500);
    await d.expectLedgerInvariants();
  });

  it('by hand across invoices: never more than an invoice owes, than the payment, nor another company’s', async () => {
    const o = await orderOfTwo();
    expect((await orderAgain(o)).statusCode).toBe(201);
    const [a, b] = (await d.ledger(accounting.cookie, o.id)).invoices.filter((i) => i.kind === 'invoice');
    const tooMuch = await d.pay(accounting.cookie, o.id, 100_000, [
      { invoice: a!.number, amountCents: a!.openCents + 1 },
    ]);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(ledgerMessages.invoiceOwesLess(a!.number));
    const overPayment = await d.pay(accounting.cookie, o.id, 100, [{ invoice: a!.number, amountCents: 200 }]);
    expect(overPayment.statusCode).toBe(400);
    const other = await orderOfTwo();
    const [theirs] = await d.documents(other.owner.cookie, other.number);
    const wrong = await d.pay(accounting.cookie, o.id, 100, [{ invoice: theirs!.number, amountCents: 100 }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ledgerMessages.notThisCompanysInvoice(theirs!.number));
    // Nothing of the refused payments was kept.
    expect((await d.ledger(accounting.cookie, o.id)).payments).toEqual([]);

    const split = await d.pay(accounting.cookie, o.id, 1000, [
      { invoice: a!.number, amountCents: 400 },
      { invoice: b!.number, amountCents: 500 },
    ]);
    expect(split.statusCode, split.body).toBe(201);
    const ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger.payments[0]!.unappliedCents).toBe(100);
    expect(ledger.invoices.find((i) => i.number === a!.number)!.openCents).toBe(a!.openCents - 400);
    await d.expectLedgerInvariants();
  });

  it('two staff paying the same invoice in full at once: one is applied, the other told', async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    const other = await d.staffWithTotp('admin');
    const apply = [{ invoice: invoice!.number, amountCents: invoice!.totalCents }];
    const results = await Promise.all([
      d.pay(accounting.cookie, o.id, invoice!.totalCents, apply),
      d.pay(other.cookie, o.id, invoice!.totalCents, apply),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger.payments).toHaveLength(1);
    expect(ledger.invoices[0]!.openCents).toBe(0);
    await d.expectLedgerInvariants();
  });

  it('a void reopens what it paid, once, with a reason; a refund pays back unused credit, never more', async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    const paid = await d.pay(accounting.cookie, o.id, invoice!.totalCents + 500);
    const number = paid.json().number as string;
    expect(
      (await d.call('POST', `${ADMIN}/payments/${number}/void`, accounting.cookie, { reason: '' }))
        .statusCode,
    ).toBe(400);
    // A refund of the 500 over: no more than that.
    const refund = (amountCents: number) =>
      d.call('POST', `${ADMIN}/companies/${o.id}/refunds`, accounting.cookie, {
        source: number,
        amountCents,
        paidOn: '2026-11-27',
        method: 'check',
        reference: 'CHK 77',
        reason: 'Paid twice',
      });
    expect((await refund(501)).statusCode).toBe(409);
    expect((await refund(500)).statusCode).toBe(201);
    const refused = await d.call('POST', `${ADMIN}/payments/${number}/void`, accounting.cookie, {
      reason: 'Bounced',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ledgerMessages.refundedCannotVoid(number));

    const second = await d.pay(accounting.cookie, o.id, 700);
    const n2 = second.json().number as string;
    // Nothing open: all of it is credit. Voided, it is gone; a second void is told.
    expect(
      (await d.call('POST', `${ADMIN}/payments/${n2}/void`, accounting.cookie, { reason: 'Bounced' }))
        .statusCode,
    ).toBe(200);
    const again = await d.call('POST', `${ADMIN}/payments/${n2}/void`, accounting.cookie, {
      reason: 'Bounced',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ledgerMessages.alreadyVoid(n2));
    const ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger.balanceCents).toBe(0);
    expect(ledger.payments.find((p) => p.number === n2)!.voided).toMatchObject({ reason: 'Bounced' });
    expect(ledger.refunds).toMatchObject([{ source: number, amountCents: 500, reason: 'Paid twice' }]);
    await d.expectLedgerInvariants();
  });

  it('a cancelled item after payment in full is credit on the account, paid back by a refund of the credit note', async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    expect((await d.pay(accounting.cookie, o.id, invoice!.totalCents)).statusCode).toBe(201);
    const admin = await d.staffWithTotp('admin');
    await d.call('POST', `${ADMIN}/orders/${o.number}/items/${o.b.sku}/status`, admin.cookie, {
      status: 'cancelled',
    });
    const cn = (await d.documents(o.owner.cookie, o.number)).find((x) => x.kind === 'credit_note')!;
    let ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger).toMatchObject({ balanceCents: -1000, unappliedCents: 1000 });
    const refund = await d.call('POST', `${ADMIN}/companies/${o.id}/refunds`, accounting.cookie, {
      source: cn.number,
      amountCents: 1000,
      paidOn: '2026-11-27',
      method: 'card',
      reference: '',
      reason: 'Item cancelled after payment',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger).toMatchObject({ balanceCents: 0, unappliedCents: 0 });
    await d.expectLedgerInvariants();
  });
});

describe('credit limit and credit hold', () => {
  const limit = (cookie: string, id: string, creditLimitCents: number | null) =>
    d.call('PUT', `${ADMIN}/companies/${id}/credit-limit`, cookie, { creditLimitCents });

  it('checkout refuses an order that passes the limit, naming it and the balance; two at once cannot both slip under', async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    const balance = invoice!.totalCents;
    // Room for exactly one more $10 order with its $20 delivery fee.
    expect((await limit(accounting.cookie, o.id, balance + 3000)).statusCode).toBe(200);
    await f.add(o.owner.cookie, o.a.sku, 1);
    await f.add(o.buyer.cookie, o.a.sku, 1);
    const body = () =>
      f.orderBody({
        shippingType: 'Shiptoaddress',
        locationId: o.loc,
        shippingDetails: { ...f.shipping, state: 'TX' },
      });
    const both = await Promise.all([
      f.call('POST', '/api/v1/orders', o.owner.cookie, body()),
      f.call('POST', '/api/v1/orders', o.buyer.cookie, body()),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    const phone = (await t.app.settings.get()).contact.phone;
    expect(refused.json().message).toBe(
      creditMessages.limit(formatCents(balance + 3000), formatCents(balance + 3000), phone),
    );
    // The refused order took nothing: the cart is as it was.
    await d.expectLedgerInvariants();
    // No limit: the order goes.
    expect((await limit(accounting.cookie, o.id, null)).statusCode).toBe(200);
    const owner = both[0]!.statusCode === 409 ? o.owner.cookie : o.buyer.cookie;
    const retried = await f.call('POST', '/api/v1/orders', owner, body());
    expect(retried.statusCode, retried.body).toBe(201);
    const audited = await t.database.query<{ after: unknown }>(
      "select after from audit_log where action = 'company.credit_limit_set' and entity_id = $1 order by id",
      [o.id],
    );
    expect(audited.map((a) => a.after)).toEqual([
      { creditLimitCents: balance + 3000 },
      { creditLimitCents: null },
    ]);
  });

  it('an invoice past due by more than the days set puts the company on hold: checkout and the desk say why; a lifted hold lets orders through', async () => {
    const o = await orderOfTwo();
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    await d.backdate(invoice!.number, 15 + 31); // Net 15: now 31 days past due.
    const refused = await orderAgain(o);
    expect(refused.statusCode).toBe(409);
    const phone = (await t.app.settings.get()).contact.phone;
    expect(refused.json().message).toBe(creditMessages.hold(invoice!.number, 31, phone));
    const ledger = await d.ledger(accounting.cookie, o.id);
    expect(ledger.credit.hold).toEqual({ invoice: invoice!.number, daysPastDue: 31 });
    expect(ledger.invoices[0]).toMatchObject({ state: 'overdue', daysPastDue: 31 });
    expect(ledger.overdueCents).toBe(invoice!.totalCents);
    expect(ledger.aging.d31_60).toBe(invoice!.totalCents);

    const admin = await d.staffWithTotp('admin');
    expect((await d.desk.line(admin.cookie, o.id, o.a.sku, 1)).statusCode).toBe(200);
    const desk = await d.placeAsShown(admin.cookie, o.id);
    expect(desk.statusCode, desk.body).toBe(409);
    expect(desk.json().message).toBe(creditMessages.staffHold(invoice!.number, 31));

    const rep = await d.staffWithTotp('sales');
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [rep.id, o.id]);
    const lift = (cookie: string, body: unknown) =>
      d.call('POST', `${ADMIN}/companies/${o.id}/hold/lift`, cookie, body);
    expect((await lift(rep.cookie, { reason: 'Promised', until: '2026-11-30' })).statusCode).toBe(403);
    expect((await lift(accounting.cookie, { reason: 'Promised', until: '2027-06-30' })).statusCode).toBe(400);
    expect((await lift(accounting.cookie, { reason: '', until: '2026-11-30' })).statusCode).toBe(400);
    expect(
      (await lift(accounting.cookie, { reason: 'Check in the mail', until: '2026-11-30' })).statusCode,
    ).toBe(200);
    expect((await d.ledger(accounting.cookie, o.id)).credit).toMatchObject({
      hold: null,
      holdLiftReason: 'Check in the mail',
    });
    expect((await orderAgain(o)).statusCode).toBe(201);
    // Paid, the hold is gone for good.
    expect((await d.pay(accounting.cookie, o.id, invoice!.totalCents)).statusCode).toBe(201);
    await d.expectLedgerInvariants();
  });

  it("an owner approving a buyer's request is judged against the limit when it becomes an order", async () => {
    const o = await orderOfTwo();
    await t.database.query(
      "update company_members set order_limit_cents = 100 where user_id = (select user_id from company_members where company_id = $1 and role = 'buyer')",
      [o.id],
    );
    const requested = await orderAgain(o, o.buyer.cookie);
    expect(requested.statusCode, requested.body).toBe(202);
    const [invoice] = await d.documents(o.owner.cookie, o.number);
    expect((await limit(accounting.cookie, o.id, invoice!.totalCents)).statusCode).toBe(200);
    const number = requested.json().request.number as string;
    const approved = await f.call('POST', `/api/v1/orders/requests/${number}/approve`, o.owner.cookie, {});
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toContain('credit limit of');
  });
});
