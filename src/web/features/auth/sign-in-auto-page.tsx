import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { startGoogleSignIn } from './google-sign-in';
import { portalAuthErrorCodes } from '../../../shared/auth-errors';
import { fetchPublicConfig } from '../../lib/public-config';

/** /signin/auto: starts Google sign-in at once and renders nothing. */
export function SignInAutoPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const config = await fetchPublicConfig().catch(() => ({ googleEnabled: false }));
      if (cancelled) return;
      if (!config.googleEnabled) return portalAuthErrorCodes.googleNotConfigured;
      await startGoogleSignIn();
      return null;
    })()
      .catch(() => portalAuthErrorCodes.googleSignInFailed)
      .then((code) => {
        // The sign-in page shows the code's sentence from the shared table.
        if (code && !cancelled) navigate(`/signin?error=${code}`, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return null;
}
