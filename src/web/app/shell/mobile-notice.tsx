import { useState } from 'react';
import { Laptop, Monitor, Smartphone, TriangleAlert, X } from 'lucide-react';
import { MOBILE_NOTICE_DISMISSED_COOKIE } from '../../../shared/mobile-notice';
import { DesktopViewBanner } from './desktop-view-banner';

const readDismissed = () => document.cookie.split(';').some((c) => c.trim() === `${MOBILE_NOTICE_DISMISSED_COOKIE}=1`);

/**
 * The original product's "Switch to Desktop View" screen, shown above the page rather than instead of it so
 * the portal stays usable on a phone. Dismissal lasts until the browser closes: a session cookie,
 * so that the server too leaves the notice out of the page's first paint (index.html).
 */
export function MobileNotice() {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    document.cookie = `${MOBILE_NOTICE_DISMISSED_COOKIE}=1; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  };

  return <MobileNoticeCard onDismiss={dismiss} />;
}

/**
 * The notice itself. Without `onDismiss` (no close button) it is also the copy painted from
 * index.html before the app's JavaScript runs (first-paint.test.ts keeps the two the same).
 */
export function MobileNoticeCard({ onDismiss }: { onDismiss?: () => void }) {
  return (
    <section
      aria-labelledby="mobile-notice-title"
      className="relative mb-6 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss mobile notice"
          className="absolute right-2 top-2 rounded-md bg-white/90 p-1.5 text-gray-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
      <DesktopViewBanner />
      <div className="space-y-4 p-4">
        <div>
          <h2 id="mobile-notice-title" className="text-lg font-semibold text-gray-900">
            Switch to Desktop View
          </h2>
          <p className="text-sm font-medium text-gray-600">Mobile Access Limited</p>
        </div>
        <div
          role="note"
          className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
        >
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          Mobile device detected
        </div>
        <div className="space-y-1.5 text-sm text-gray-700">
          <p className="flex items-center gap-2 font-semibold text-gray-900">
            <Smartphone aria-hidden className="size-4 text-brand-700" />
            Option 1: Use Desktop View
          </p>
          <p>
            Turn on &ldquo;Desktop site&rdquo; in your browser&rsquo;s menu, or install one of two free apps that open
            websites in desktop mode: a desktop-mode browser for Android (from the Google Play Store) or one for iPhone
            and iPad (from the Apple App Store).
          </p>
        </div>
        <div className="space-y-1.5 text-sm text-gray-700">
          <p className="flex items-center gap-2 font-semibold text-gray-900">
            <Laptop aria-hidden className="size-4 text-brand-700" />
            Option 2: Use a Larger Device
          </p>
          <p>Sign in from a laptop, tablet or desktop computer for the full experience.</p>
        </div>
      </div>
      <p className="flex items-center gap-2 border-t border-gray-100 bg-gray-50 px-4 py-3 text-xs text-gray-600">
        <Monitor aria-hidden className="size-4 shrink-0" />
        This dashboard is optimised for larger screens.
      </p>
    </section>
  );
}
