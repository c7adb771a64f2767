import { Navigate, Outlet } from 'react-router';
import { useAuth } from './auth-context';

export function FullPageLoading() {
  return <div className="flex min-h-screen items-center justify-center text-gray-600">Loading...</div>;
}

/** Sign-in, sign-up and friends: a signed-in user has nothing to do there. */
export function GuestOnly() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <FullPageLoading />;
  if (isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}

export function Protected() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <FullPageLoading />;
  if (!isAuthenticated) return <Navigate to="/signin" replace />;
  // First-login set-up runs inside the signed-in app (signed-in-app.tsx), in its own chunk.
  return <Outlet />;
}

export function AdminOnly() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/signin" replace />;
  return <Outlet />;
}
