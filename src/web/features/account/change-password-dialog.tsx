import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useAuth } from '../../app/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { PasswordInput } from '../../components/ui/input';
import { authClient } from '../../lib/auth-client';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth';
import { authFailureMessage, PASSWORD_RULE } from '../../../shared/auth-errors';
import { FormField, describedBy } from '../../components/ui/form-field';

const empty = { current: '', next: '', confirm: '' };

/** Panel 4: current, new and confirm (each with show/hide); other sessions are signed out. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const nextError =
    values.next && values.next.length < PASSWORD_MIN_LENGTH ? `Minimum ${PASSWORD_MIN_LENGTH} characters` : undefined;
  const confirmError = values.confirm && values.confirm !== values.next ? 'Passwords do not match' : undefined;
  const valid = values.current !== '' && values.next.length >= PASSWORD_MIN_LENGTH && values.confirm === values.next;

  const change = (key: keyof typeof empty) => (e: { target: { value: string } }) => {
    setError(null);
    setValues((v) => ({ ...v, [key]: e.target.value }));
  };
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setValues(empty);
      setError(null);
    }
    onOpenChange(next);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { error: err } = await authClient.changePassword({
        currentPassword: values.current,
        newPassword: values.next,
        revokeOtherSessions: true,
      });
      if (err) {
        // INVALID_PASSWORD reads 'Current password is incorrect'; an unknown code the original product's 'Failed to update password'.
        setError(authFailureMessage(err, 'Failed to update password'));
        return;
      }
      toast.success('Password changed successfully');
      await refresh();
      await queryClient.invalidateQueries({ queryKey: ['clients'] });
      setBusy(false);
      setValues(empty);
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Failed to update password');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Change Password"
        description="Enter your current password and choose a new one. Your other devices will be signed out."
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <FormField id="current-password" label="Current Password">
            <PasswordInput
              id="current-password"
              autoComplete="current-password"
              value={values.current}
              onChange={change('current')}
              required
            />
          </FormField>
          <FormField id="new-password" label="New Password" hint={PASSWORD_RULE} error={nextError}>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              value={values.next}
              onChange={change('next')}
              aria-describedby={describedBy('new-password', true, nextError)}
              aria-invalid={Boolean(nextError)}
            />
          </FormField>
          <FormField id="confirm-password" label="Confirm Password" error={confirmError}>
            <PasswordInput
              id="confirm-password"
              autoComplete="new-password"
              value={values.confirm}
              onChange={change('confirm')}
              aria-describedby={describedBy('confirm-password', false, confirmError)}
              aria-invalid={Boolean(confirmError)}
            />
          </FormField>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid || busy}>
              {busy ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
