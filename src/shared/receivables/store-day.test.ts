import { describe, expect, it } from 'vitest';
import { AGING_BUCKETS, AGING_LABELS, agingBucket, dayIn, daysBetween, invoiceState } from './store-day.ts';

describe("the store's day", () => {
  it('is the calendar day in the time zone, not UTC', () => {
    const at = new Date('2026-11-27T03:00:00Z');
    expect(dayIn('America/Chicago', at)).toBe('2026-11-26');
    expect(dayIn('UTC', at)).toBe('2026-11-27');
    expect(dayIn('Asia/Tokyo', new Date('2026-12-31T15:30:00Z'))).toBe('2027-01-01');
    expect(dayIn('America/New_York', new Date('2026-03-08T04:59:00Z'))).toBe('2026-03-07');
    expect(dayIn('America/New_York', new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
  });

  it('counts whole days between two days, across months, years and the clock change', () => {
    expect(daysBetween('2026-11-27', '2026-11-27')).toBe(0);
    expect(daysBetween('2026-11-27', '2026-12-12')).toBe(15);
    expect(daysBetween('2026-12-12', '2026-11-27')).toBe(-15);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });
});

describe('aging', () => {
  it('puts each amount in its bucket by days past due, at the edges too', () => {
    const cases: [number, string][] = [
      [-5, 'current'],
      [0, 'current'],
      [1, 'd1_30'],
      [30, 'd1_30'],
      [31, 'd31_60'],
      [60, 'd31_60'],
      [61, 'd61_90'],
      [90, 'd61_90'],
      [91, 'over_90'],
      [400, 'over_90'],
    ];
    expect(cases.map(([days]) => [days, agingBucket(days)])).toEqual(cases);
  });

  it('names every bucket, in order', () => {
    expect(AGING_BUCKETS.map((b) => AGING_LABELS[b])).toEqual([
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ]);
  });
});

describe("an invoice's state", () => {
  const today = '2026-11-27';
  it('paid when nothing is left, whatever the day', () => {
    expect(invoiceState({ totalCents: 500, openCents: 0, dueDate: '2026-01-01' }, today)).toBe('paid');
  });
  it('overdue the day after its due date, not on it', () => {
    expect(invoiceState({ totalCents: 500, openCents: 500, dueDate: '2026-11-26' }, today)).toBe('overdue');
    expect(invoiceState({ totalCents: 500, openCents: 100, dueDate: '2026-11-26' }, today)).toBe('overdue');
    expect(invoiceState({ totalCents: 500, openCents: 500, dueDate: today }, today)).toBe('open');
  });
  it('partly paid while something was paid and it is not yet late', () => {
    expect(invoiceState({ totalCents: 500, openCents: 499, dueDate: today }, today)).toBe('partly_paid');
    expect(invoiceState({ totalCents: 500, openCents: 1, dueDate: '2026-12-01' }, today)).toBe('partly_paid');
  });
});
