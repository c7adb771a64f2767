import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { branding } from '../../../shared/branding';
import { useAuth } from '../auth-context';
import { mayOpen, navItems, sections } from '../nav';
import { SidebarFooter } from './sidebar-footer';
import { SidebarSection } from './sidebar-section';
import type { NavGroups } from './use-nav-groups';

function SidebarHeader() {
  const { user } = useAuth();
  return (
    <Link
      to="/account"
      className="flex items-center gap-3 rounded-lg p-2 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <img src="/favicon.svg" alt="" className="size-9 shrink-0 rounded-md" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-gray-900">{branding.productName}</span>
        {user?.name && <span className="block truncate text-xs text-gray-700">{user.name}</span>}
        {user?.email && <span className="block truncate text-xs text-gray-500">{user.email}</span>}
        <span className="sr-only">(open My Account)</span>
      </span>
    </Link>
  );
}

/** The sidebar's content; the shell places it in a fixed column (md+) or in the mobile drawer. */
export function Sidebar({ groups }: { groups: NavGroups }) {
  const { isAdmin, user } = useAuth();
  const visibleSections = sections.filter((s) => s !== 'ADMIN' || isAdmin);
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // Pages reached from search or a link may sit below the sidebar's fold; keep the highlight visible.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  return (
    <div className="flex h-full min-h-0 flex-col bg-white">
      {/* Tight spacing throughout: every item, ADMIN's included, fits 1366x900 without scrolling. */}
      <div className="border-b border-gray-200 p-2">
        <SidebarHeader />
      </div>
      <nav ref={navRef} aria-label="Main" className="min-h-0 flex-1 space-y-2.5 overflow-y-auto px-3 py-3">
        {visibleSections.map((section) => (
          <SidebarSection
            key={section}
            title={section}
            items={navItems.filter((item) => item.section === section && mayOpen(item, user?.role))}
            groups={groups}
          />
        ))}
      </nav>
      <SidebarFooter />
    </div>
  );
}
