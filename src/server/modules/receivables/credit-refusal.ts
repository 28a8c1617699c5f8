import { Conflict } from '#server/errors.ts';
import { formatCents } from '#shared/money.ts';
import { creditMessages } from '#shared/receivables/receivables.messages.ts';

const HOLD = /credit_hold:([A-Z]+-\d{4}-\d+):(-?\d+)/;
const LIMIT = /credit_limit:(-?\d+):(-?\d+)/;

/**
 * The refusal an order's statement raised for the company's credit (credit_check, decision 017),
 * as a 409 saying why and whom to call (the buyer) or what to do (staff at the desk); null for
 * any other error.
 */
export function creditRefusal(err: unknown, who: { phone: string } | 'staff'): Conflict | null {
  const message = String((err as Error)?.message ?? err);
  const hold = HOLD.exec(message);
  if (hold) {
    const days = Number(hold[2]);
    return new Conflict(
      who === 'staff'
        ? creditMessages.staffHold(hold[1]!, days)
        : creditMessages.hold(hold[1]!, days, who.phone),
    );
  }
  const limit = LIMIT.exec(message);
  if (limit) {
    const [cap, balance] = [formatCents(Number(limit[1])), formatCents(Number(limit[2]))];
    return new Conflict(
      who === 'staff'
        ? creditMessages.staffLimit(cap, balance)
        : creditMessages.limit(cap, balance, who.phone),
    );
  }
  return null;
}
