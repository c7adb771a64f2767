import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { authClient } from '../../lib/auth-client';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { authErrorMessage, portalAuthErrorCodes } from '../../../shared/auth-errors';

/** The provider's own words about a failure are shown in full up to this length, then cut. */
const PROVIDER_DESCRIPTION_MAX = 200;

/**
 * The provider's error description as one line of plain text (React renders it as text, never
 * HTML), control characters removed, at most PROVIDER_DESCRIPTION_MAX characters.
 */
function providerDescription(raw: string | null): string | null {
  const text = raw
    ?.replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  const chars = [...text];
  return chars.length > PROVIDER_DESCRIPTION_MAX ? `${chars.slice(0, PROVIDER_DESCRIPTION_MAX - 1).join('')}…` : text;
}

type GrantError = { code: string; description: string | null };

/**
 * Where Google sign-in returns. An error arrives as a code in the URL query or hash, often with the
 * provider's description of it (such as 'User cancelled'); otherwise the session tells. Returns
 * the error, or null when signed in.
 */
async function completeSignIn(): Promise<GrantError | null> {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  const code = query.get('error') || hash.get('error');
  const description = providerDescription(query.get('error_description') || hash.get('error_description'));
  if (code || description) return { code: code || portalAuthErrorCodes.authenticationFailed, description };
  const { data, error } = await authClient.getSession();
  if (error) return { code: portalAuthErrorCodes.authenticationFailed, description: null };
  if (!data?.user) return { code: portalAuthErrorCodes.noSession, description: null };
  return null;
}

export function GrantPage() {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  // The code's sentence from the table, then the provider's description as text.
  const [error, setError] = useState<GrantError | null>(null);

  useEffect(() => {
    let cancelled = false;
    completeSignIn()
      .catch((): GrantError => ({ code: portalAuthErrorCodes.authenticationFailed, description: null }))
      .then(async (failure) => {
        if (cancelled) return;
        if (failure) return setError(failure);
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
        <p className="mt-2 text-gray-700">{authErrorMessage(error.code)}</p>
        {error.description && (
          <p className="mt-1 text-sm break-words text-gray-600" data-testid="provider-error-description">
            {error.description}
          </p>
        )}
        <Button
          className="mt-6 w-full"
          onClick={() => navigate(`/signin?error=${encodeURIComponent(error.code)}`, { replace: true })}
        >
          Return to Login
        </Button>
      </div>
    </main>
  );
}
