import { useState } from 'react';
import { loadAuthClient } from '../../lib/load-auth-client';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { authFailureMessage } from '../../../shared/auth-errors';

/** Shown when a sign-in is refused because the e-mail address is not verified yet. */
export function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [message, setMessage] = useState('');

  async function resend() {
    setState('sending');
    const authClient = await loadAuthClient();
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: '/signin?verified=1' });
    setState(error ? 'failed' : 'sent');
    setMessage(error ? authFailureMessage(error, 'Could not send the email. Please try again.') : '');
  }

  return (
    <Alert tone="warning" className="flex flex-col gap-2">
      <span>Please verify your email address before signing in. Open the confirmation link we sent to {email}.</span>
      {state === 'sent' ? (
        <span className="font-medium">A new confirmation email was sent to {email}.</span>
      ) : (
        <Button variant="outline" size="sm" className="self-start" onClick={resend} disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending...' : 'Resend verification email'}
        </Button>
      )}
      {state === 'failed' && (
        <span className="text-red-700">{message || 'Could not send the email. Please try again.'}</span>
      )}
    </Alert>
  );
}
