import type { Mail } from './mailer.ts';
import { layout } from './templates.ts';

/**
 * Receivables' mail (decision 017), each sent once per document and kind: an invoice or credit note
 * as issued, its PDF attached; reminders a few days before the due date, on the day, 7 days after
 * and weekly while it is overdue.
 */
export function invoiceIssuedMail(
  store: string,
  to: string,
  d: { name: string; title: string; number: string; order: string; total: string; due: string | null },
  url: string,
): Mail {
  return layout(
    store,
    to,
    `${d.title} ${d.number} for order ${d.order} — ${store}`,
    [
      `Hello ${d.name},`,
      d.due
        ? `${d.title} ${d.number} for your order ${d.order} is attached: ${d.total}, due ${d.due}.`
        : `${d.title} ${d.number} for your order ${d.order} is attached: ${d.total} off your account.`,
      'Please keep it with your records.',
    ],
    { label: 'See my invoices & payments', url },
  );
}

export type ReminderKind = 'due_soon' | 'due_today' | `overdue_${number}`;

export function invoiceReminderMail(
  store: string,
  to: string,
  d: {
    name: string;
    number: string;
    open: string;
    due: string;
    kind: ReminderKind;
    daysLate: number;
    phone: string;
  },
  url: string,
): Mail {
  const subject =
    d.kind === 'due_soon'
      ? `Invoice ${d.number} is due on ${d.due}`
      : d.kind === 'due_today'
        ? `Invoice ${d.number} is due today`
        : `Invoice ${d.number} is ${d.daysLate} days past due`;
  return layout(
    store,
    to,
    `${subject} — ${store}`,
    [
      `Hello ${d.name},`,
      d.kind === 'due_soon' || d.kind === 'due_today'
        ? `A reminder: ${d.open} of invoice ${d.number} is due ${d.kind === 'due_today' ? 'today' : `on ${d.due}`}.`
        : `${d.open} of invoice ${d.number} was due on ${d.due} and is still open. Please pay it or call us at ${d.phone}; accounts left overdue are put on hold.`,
      'If you have paid it already, thank you: please disregard this mail.',
    ],
    { label: 'See my invoices & payments', url },
  );
}
