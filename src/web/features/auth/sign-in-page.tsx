import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loadAuthClient } from '../../lib/load-auth-client';
import { useAuth } from '../../app/auth-context';
import { SIGNIN_REQUIRED_MESSAGE } from '../../../shared/auth-messages';
import {
  authErrorMessage,
  authFailureMessage,
  SIGN_IN_CODE_SENT,
  SIGN_IN_CODE_SENT_CODE,
  SIGN_IN_CODE_WRONG_CODE,
} from '../../../shared/auth-errors';
import { Button } from '../../components/ui/button';
import { Input, PasswordInput } from '../../components/ui/input';
import { Alert } from '../../components/ui/alert';
import { AuthCard, Field, OrDivider } from './auth-card';
import { GoogleButton } from './google-button';

// Shown only to an account not verified yet: loaded then, not with the page.
const ResendVerification = lazy(() => import('./resend-verification').then((m) => ({ default: m.ResendVerification })));
// Only for an account with two-factor sign-in, after the password (or after Google: ?two-factor=1).
const TwoFactorPrompt = lazy(() =>
  import('../two-factor/two-factor-prompt').then((m) => ({ default: m.TwoFactorPrompt })),
);

export function SignInPage() {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() =>
    params.get('error') ? authErrorMessage(params.get('error')) : null,
  );
  const [unverified, setUnverified] = useState(false);
  const [twoFactor, setTwoFactor] = useState(() => params.get('two-factor') === '1');
  // Set once the server asked for the code it e-mails (many wrong passwords were tried on the account).
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');

  async function signIn(withCode: boolean) {
    setError(null);
    setUnverified(false);
    if (!email.trim() || !password) {
      setError(SIGNIN_REQUIRED_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      const authClient = await loadAuthClient();
      // `code` is the portal's own field (server auth/sign-in-guard.ts): better-auth's types do not know it.
      const body = { email: email.trim(), password, ...(withCode && code.trim() ? { code: code.trim() } : {}) };
      const { data, error: failure } = await authClient.signIn.email(body as { email: string; password: string });
      if (failure) {
        if (failure.code === 'EMAIL_NOT_VERIFIED') setUnverified(true);
        else if (failure.code === SIGN_IN_CODE_SENT_CODE || failure.code === SIGN_IN_CODE_WRONG_CODE) {
          setAskCode(true);
          if (failure.code === SIGN_IN_CODE_WRONG_CODE) setError(authFailureMessage(failure));
          else setCode('');
        } else setError(authFailureMessage(failure, 'An error occurred during sign in'));
        return;
      }
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        setPassword('');
        setTwoFactor(true);
        return;
      }
      if (data?.user) {
        await refresh();
        navigate('/', { replace: true });
      }
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'An error occurred during sign in');
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void signIn(askCode);
  }

  if (twoFactor) {
    return (
      <AuthCard
        title="Two-Factor Sign-In"
        description="Enter the 6-digit code from your authenticator app to finish signing in."
      >
        <Suspense fallback={<p className="text-sm text-gray-600">Loading...</p>}>
          <TwoFactorPrompt
            onSignedIn={async () => {
              await refresh();
              navigate('/', { replace: true });
            }}
            onBack={() => {
              setTwoFactor(false);
              setParams({}, { replace: true });
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign In" description="Welcome back. Sign in to continue your build-out.">
      {params.get('verified') === '1' && !params.get('error') && (
        <Alert tone="success" className="mb-4">
          Your email is verified. You can sign in now.
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="signin-email" label="Email">
          <Input
            id="signin-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field id="signin-password" label="Password">
          <PasswordInput
            id="signin-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="-mt-2 text-right">
          <Link to="/forget" className="text-sm text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        {askCode && (
          <>
            <Alert tone="info">{SIGN_IN_CODE_SENT}</Alert>
            <Field id="signin-code" label="Sign-in code">
              <Input
                id="signin-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </Field>
            <button
              type="button"
              className="-mt-2 self-end text-sm text-brand-700 hover:underline disabled:opacity-50"
              disabled={busy}
              onClick={() => void signIn(false)}
            >
              Send a new code
            </button>
          </>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {unverified && (
          <Suspense fallback={null}>
            <ResendVerification email={email.trim()} />
          </Suspense>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing In' : 'Sign In'}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton label="Sign In with Google" busyLabel="Signing In with Google" disabled={busy} onError={setError} />
      <p className="mt-6 text-center text-sm text-gray-600">
        New here?{' '}
        <Link to="/signup" className="font-medium text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
