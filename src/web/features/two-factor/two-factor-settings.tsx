import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useAuth } from '../../app/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/input';
import { twoFactorConfirmInput } from '../../../shared/two-factor-input';
import { CodeField } from './code-input';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetupFlow } from './two-factor-setup';
import { twoFactorApi } from './two-factor-api';
import { usePublicConfig } from '../../lib/public-config';
import { useCodeForm } from './use-code-form';

function TurnOffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { refresh } = useAuth();
  const { form, error, busy, onSubmit, clear } = useCodeForm(twoFactorConfirmInput, { password: '', code: '' });
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) clear();
    onOpenChange(next);
  };
  const submit = onSubmit(async ({ password, code }) => {
    await twoFactorApi.disable(password, code);
    await refresh();
    toast.success('Two-factor sign-in is off');
    form.reset();
    onOpenChange(false);
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Turn Off Two-Factor Sign-In"
        description="Signing in will ask for your password only. Enter your password and a current code from your app."
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id="tf-off-password" label="Password">
            <PasswordInput id="tf-off-password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <CodeField id="tf-off-code" field={form.register('code')} />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Turning Off...' : 'Turn Off'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function NewCodesDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const { form, error, busy, onSubmit, clear } = useCodeForm(twoFactorConfirmInput, { password: '', code: '' });
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      clear();
      setCodes(null);
    }
    onOpenChange(next);
  };
  const submit = onSubmit(async ({ password, code }) => {
    const res = await twoFactorApi.newRecoveryCodes(password, code);
    form.reset();
    setCodes(res.backupCodes);
  });
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="New Recovery Codes"
        description="New codes replace all earlier ones, used or not. Enter your password and a current code from your app."
      >
        {codes ? (
          <div className="flex flex-col gap-4">
            <RecoveryCodes codes={codes} email={email} />
            <Button className="self-end" onClick={() => close(false)}>
              Done
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <FormField id="tf-codes-password" label="Password">
              <PasswordInput id="tf-codes-password" autoComplete="current-password" {...form.register('password')} />
            </FormField>
            <CodeField id="tf-codes-code" field={form.register('code')} />
            {error && <Alert tone="error">{error}</Alert>}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Making Codes...' : 'Make New Codes'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** My Account > Security Settings: the signed-in user's own two-factor sign-in (never another's). */
export function TwoFactorSettings() {
  const { user, refresh, isAdmin } = useAuth();
  const config = usePublicConfig();
  // REQUIRE_ADMIN_2FA: the server refuses an administrator's Turn Off too.
  const mustKeep = isAdmin && (config.data?.requireAdmin2fa ?? true);
  const [settingUp, setSettingUp] = useState(false);
  const [dialog, setDialog] = useState<'off' | 'codes' | null>(null);
  if (!user) return null;
  const on = Boolean(user.twoFactorEnabled);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" /> Two-Factor Sign-In
        </CardTitle>
        <CardDescription>
          A code from an app on your phone, asked after your password, keeps your account safe even if your password is
          stolen.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {settingUp ? (
          <TwoFactorSetupFlow
            email={user.email}
            onEnabled={refresh}
            onDone={() => setSettingUp(false)}
            onCancel={() => setSettingUp(false)}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm font-medium text-gray-900">Status</p>
              <p className="text-sm text-gray-600">
                {on ? 'On: signing in asks for a code from your app.' : 'Off: signing in asks for your password only.'}
              </p>
            </div>
            {on ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setDialog('codes')}>
                  New Recovery Codes
                </Button>
                {!mustKeep && (
                  <Button variant="outline" onClick={() => setDialog('off')}>
                    Turn Off
                  </Button>
                )}
              </div>
            ) : (
              <Button onClick={() => setSettingUp(true)}>Turn On</Button>
            )}
          </div>
        )}
        {on && mustKeep && !settingUp && (
          <p className="text-xs text-gray-500">Administrators must keep two-factor sign-in on.</p>
        )}
        <TurnOffDialog open={dialog === 'off'} onOpenChange={(o) => setDialog(o ? 'off' : null)} />
        <NewCodesDialog
          open={dialog === 'codes'}
          onOpenChange={(o) => setDialog(o ? 'codes' : null)}
          email={user.email}
        />
      </CardContent>
    </Card>
  );
}
