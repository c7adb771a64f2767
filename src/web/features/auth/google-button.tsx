import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { GOOGLE_NOT_CONFIGURED, startGoogleSignIn } from './google-sign-in';
import { usePublicConfig } from '../../lib/public-config';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

/** 'Sign In with Google' / 'Sign Up with Google'; says so plainly when the install has no Google credentials. */
export function GoogleButton({
  label,
  busyLabel,
  disabled,
  onError,
}: {
  label: string;
  busyLabel: string;
  disabled?: boolean;
  onError: (message: string) => void;
}) {
  const config = usePublicConfig();
  const [busy, setBusy] = useState(false);
  const enabled = config.data?.googleEnabled === true;

  async function go() {
    setBusy(true);
    try {
      await startGoogleSignIn();
    } catch (e) {
      onError(`Error signing in with Google: ${e instanceof Error ? e.message : String(e)}`);
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="outline"
        className="w-full"
        onClick={go}
        disabled={disabled || busy || !enabled}
        aria-describedby={enabled ? undefined : 'google-unavailable'}
      >
        <GoogleMark />
        {busy ? busyLabel : label}
      </Button>
      {config.isSuccess && !enabled && (
        <p id="google-unavailable" className="text-center text-xs text-gray-500">
          {GOOGLE_NOT_CONFIGURED}
        </p>
      )}
    </div>
  );
}
