import { useCallback, useSyncExternalStore } from 'react';

/**
 * Tracks a CSS media query. useSyncExternalStore keeps every reader consistent within a render
 * and avoids a flash of the wrong layout that a useEffect-based hook would cause.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `md` breakpoint: the sidebar becomes a drawer and the mobile notice shows. */
export const MOBILE_QUERY = '(max-width: 767px)';

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
