/**
 * SPEC §4 order tracking stages: 25 Shipped, 50 Out for Delivery, 75 Delivered, 100 Completed.
 * Orders start at 'placed' (0 %, 'Order placed'); staff move them on from the console, and each
 * move is an order event. A cancelled order leaves the bar.
 */
export const TRACKING_STAGES = [
  { stage: 'shipped', label: 'Shipped', percent: 25 },
  { stage: 'out_for_delivery', label: 'Out for Delivery', percent: 50 },
  { stage: 'delivered', label: 'Delivered', percent: 75 },
  { stage: 'completed', label: 'Completed', percent: 100 },
] as const;

export const ORDER_STAGES = ['placed', ...TRACKING_STAGES.map((s) => s.stage), 'cancelled'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const STAGE_LABELS: Record<string, string> = {
  placed: 'Order placed',
  cancelled: 'Cancelled',
  ...Object.fromEntries(TRACKING_STAGES.map((s) => [s.stage, s.label])),
};

/**
 * What staff may do to a pending item at the order's latest stage (decision 014, item 14): cancel
 * it before the order ships, mark it delivered once it has. A cancelled order has no pending item.
 */
export function itemActions(latestStage: string): { cancel: boolean; deliver: boolean } {
  const shipped = TRACKING_STAGES.some((s) => s.stage === latestStage);
  return { cancel: latestStage === 'placed', deliver: shipped };
}

export interface TrackingState {
  /** 0 for a placed order, then the percent of the furthest stage reached. */
  percent: number;
  /** What the buyer reads: 'Order placed', 'Shipped', … or 'Cancelled'. */
  label: string;
  cancelled: boolean;
}

/** The tracking bar's state from the order's events (oldest first); the latest event wins. */
export function trackingState(events: readonly { stage: string }[]): TrackingState {
  const latest = events.at(-1)?.stage ?? 'placed';
  if (latest === 'cancelled') {
    // Where it had got to: the event before (itself a cancellation, read again the same way).
    const before = trackingState(events.slice(0, -1));
    return { percent: before.percent, label: STAGE_LABELS.cancelled!, cancelled: true };
  }
  const stage = TRACKING_STAGES.find((s) => s.stage === latest);
  return {
    percent: stage?.percent ?? 0,
    label: STAGE_LABELS[latest] ?? STAGE_LABELS.placed!,
    cancelled: false,
  };
}

/** The tabs of the Orders page and of My Account (SPEC §2), with the item status each lists. */
export const ORDER_TABS = ['Orders', 'Cancelled', 'Delivered'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const TAB_ITEM_STATUS = { Orders: 'pending', Cancelled: 'cancelled', Delivered: 'delivered' } as const;
