import { useEffect, useSyncExternalStore } from 'react';
import type { CartLine } from '#shared/cart/cart.schemas.ts';
import { useSession } from '#web/lib/session.ts';
import { useCart } from './get-cart.ts';

/**
 * The unit price each cart line had when the buyer last saw it (decision 014, item 8), so the
 * drawer and checkout can mark the lines the server re-priced since (a staff change, a new group):
 * "was $15.24, now $12.00", until the buyer has seen them. A line's own quantity changing its price
 * (a volume tier) is the buyer's doing: taken as seen. Kept per buyer in this browser.
 */
interface SeenLine {
  quantity: number;
  unitPriceCents: number;
}
type Seen = Record<string, SeenLine>;
export interface PriceChange {
  wasCents: number;
  nowCents: number;
}

const storageKey = (userId: string) => `smokestack.seenPrices.${userId}`;
const listeners = new Set<() => void>();
/** The last text read per buyer and what it parsed to (a snapshot stays the same object until it changes). */
const parsed = new Map<string, { raw: string; seen: Seen }>();
/** Where storage is blocked, what this page has seen. */
const fallback = new Map<string, Seen>();

function read(userId: string): Seen {
  let raw: string;
  try {
    raw = localStorage.getItem(storageKey(userId)) ?? '{}';
  } catch {
    // Blocked storage: one object per buyer, the same each read (a new one would re-render forever).
    let kept = fallback.get(userId);
    if (!kept) {
      kept = {};
      fallback.set(userId, kept);
    }
    return kept;
  }
  const known = parsed.get(userId);
  if (known?.raw === raw) return known.seen;
  let seen: Seen = {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) seen = value as Seen;
  } catch {
    // unreadable: start afresh
  }
  parsed.set(userId, { raw, seen });
  return seen;
}

function write(userId: string, seen: Seen): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(seen));
  } catch {
    fallback.set(userId, seen);
  }
  for (const l of listeners) l();
}

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The lines re-priced since last seen at the same quantity: variant id → was and now. */
export function priceChanges(seen: Seen, items: readonly CartLine[]): Map<string, PriceChange> {
  const changes = new Map<string, PriceChange>();
  for (const l of items) {
    const s = seen[l.variantId];
    if (!s || !isNumber(s.unitPriceCents) || s.quantity !== l.quantity) continue;
    if (s.unitPriceCents !== l.unitPriceCents)
      changes.set(l.variantId, { wasCents: s.unitPriceCents, nowCents: l.unitPriceCents });
  }
  return changes;
}

/** What the buyer is taken to have seen already: new lines, and lines whose quantity they changed. */
function takenAsSeen(seen: Seen, items: readonly CartLine[]): Seen | null {
  let next: Seen | null = null;
  for (const l of items) {
    const s = seen[l.variantId];
    if (s && s.quantity === l.quantity && isNumber(s.unitPriceCents)) continue;
    next ??= { ...seen };
    next[l.variantId] = { quantity: l.quantity, unitPriceCents: l.unitPriceCents };
  }
  return next;
}

/**
 * The signed-in buyer's cart lines re-priced since they last saw them, and `seen()` to say they
 * have now (the drawer on closing, checkout on leaving or ordering).
 */
export function usePriceChanges(): { changes: Map<string, PriceChange>; seen: () => void } {
  const userId = useSession().data?.user?.id;
  const items = useCart().data?.items;
  const seenNow = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      // Another tab's drawer or checkout may have seen them.
      window.addEventListener('storage', l);
      return () => {
        listeners.delete(l);
        window.removeEventListener('storage', l);
      };
    },
    () => (userId ? read(userId) : null),
    () => null,
  );
  useEffect(() => {
    if (!userId || !items || !seenNow) return;
    const next = takenAsSeen(seenNow, items);
    if (next) write(userId, next);
  }, [userId, items, seenNow]);
  const changes = seenNow && items ? priceChanges(seenNow, items) : new Map<string, PriceChange>();
  return {
    changes,
    seen: () => {
      if (!userId || !items) return;
      const all: Seen = {};
      for (const l of items) all[l.variantId] = { quantity: l.quantity, unitPriceCents: l.unitPriceCents };
      write(userId, all);
    },
  };
}
