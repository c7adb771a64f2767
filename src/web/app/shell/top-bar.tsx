import { Link } from 'react-router';
import { FileText, LifeBuoy, LogOut, Menu } from 'lucide-react';
import { branding } from '../../../shared/branding';
import { Button } from '../../components/ui/button';
import { NotificationsButton } from './notifications-button';
import { ProgressStrip } from './progress-strip';
import { SearchBox } from './search-box';
import { useSignOut } from './use-sign-out';

// Below lg the action buttons keep their names for screen readers but show only icons, so the
// title and the actions fit on one row beside a narrow sidebar or on a phone.
const labelClass = 'sr-only lg:not-sr-only';
const iconOnly = 'max-lg:size-9 max-lg:px-0';

export function TopBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const { signOut, pending } = useSignOut();
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 md:px-6">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          className="inline-flex size-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:hidden"
        >
          <Menu aria-hidden className="size-5" />
        </button>
        <p className="min-w-0 flex-1 text-xs font-bold leading-tight tracking-wide text-brand-900 sm:text-sm xl:flex-none">
          {branding.appTitle}
        </p>
        <div className="order-last w-full xl:order-none xl:mx-4 xl:w-auto xl:max-w-md xl:flex-1">
          <SearchBox />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
          <NotificationsButton />
          <Button variant="outline" size="sm" asChild className={iconOnly}>
            <Link to="/documents">
              <FileText aria-hidden />
              <span className={labelClass}>View Documents</span>
            </Link>
          </Button>
          <Button variant="outline" size="sm" asChild className={iconOnly}>
            <a href={branding.liveSupportUrl} target="_blank" rel="noopener noreferrer">
              <LifeBuoy aria-hidden />
              <span className={labelClass}>Support</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
          <Button variant="destructive" size="sm" onClick={signOut} disabled={pending} className={iconOnly}>
            <LogOut aria-hidden />
            <span className={labelClass}>Sign Out</span>
          </Button>
        </div>
      </div>
      <ProgressStrip />
    </header>
  );
}
