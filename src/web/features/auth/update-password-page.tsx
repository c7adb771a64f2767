import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { authClient } from '../../lib/auth-client';
import { api, unwrap } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { passwordResetInput, RESET_EMAIL_STORAGE_KEY } from '../../../shared/auth';
import { authErrorMessage, authFailureMessage, PASSWORD_RULE } from '../../../shared/auth-errors';
import { Button } from '../../components/ui/button';
import { Input, PasswordInput } from '../../components/ui/input';
import { Alert } from '../../components/ui/alert';
import { AuthCard, Field } from './auth-card';

type ResetEmail = { email: string | null; expired: string | null };

/**
 * The account the link is for, asked of the server with the link's token: the link may be opened
 * in another browser than the one that asked for it (where the address was kept). `expired` is the
 * server's sentence when the link stopped working since it was opened. (Guest pages have no query
 * client: one request in an effect.)
 */
function useResetEmail(token: string | null): ResetEmail {
  const [state, setState] = useState<ResetEmail>({ email: null, expired: null });
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    api['password-reset'].email
      .$post({ json: { token } })
      .then((res) => unwrap(res))
      .then(
        ({ email }) => !cancelled && setState({ email, expired: null }),
        // Only a 404 says the link is dead; anything else (a 429, the network) leaves the form as it is.
        (e: unknown) =>
          !cancelled && e instanceof ApiError && e.status === 404 && setState({ email: null, expired: e.message }),
      );
    return () => {
      cancelled = true;
    };
  }, [token]);
  return state;
}

type Values = { password: string; confirm: string };
/** The mismatch is said first: the new password's length matters once it is typed twice alike. */
const firstRefusal = (errors: FieldErrors<Values>) => errors.confirm?.message ?? errors.password?.message;

export function UpdatePasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [storedEmail] = useState(() => localStorage.getItem(RESET_EMAIL_STORAGE_KEY) ?? '');
  const resetEmail = useResetEmail(linkError ? null : token);
  const email = resetEmail.email ?? storedEmail;
  const expired = resetEmail.expired;
  const form = useForm({
    resolver: zodResolver(passwordResetInput),
    defaultValues: { password: '', confirm: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(
    async ({ password }) => {
      setFailure(null);
      try {
        const { error } = await authClient.resetPassword({ newPassword: password, token: token ?? '' });
        // Our server's answer as a sentence from the one table (never a code, never text from the URL).
        if (error) throw new Error(authFailureMessage(error, 'Something went wrong.'));
        localStorage.removeItem(RESET_EMAIL_STORAGE_KEY);
        toast.success('Password successfully changed');
        navigate('/signin', { replace: true });
      } catch (err) {
        const message = err instanceof Error && err.message ? err.message : 'Something went wrong.';
        setFailure(message);
        toast.error(message);
      }
    },
    // The server's rule is said before the round trip, in the words of its refusal (and as a toast, as that is).
    (refused) => {
      setFailure(null);
      if (!refused.confirm && refused.password?.message) toast.error(refused.password.message);
    },
  );
  const error = firstRefusal(errors) ?? failure;

  if (linkError || !token || expired) {
    return (
      <AuthCard title="Update Password">
        <Alert tone="error">
          {linkError
            ? authErrorMessage(linkError)
            : (expired ?? 'Open the link from your password reset email to choose a new password.')}
        </Alert>
        <Button asChild className="mt-4 w-full">
          <Link to="/forget">Request a new link</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Update Password" description="Choose a new password for your account.">
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id="update-email" label="Email">
          <Input id="update-email" type="email" value={email} readOnly aria-readonly="true" />
        </Field>
        <Field id="update-password" label="New Password" hint={PASSWORD_RULE}>
          <PasswordInput
            id="update-password"
            required
            autoComplete="new-password"
            aria-describedby="update-password-hint"
            {...form.register('password')}
          />
        </Field>
        <Field id="update-confirm" label="Confirm Password">
          <PasswordInput id="update-confirm" required autoComplete="new-password" {...form.register('confirm')} />
        </Field>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Updating' : 'Update Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
