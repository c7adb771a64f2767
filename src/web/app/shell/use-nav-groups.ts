import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { navItems } from '../nav';

const groupOf = (path: string) => navItems.find((item) => item.path === path)?.parent;

/**
 * Which collapsible groups are open. Kept above the sidebar so the desktop sidebar and the mobile
 * drawer (which unmounts when closed) share it. Groups start collapsed; arriving on a sub-item
 * (from search, a link or a reload) opens its group so the highlighted entry is never hidden.
 */
export function useNavGroups() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState<Record<string, boolean>>(() => {
    const parent = groupOf(pathname);
    return parent ? { [parent]: true } : {};
  });

  // Adjusting state while rendering (React's documented pattern) instead of in an effect avoids
  // painting the collapsed group for one frame.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const parent = groupOf(pathname);
    if (parent && !open[parent]) setOpen({ ...open, [parent]: true });
  }

  const toggle = useCallback((path: string) => setOpen((prev) => ({ ...prev, [path]: !prev[path] })), []);
  const isOpen = useCallback((path: string) => Boolean(open[path]), [open]);
  return { isOpen, toggle };
}

export type NavGroups = ReturnType<typeof useNavGroups>;
