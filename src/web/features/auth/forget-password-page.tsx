import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { authClient } from '../../lib/auth-client';
import { passwordResetRequestInput, RESET_EMAIL_STORAGE_KEY } from '../../../shared/auth';
import { authFailureMessage } from '../../../shared/auth-errors';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Alert } from '../../components/ui/alert';
import { AuthCard, Field } from './auth-card';

const FAILED = 'An error occurred during sign in';

export function ForgetPasswordPage() {
  // The browser checks the address first (the input's type and `required`); the schema after it.
  const form = useForm({ resolver: zodResolver(passwordResetRequestInput), defaultValues: { email: '' } });
  const { isSubmitting, errors } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/update-password' });
      if (error) throw new Error(authFailureMessage(error, FAILED));
      localStorage.setItem(RESET_EMAIL_STORAGE_KEY, email);
      setSent(true);
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : FAILED);
    }
  });

  const error = errors.email?.message ?? failure;
  return (
    <AuthCard
      title="Forget Password"
      description="Enter your email and we will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id="forget-email" label="Email">
          <Input id="forget-email" type="email" required autoComplete="email" {...form.register('email')} />
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
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending' : 'Send Email'}
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
