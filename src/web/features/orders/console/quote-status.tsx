import type { QuoteStatus } from '#shared/orders/quotes.schemas.ts';
import { Badge } from '#web/components/console/console-ui.tsx';

/** Each quote status in the console's badge colours: a request waits (amber), closed ones are grey or red. */
const TONES: Record<QuoteStatus, string> = {
  requested: 'pending',
  sent: 'sent',
  accepted: 'verified',
  declined: 'cancelled',
  withdrawn: 'disabled',
  expired: 'expired',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge status={TONES[status]}>{status}</Badge>;
}
