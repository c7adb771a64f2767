import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../auth-context';

/** Shared by the top bar's Sign Out and the sidebar's Logout, which the spec makes identical. */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await signOut();
      navigate('/signin', { replace: true });
    } catch {
      // The session is still valid when this fails, so stay put and say so.
      toast.error('Could not sign out. Please try again.');
    } finally {
      setPending(false);
    }
  }, [signOut, navigate]);
  return { signOut: run, pending };
}
