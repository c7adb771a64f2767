import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { signupInput, signupSuccessMessage, type SignupInput } from '../../../shared/auth';
import { PASSWORD_RULE } from '../../../shared/auth-errors';
import { branding } from '../../../shared/branding';
import { api } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Input, PasswordInput } from '../../components/ui/input';
import { Alert } from '../../components/ui/alert';
import { AuthCard, Field, OrDivider } from './auth-card';
import { GoogleButton } from './google-button';

type SignupResponse = { ok?: boolean; success?: boolean; message?: string; error?: string };

export function SignUpPage() {
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupInput),
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });
  const { isSubmitting, errors } = form.formState;
  const firstError = Object.values(errors)[0]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const res = await api.signup.$post({ json: { ...values, initiator: window.location.origin } });
      const body = (await res.json().catch(() => ({}))) as SignupResponse;
      if (!res.ok || !body.success) {
        setServerError(body.message || body.error || 'Error');
        return;
      }
      form.reset();
      setSuccess(signupSuccessMessage(values.email));
      if (branding.congratsUrl) window.location.assign(branding.congratsUrl);
    } catch {
      setServerError('Error');
    }
  });

  if (success) {
    return (
      <AuthCard title="Check your email">
        <div className="flex flex-col items-center gap-4 text-center" role="status">
          <CheckCircle2 className="size-12 text-green-600" aria-hidden="true" />
          <p className="text-gray-800">{success}</p>
          <Button asChild className="w-full">
            <Link to="/signin">Go to Sign In</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  const error = firstError ?? serverError;
  return (
    <AuthCard title="Sign Up" description="Create your account to start your business build-out.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="signup-name" label="Full Name">
          <Input id="signup-name" autoComplete="name" {...form.register('name')} />
        </Field>
        <Field id="signup-email" label="Email">
          <Input id="signup-email" type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field id="signup-phone" label="Phone Number">
          <Input id="signup-phone" type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <Field id="signup-password" label="Password" hint={PASSWORD_RULE}>
          <PasswordInput
            id="signup-password"
            autoComplete="new-password"
            aria-describedby="signup-password-hint"
            {...form.register('password')}
          />
        </Field>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing Up' : 'Sign Up'}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign Up with Google"
        busyLabel="Signing In with Google"
        disabled={isSubmitting}
        onError={setServerError}
      />
      <p className="mt-6 text-center text-sm text-gray-600">
        Already have an account?{' '}
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
