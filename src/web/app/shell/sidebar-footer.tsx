import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { Check, LogOut } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { loadAuthClient } from '../../lib/load-auth-client';
import { authErrorMessage, authFailureMessage } from '../../../shared/auth-errors';
import { GoogleMark } from './google-mark';
import { publicConfigQuery } from '../../lib/public-config';
import { useAuth } from '../auth-context';
import { useSignOut } from './use-sign-out';

// Google's return to the page the user was on after a failed link: better-auth adds `error=<code>`.
const LINK_PARAM = 'google-link';
const LINK_FAILED = 'failed';

/** The sign-in methods of the signed-in user (better-auth's accounts: 'credential', 'google'). */
function useLinkedProviders(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['me', userId, 'sign-in-methods'],
    enabled: enabled && Boolean(userId),
    queryFn: async () => {
      const authClient = await loadAuthClient();
      const { data, error } = await authClient.listAccounts();
      if (error) throw new Error(authFailureMessage(error, 'Could not check whether Google is connected.'));
      return data.map((account) => account.providerId);
    },
  });
}

/**
 * Says once why connecting Google failed (the code Google's return left in the URL), then tidies
 * the URL. Called by the shell: on a phone the footer is only mounted while the menu is open.
 */
export function useGoogleLinkNotice() {
  const [params, setParams] = useSearchParams();
  const failed = params.get(LINK_PARAM) === LINK_FAILED;
  const code = params.get('error');
  useEffect(() => {
    if (!failed) return;
    toast.error(authErrorMessage(code, 'Google could not be connected. Please try again.'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINK_PARAM);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [failed, code, setParams]);
}

/**
 * Connects the user's Google account to the signed-in one (better-auth account linking), so they
 * can later sign in with either. Shown only when the install has Google sign-in; once linked it
 * just says so.
 */
function ConnectGoogle() {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const config = useQuery(publicConfigQuery);
  const enabled = config.data?.googleEnabled === true;
  const providers = useLinkedProviders(user?.id, enabled);
  const [starting, setStarting] = useState(false);

  if (!enabled || !providers.isSuccess) return null;
  if (providers.data.includes('google')) {
    return (
      <p className="flex items-center justify-center gap-1.5 py-1 text-xs text-gray-600">
        <GoogleMark className="size-4" />
        Google connected
        <Check aria-hidden className="size-3.5 text-green-700" />
      </p>
    );
  }

  const connect = async () => {
    setStarting(true);
    const here = `${pathname}${search}`;
    const failed = new URLSearchParams(search);
    failed.set(LINK_PARAM, LINK_FAILED);
    const authClient = await loadAuthClient();
    const { error } = await authClient.linkSocial({
      provider: 'google',
      callbackURL: here,
      errorCallbackURL: `${pathname}?${failed}`,
    });
    // On success the browser is already leaving for Google; only a failure comes back here.
    if (error) {
      toast.error(authFailureMessage(error, 'Could not start connecting Google.'));
      setStarting(false);
    }
  };

  return (
    <Button variant="outline" className="w-full" disabled={starting} onClick={connect}>
      <GoogleMark className="size-4" />
      Connect Google
    </Button>
  );
}

export function SidebarFooter() {
  const { signOut, pending } = useSignOut();
  return (
    <div className="space-y-1.5 border-t border-gray-200 p-2.5" data-testid="sidebar-footer">
      <ConnectGoogle />
      <Button variant="ghost" className="w-full justify-start" onClick={signOut} disabled={pending}>
        <LogOut />
        Logout
      </Button>
    </div>
  );
}
