import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { HIGHLIGHT_PARAM } from '../../../shared/search-rules';

/** How long a page may take to load and list the item before we stop looking for it. */
const GIVE_UP_MS = 10_000;

/**
 * The item a search opened (?highlight=<id>): once the page lists it (an element with
 * data-search-id=<id>), scroll it into view, outline it and move focus to it. Pages only mark
 * their items; the waiting lives here, once for all of them.
 */
export function SearchHighlight() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const id = params.get(HIGHLIGHT_PARAM);

  useEffect(() => {
    if (!id) return;
    let found: HTMLElement | null = null;
    const look = () => {
      const el = document.querySelector<HTMLElement>(`[data-search-id="${CSS.escape(id)}"]`);
      if (!el) return;
      found = el;
      observer.disconnect();
      el.setAttribute('data-search-highlighted', '');
      if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
      el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true });
    look();
    const stop = setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
      (found as HTMLElement | null)?.removeAttribute('data-search-highlighted');
    };
  }, [id, pathname]);
  return null;
}
