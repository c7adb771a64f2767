import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-context';
import { fetchPublicConfig } from '../lib/public-config';
import { TWO_FACTOR_SETUP_PATH } from '../../shared/two-factor';
import { Button } from '../components/ui/button';

// index.html holds the same markup, so the page shows it before any JavaScript runs. While it
// shows, a signed-in phone sees index.html's first paint instead (styles.css, .page-loading).
export function FullPageLoading() {
  return <div className="page-loading flex min-h-screen items-center justify-center text-gray-600">Loading...</div>;
}

/** Sign-in, sign-up and friends: a signed-in user has nothing to do there. */
export function GuestOnly() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <FullPageLoading />;
  if (isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * The portal cannot reach its database, so it cannot say who is signed in: an outage, not a
 * sign-out. The auth context asks again by itself (after the server's Retry-After); Try again asks now.
 */
export function PortalUnavailable({ message }: { message: string }) {
  const { refresh } = useAuth();
  const [asking, setAsking] = useState(false);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div
        className="w-full max-w-md space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-6 text-gray-900"
        role="alert"
      >
        <h1 className="text-lg font-semibold">The portal is unavailable</h1>
        <p>{message}</p>
        <p className="text-sm text-gray-700">
          Nothing was lost and you were not signed out: this page comes back by itself when the portal is reachable
          again.
        </p>
        <Button
          disabled={asking}
          onClick={() => {
            setAsking(true);
            void refresh().finally(() => setAsking(false));
          }}
        >
          Try again
        </Button>
      </div>
    </main>
  );
}

export function Protected() {
  const { isLoading, isAuthenticated, isAdmin, user, unavailable } = useAuth();
  const { pathname } = useLocation();
  const setUpRequired = useTwoFactorSetUpRequired(isAdmin && !user?.twoFactorEnabled);
  if (isLoading) return <FullPageLoading />;
  if (!isAuthenticated && unavailable) return <PortalUnavailable message={unavailable} />;
  if (!isAuthenticated) return <Navigate to="/signin" replace />;
  // An administrator without two-factor sign-in reaches only its set-up page while the server
  // requires it (the server refuses everything else with 403 TWO_FACTOR_REQUIRED anyway).
  if (setUpRequired === undefined) return <FullPageLoading />;
  if (setUpRequired && pathname !== TWO_FACTOR_SETUP_PATH) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  // First-login set-up runs inside the signed-in app (signed-in-app.tsx), in its own chunk.
  // The Outlet stays where it is when two-factor turns on: the set-up page must not remount
  // before its recovery codes are saved.
  return <Outlet />;
}

/**
 * Whether `needsIt` (an administrator without two-factor) must set it up first: asks the server's
 * public configuration (REQUIRE_ADMIN_2FA) only then; undefined while asking.
 */
function useTwoFactorSetUpRequired(needsIt: boolean): boolean | undefined {
  const [required, setRequired] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (!needsIt) return;
    let live = true;
    fetchPublicConfig().then(
      (config) => live && setRequired(config.requireAdmin2fa ?? true),
      () => live && setRequired(true),
    );
    return () => {
      live = false;
    };
  }, [needsIt]);
  return needsIt ? required : false;
}

export function AdminOnly() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/signin" replace />;
  return <Outlet />;
}
