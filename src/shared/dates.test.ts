import { describe, expect, it } from 'vitest';
import { DAY_MS, dayPlus, formatDate, formatDateTime, formatDay, formatMonth, isoDay } from './dates.ts';

/** A moment at a wall-clock time in the viewer's own zone (whatever the machine's), as an ISO string. */
const localMoment = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

// Newer ICU data puts a narrow no-break space before AM/PM; people read it as a space.
const spaced = (s: string) => s.replace(/\u202f/g, ' ');

describe('calendar days (UTC, YYYY-MM-DD)', () => {
  it('a day is the UTC date of the moment, up to its last millisecond', () => {
    expect(isoDay(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
    expect(isoDay(new Date(Date.parse('2026-11-23T00:00:00Z') - 1))).toBe('2026-11-22');
  });

  it('counts days forward and back across month and year ends', () => {
    expect(dayPlus('2026-11-22', 0)).toBe('2026-11-22');
    expect(dayPlus('2026-11-22', 7)).toBe('2026-11-29');
    expect(dayPlus('2026-11-24', 30)).toBe('2026-12-24');
    expect(dayPlus('2026-01-31', 1)).toBe('2026-02-01');
    expect(dayPlus('2026-12-31', 1)).toBe('2027-01-01');
    expect(dayPlus('2026-03-01', -1)).toBe('2026-02-28');
    expect(dayPlus('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('knows leap years: February 29 comes only in them', () => {
    expect(dayPlus('2028-02-28', 1)).toBe('2028-02-29');
    expect(dayPlus('2028-03-01', -1)).toBe('2028-02-29');
    expect(dayPlus('2027-02-28', 1)).toBe('2027-03-01');
  });

  it('a day is DAY_MS long: a moment plus DAY_MS is on the next day', () => {
    const noon = new Date('2026-11-30T12:00:00Z');
    expect(isoDay(new Date(noon.getTime() + DAY_MS))).toBe(dayPlus(isoDay(noon), 1));
  });
});

describe('dates as people read them', () => {
  it('a calendar day reads "Nov 24, 2026", the first and last of a month too, whatever the zone', () => {
    expect(formatDay('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatDay('2026-11-01')).toBe('Nov 1, 2026');
    expect(formatDay('2026-11-30')).toBe('Nov 30, 2026');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('a report month reads "November 2026"', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2026-01')).toBe('January 2026');
    expect(formatMonth('2026-12')).toBe('December 2026');
  });

  it('an order date reads "Mar 5, 2026" on the viewer’s own calendar', () => {
    expect(formatDate(localMoment(2026, 3, 5, 16, 5))).toBe('Mar 5, 2026');
    expect(formatDate(localMoment(2026, 3, 31, 23, 59))).toBe('Mar 31, 2026');
    expect(formatDate(localMoment(2026, 4, 1, 0, 0))).toBe('Apr 1, 2026');
  });

  it('a moment in the console reads "Mar 5, 2026, 4:05 PM" on the viewer’s own clock', () => {
    expect(spaced(formatDateTime(localMoment(2026, 3, 5, 16, 5)))).toBe('Mar 5, 2026, 4:05 PM');
    expect(spaced(formatDateTime(localMoment(2026, 11, 30, 0, 0)))).toBe('Nov 30, 2026, 12:00 AM');
  });
});
