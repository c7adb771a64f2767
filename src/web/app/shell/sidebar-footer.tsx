import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { loadAuthClient } from '../../lib/load-auth-client';
import { authFailureMessage } from '../../../shared/auth-errors';
import { GoogleMark } from './google-mark';
import { publicConfigQuery } from '../../lib/public-config';
import { useSignOut } from './use-sign-out';

function GoogleSignInButton() {
  const config = useQuery(publicConfigQuery);
  const [starting, setStarting] = useState(false);
  const enabled = config.data?.googleEnabled === true;
  // Tell the user why the button does nothing instead of leaving a dead control. The pending text
  // also keeps the footer's height steady, so the sidebar does not shift once the answer arrives.
  const note = config.isPending
    ? 'Checking Google sign-in...'
    : config.isError
      ? 'Could not check whether Google sign-in is available.'
      : enabled
        ? null
        : 'Google sign-in is not configured';

  const start = async () => {
    setStarting(true);
    const authClient = await loadAuthClient();
    const { error } = await authClient.signIn.social({
      provider: 'google',
      callbackURL: '/signup/v/user/grant',
      errorCallbackURL: '/signup/v/user/grant',
    });
    // On success the browser is already leaving for Google; only a failure comes back here.
    if (error) {
      toast.error(authFailureMessage(error, 'Could not start Google sign-in.'));
      setStarting(false);
    }
  };

  return (
    <div>
      <Button
        variant="outline"
        className="w-full"
        disabled={!enabled || starting}
        onClick={start}
        title={note ?? undefined}
        aria-describedby={note ? 'google-signin-note' : undefined}
      >
        <GoogleMark className="size-4" />
        Sign In<span className="sr-only"> with Google</span>
      </Button>
      {note && (
        <p id="google-signin-note" className="mt-1 text-center text-xs text-gray-500">
          {note}
        </p>
      )}
    </div>
  );
}

export function SidebarFooter() {
  const { signOut, pending } = useSignOut();
  return (
    <div className="space-y-1.5 border-t border-gray-200 p-2.5">
      <GoogleSignInButton />
      <Button variant="ghost" className="w-full justify-start" onClick={signOut} disabled={pending}>
        <LogOut />
        Logout
      </Button>
    </div>
  );
}
