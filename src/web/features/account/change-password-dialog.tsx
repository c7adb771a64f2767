import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { useAuth } from '../../app/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { PasswordInput } from '../../components/ui/input';
import { authClient } from '../../lib/auth-client';
import { changePasswordInput } from '../../../shared/auth';
import { authFailureMessage, PASSWORD_RULE } from '../../../shared/auth-errors';
import { FormField, describedBy } from '../../components/ui/form-field';

const empty = { currentPassword: '', newPassword: '', confirm: '' };

/** Panel 4: current, new and confirm (each with show/hide); other sessions are signed out. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  // Checked as they are typed; Update Password waits until all is well.
  const form = useForm({ resolver: zodResolver(changePasswordInput), defaultValues: empty, mode: 'onChange' });
  const { errors, dirtyFields, isValid, isSubmitting: busy } = form.formState;
  const [error, setError] = useState<string | null>(null);

  // An empty box is not refused yet: the button says it is missing.
  const nextError = dirtyFields.newPassword ? errors.newPassword?.message : undefined;
  const confirmError = dirtyFields.confirm ? errors.confirm?.message : undefined;
  const field = (name: keyof typeof empty) =>
    form.register(name, {
      onChange: () => setError(null),
      deps: name === 'newPassword' ? ['confirm'] : undefined,
    });

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      form.reset();
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      const { error: err } = await authClient.changePassword({
        currentPassword,
        newPassword,
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
      form.reset();
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Failed to update password');
    }
  });

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
              required
              {...field('currentPassword')}
            />
          </FormField>
          <FormField id="new-password" label="New Password" hint={PASSWORD_RULE} error={nextError}>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              aria-describedby={describedBy('new-password', true, nextError)}
              aria-invalid={Boolean(nextError)}
              {...field('newPassword')}
            />
          </FormField>
          <FormField id="confirm-password" label="Confirm Password" error={confirmError}>
            <PasswordInput
              id="confirm-password"
              autoComplete="new-password"
              aria-describedby={describedBy('confirm-password', false, confirmError)}
              aria-invalid={Boolean(confirmError)}
              {...field('confirm')}
            />
          </FormField>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid || busy}>
              {busy ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
