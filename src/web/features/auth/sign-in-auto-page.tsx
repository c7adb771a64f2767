import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { startGoogleSignIn } from './google-sign-in';
import { portalAuthErrorCodes } from '../../../shared/auth-errors';
import { publicConfigQuery } from '../../lib/public-config';
import { useQueryClient } from '@tanstack/react-query';

/** /signin/auto: starts Google sign-in at once and renders nothing. */
export function SignInAutoPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const config = await queryClient.fetchQuery(publicConfigQuery).catch(() => ({ googleEnabled: false }));
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
  }, [navigate, queryClient]);
  return null;
}
