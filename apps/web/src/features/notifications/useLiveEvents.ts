import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenPageSettled } from '../auth/oneTap/whenPageSettled.ts';
import { openLiveEvents } from './liveEvents.ts';

/**
 * The tab's live stream while a person is signed in (`userId`), opened once the page has
 * settled so it never competes with the page's own requests; closed at sign-out.
 */
export function useLiveEvents(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let close = () => {};
    const cancel = whenPageSettled(() => {
      close = openLiveEvents(queryClient);
    });
    return () => {
      cancel();
      close();
    };
  }, [userId, queryClient]);
}
