import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { closeApi, openApi } from '../../lib/api-gate';
import { useAuth } from '../auth-context';
import { forgetThisBrowser } from '../../features/push/api';

/**
 * Shared by the top bar's Sign Out and the sidebar's Logout, which the original product makes identical.
 * Signing out stops every query first: the API gate closes (requests in flight are answered, no new
 * one starts, so polling and refetches cannot meet the ended session with a 401), then the session
 * ends and the query cache is cleared (auth-context). The gate opens again when the next session
 * begins (auth-context), and the signed-in app starts with an empty cache (signed-in-app.tsx).
 */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    setPending(true);
    // This browser's Web Push ends with the session: a shared computer shows the next person nothing of this one's.
    await forgetThisBrowser();
    await closeApi();
    try {
      await signOut();
    } catch {
      // The session is still valid when this fails, so stay put and say so.
      openApi();
      toast.error('Could not sign out. Please try again.');
      setPending(false);
      return;
    }
    navigate('/signin', { replace: true });
  }, [signOut, navigate]);
  return { signOut: run, pending };
}
