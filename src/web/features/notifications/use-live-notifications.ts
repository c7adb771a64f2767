import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { notificationKeys } from './api';

/**
 * Follows GET /api/me/events while mounted: each cue (a notification was added for this person)
 * refetches the bell's list, so it shows within a second instead of at the next minute's poll.
 * EventSource reconnects by itself after a drop or the server's hourly end, and a reconnection
 * refetches too (cues may have been missed meanwhile). Refused (too many tabs), the poll remains.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    const source = new EventSource(api.me.events.$path());
    let opened = false;
    source.addEventListener('notification', refresh);
    source.addEventListener('open', () => {
      if (opened) refresh();
      opened = true;
    });
    return () => source.close();
  }, [queryClient]);
}
