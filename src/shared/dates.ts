/*
 * Dates, in one place. Calendar days (document expiry, report months) are YYYY-MM-DD strings in
 * UTC; instants travel as ISO strings and are shown in the viewer's own time zone.
 */

export const DAY_MS = 86_400_000;

/** A calendar day as YYYY-MM-DD (UTC), the form document expiry dates are stored in. */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export const dayPlus = (day: string, days: number): string =>
  isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));

/** A day as buyers read it on orders and invoices: "Mar 5, 2026". */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A moment as staff read it in the console: "Mar 5, 2026, 4:05 PM". */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar day (YYYY-MM-DD) as people read it, "Nov 24, 2026", whatever the viewer's zone. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A report month (YYYY-MM) as people read it, "November 2026". */
export const formatMonth = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
