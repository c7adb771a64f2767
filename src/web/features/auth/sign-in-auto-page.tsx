import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { GOOGLE_NOT_CONFIGURED, startGoogleSignIn } from './google-sign-in';
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
      if (!config.googleEnabled) throw new Error(GOOGLE_NOT_CONFIGURED);
      await startGoogleSignIn();
    })().catch((e: unknown) => {
      if (!cancelled) navigate(`/signin?error=${encodeURIComponent(e instanceof Error ? e.message : String(e))}`, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return null;
}
