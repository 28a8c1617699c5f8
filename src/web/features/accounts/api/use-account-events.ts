import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_KEY, useSession } from './get-session.ts';

/**
 * While a buyer is signed in, listens to /api/v1/events: when the account changes elsewhere
 * (another tab, another device, staff verifying a document) the open page refreshes it.
 */
export function useAccountEvents(): void {
  const userId = useSession().data?.user?.id;
  const qc = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/events');
    source.addEventListener('profile', () => {
      void qc.invalidateQueries({ queryKey: SESSION_KEY });
      void qc.invalidateQueries({ queryKey: ['account'] });
    });
    return () => source.close();
  }, [userId, qc]);
}
