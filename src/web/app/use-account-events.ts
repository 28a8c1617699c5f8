import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_KEY, useSession } from '#web/lib/session.ts';

/** How long after a reconnect a tab may wait before reading again what it may have missed. */
export const RECONNECT_SPREAD_MS = 5_000;

/**
 * While a buyer is signed in, listens to /api/v1/events: when the account or the cart changes
 * elsewhere (another tab, another device, staff verifying a document) the open page refreshes it.
 */
export function useAccountEvents(): void {
  const userId = useSession().data?.user?.id;
  const qc = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/events');
    // The browser reconnects by itself after the stream drops (a restart, a network change);
    // what changed meanwhile was never heard, so what any event refreshes is read again — after a
    // random moment of up to RECONNECT_SPREAD_MS, so that every open tab does not ask at once.
    let dropped = false;
    let catchUp: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('error', () => {
      dropped = true;
    });
    source.addEventListener('open', () => {
      if (!dropped) return;
      dropped = false;
      clearTimeout(catchUp);
      catchUp = setTimeout(() => {
        for (const key of [SESSION_KEY, ['account'], ['cart'], ['orders'], ['catalogue'], ['search']])
          void qc.invalidateQueries({ queryKey: key });
      }, Math.random() * RECONNECT_SPREAD_MS);
    });
    source.addEventListener('profile', () => {
      void qc.invalidateQueries({ queryKey: SESSION_KEY });
      void qc.invalidateQueries({ queryKey: ['account'] });
    });
    // A cart change elsewhere (another tab, another device, an order placed) refreshes the cart
    // and, since placing an order empties it, the order lists.
    source.addEventListener('cart', () => {
      void qc.invalidateQueries({ queryKey: ['cart'] });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    });
    // Staff changed my customer group or its price list: every price on the page is mine again.
    source.addEventListener('prices', () => {
      for (const key of ['cart', 'catalogue', 'search']) void qc.invalidateQueries({ queryKey: [key] });
    });
    // Staff moved one of my orders on (shipped, delivered, cancelled).
    source.addEventListener('orders', () => {
      void qc.invalidateQueries({ queryKey: ['orders'] });
    });
    return () => {
      clearTimeout(catchUp);
      source.close();
    };
  }, [userId, qc]);
}
