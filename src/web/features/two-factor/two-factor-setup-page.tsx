import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/alert';
import { AuthCard } from '../auth/auth-card';
import { TwoFactorSetupFlow } from './two-factor-setup';

/**
 * /two-factor-setup: where an administrator without two-factor sign-in is sent after signing in
 * (app/guards.tsx) and the only page they can reach until it is on.
 */
export function TwoFactorSetupPage() {
  const { user, refresh, signOut } = useAuth();
  const navigate = useNavigate();
  // Checked once: the flow itself turns two-factor on and must stay to show the recovery codes.
  const [alreadyOn] = useState(() => Boolean(user?.twoFactorEnabled));
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;
  if (alreadyOn) return <Navigate to="/" replace />;

  async function leave() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOut();
      navigate('/signin', { replace: true });
    } catch (e) {
      setSignOutError(e instanceof Error ? e.message : 'Could not sign out.');
      setSigningOut(false);
    }
  }

  return (
    <main className="flex min-h-screen items-start justify-center bg-gray-50 px-4 py-10 sm:items-center">
      <AuthCard
        title="Set Up Two-Factor Sign-In"
        description="Administrators can see every client's private data, so their accounts need a second step at sign-in. Set it up to continue."
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-600">
            Signed in as <span className="break-all font-medium text-gray-900">{user.email}</span>
          </p>
          <TwoFactorSetupFlow
            idPrefix="tf-setup"
            email={user.email}
            onEnabled={refresh}
            onDone={() => navigate('/', { replace: true })}
          />
          {signOutError && <Alert tone="error">{signOutError}</Alert>}
          <Button variant="link" className="h-auto self-start p-0" onClick={leave} disabled={signingOut}>
            {signingOut ? 'Signing Out' : 'Sign Out'}
          </Button>
        </div>
      </AuthCard>
    </main>
  );
}
