import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { authClient } from '../../lib/auth-client';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { authErrorMessage, portalAuthErrorCodes } from '../../../shared/auth-errors';

/**
 * Where Google sign-in returns. An error arrives as a code in the URL query or hash (only the code
 * is used: the URL's descriptions are anyone's text); otherwise the session tells. Returns the
 * error code, or null when signed in.
 */
async function completeSignIn(): Promise<string | null> {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  const urlError = query.get('error') || hash.get('error') || query.get('error_description') || hash.get('error_description');
  if (urlError) return urlError;
  const { data, error } = await authClient.getSession();
  if (error) return portalAuthErrorCodes.authenticationFailed;
  if (!data?.user) return portalAuthErrorCodes.noSession;
  return null;
}

export function GrantPage() {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  // An error code; only its sentence from the table is ever shown.
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    completeSignIn()
      .catch(() => portalAuthErrorCodes.authenticationFailed)
      .then(async (code) => {
        if (cancelled) return;
        if (code) return setError(code);
        window.history.replaceState(null, '', '/signup/v/user/grant');
        await refresh();
        navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, refresh]);

  if (!error) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-3 text-gray-700">
        <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden="true" />
        <p role="status">Completing authentication...</p>
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md rounded-xl border border-red-200 bg-white p-6 text-center shadow-sm" role="alert">
        <AlertTriangle className="mx-auto size-10 text-red-600" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-semibold text-gray-900">Authentication Error</h1>
        <p className="mt-2 text-gray-700">{authErrorMessage(error)}</p>
        <Button className="mt-6 w-full" onClick={() => navigate(`/signin?error=${encodeURIComponent(error)}`, { replace: true })}>
          Return to Login
        </Button>
      </div>
    </main>
  );
}
