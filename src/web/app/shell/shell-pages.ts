import { extraPages, mayOpen, navItems, type NavItem } from '../nav';

export type SearchablePage = { path: string; label: string; heading: string; section?: NavItem['section'] };

/** Every routed page this user may open: the sidebar's items plus the pages it does not list. */
export function searchablePages(role: string | null | undefined): SearchablePage[] {
  return [...navItems, ...extraPages].filter((item) => mayOpen(item, role));
}

/** Case-insensitive match on the sidebar label or the page heading (they differ for a few pages). */
export function matchPages(pages: SearchablePage[], query: string): SearchablePage[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return pages.filter((p) => p.label.toLowerCase().includes(q) || p.heading.toLowerCase().includes(q));
}
