import { describe, expect, it } from 'vitest';
import { describeAudit } from './audit-sentence.ts';

const say = (action: string, after: unknown, name: string | null = 'Corner Shop LLC') =>
  describeAudit({
    action,
    entity: 'company',
    entityId: 'c-1',
    before: null,
    after,
    record: { name, kind: null, buyerId: null, productId: null },
  });
const sentence = (action: string, after: unknown, name?: string | null) => say(action, after, name).sentence;

describe("the audit log's sentences for receivables", () => {
  it('a return: how many of what, on which order, and why', () => {
    const returned = (before: unknown, after: unknown) =>
      describeAudit({
        action: 'order.item_returned',
        entity: 'order',
        entityId: 'SS-100125',
        before,
        after,
        record: { name: null, kind: null, buyerId: null, productId: null },
      }).sentence;
    expect(returned({ returned: 0 }, { sku: 'GP-MINT', returned: 2, reason: 'Damaged' })).toBe(
      'Recorded a return of 2 × GP-MINT on order SS-100125: Damaged',
    );
    expect(returned(null, { returned: '2', reason: ' ' })).toBe(
      'Recorded a return of an item on order SS-100125',
    );
    expect(returned({ returned: 1 }, { sku: 'GP-MINT' })).toBe(
      'Recorded a return of GP-MINT on order SS-100125',
    );
  });

  it('terms: the terms set, or the store default', () => {
    expect(sentence('company.terms_set', { paymentTerms: 'cod' })).toBe(
      'Set the payment terms of “Corner Shop LLC” to COD (cash on delivery)',
    );
    expect(sentence('company.terms_set', { paymentTerms: null })).toBe(
      "Set the payment terms of “Corner Shop LLC” to the store's default",
    );
    expect(sentence('company.terms_set', { paymentTerms: '  ' }, null)).toBe(
      "Set the payment terms of a company to the store's default",
    );
  });

  it('credit limit: set, or removed', () => {
    expect(sentence('company.credit_limit_set', { creditLimitCents: 0 })).toBe(
      'Set the credit limit of “Corner Shop LLC” to $0.00',
    );
    expect(sentence('company.credit_limit_set', { creditLimitCents: null })).toBe(
      'Removed the credit limit of “Corner Shop LLC”',
    );
    expect(sentence('company.credit_limit_set', null, ' ')).toBe('Removed the credit limit of a company');
  });

  it('a lifted hold, with what the entry has of its day and reason', () => {
    expect(sentence('company.hold_lifted', { until: '2026-12-01', reason: ' ' })).toBe(
      'Lifted the credit hold of “Corner Shop LLC” until the end of 2026-12-01',
    );
    expect(sentence('company.hold_lifted', { reason: 'Promised' })).toBe(
      'Lifted the credit hold of “Corner Shop LLC”: Promised',
    );
  });

  it('a payment recorded: its number, amount, method and reference, and each invoice it paid', () => {
    expect(
      say('payment.recorded', {
        payment: 'PAY-2026-000002',
        amountCents: 12345,
        method: 'ach',
        reference: ' ',
        applied: [
          { invoice: 'INV-2026-000001', amountCents: 10000 },
          { invoice: 'INV-2026-000002', amountCents: 2345 },
          { invoice: ' ', amountCents: 5 },
          { invoice: 'INV-2026-000003', amountCents: '5' },
          'not an application',
        ],
      }),
    ).toEqual({
      sentence: 'Recorded payment PAY-2026-000002 of $123.45 from “Corner Shop LLC” (ACH)',
      details: ['INV-2026-000001: $100.00', 'INV-2026-000002: $23.45'],
    });
    expect(say('payment.recorded', { method: 'barter', applied: 'none' })).toEqual({
      sentence: 'Recorded payment a payment from “Corner Shop LLC”',
      details: [],
    });
    expect(sentence('payment.recorded', { payment: 'PAY-2026-000003', reference: 'CHK 9' })).toBe(
      'Recorded payment PAY-2026-000003 from “Corner Shop LLC” (CHK 9)',
    );
  });

  it('a payment voided, with its reason', () => {
    expect(sentence('payment.voided', { payment: 'PAY-2026-000002', reason: 'Bounced' })).toBe(
      'Voided payment PAY-2026-000002 of “Corner Shop LLC”: Bounced',
    );
    expect(sentence('payment.voided', {})).toBe('Voided payment a payment of “Corner Shop LLC”');
  });

  it('a refund: its amount, where it came from and why', () => {
    expect(
      sentence('payment.refunded', { amountCents: 500, source: 'PAY-2026-000002', reason: 'Paid twice' }),
    ).toBe('Recorded a refund of $5.00 from PAY-2026-000002 to “Corner Shop LLC”: Paid twice');
    expect(sentence('payment.refunded', {})).toBe('Recorded a refund to “Corner Shop LLC”');
  });
});
