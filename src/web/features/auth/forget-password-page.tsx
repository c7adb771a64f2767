import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authClient } from '../../lib/auth-client';
import { RESET_EMAIL_STORAGE_KEY } from '../../../shared/auth';
import { authFailureMessage } from '../../../shared/auth-errors';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Alert } from '../../components/ui/alert';
import { AuthCard, Field } from './auth-card';

export function ForgetPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { error: failure } = await authClient.requestPasswordReset({
        email: email.trim(),
        redirectTo: '/update-password',
      });
      if (failure) throw new Error(authFailureMessage(failure, 'An error occurred during sign in'));
      localStorage.setItem(RESET_EMAIL_STORAGE_KEY, email.trim());
      setSent(true);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'An error occurred during sign in');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forget Password"
      description="Enter your email and we will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id="forget-email" label="Email">
          <Input
            id="forget-email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        {sent && (
          <Alert tone="success">
            <strong>Email Sent Successfully</strong>
            <span className="block">
              If an account exists for {email.trim()}, the email has a link that works once, for one hour.
            </span>
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Sending' : 'Send Email'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Remembered it?{' '}
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
