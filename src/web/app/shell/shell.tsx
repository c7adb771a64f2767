import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MobileDrawer } from './mobile-drawer';
import { MobileNotice } from './mobile-notice';
import { Sidebar } from './sidebar';
import { useGoogleLinkNotice } from './sidebar-footer';
import { TopBar } from './top-bar';
import { useIsMobile } from './use-media-query';
import { useNavGroups } from './use-nav-groups';

/** Signed-in layout: fixed sidebar (drawer on phones), top bar, then the routed page. */
export function Shell() {
  const location = useLocation();
  const isMobile = useIsMobile();
  const groups = useNavGroups();
  useGoogleLinkNotice();
  // The drawer remembers the location it was opened on, so any navigation closes it without an
  // effect; widening the window past md closes it too, since the drawer is a phone-only layout.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = isMobile && menuOpenedAt === location.key;

  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:outline-none focus:ring-2 focus:ring-brand-600"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-[30%] border-r border-gray-200 md:block lg:w-1/4">
        {!isMobile && <Sidebar groups={groups} />}
      </aside>
      <MobileDrawer open={menuOpen} onOpenChange={(open) => setMenuOpenedAt(open ? location.key : null)}>
        <Sidebar groups={groups} />
      </MobileDrawer>
      <div className="flex min-h-screen flex-col md:ml-[30%] lg:ml-[25%]">
        <TopBar onOpenMenu={() => setMenuOpenedAt(location.key)} menuOpen={menuOpen} />
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
          {isMobile && <MobileNotice />}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
