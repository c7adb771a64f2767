import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/input';
import { totpCodeInput, twoFactorPasswordInput } from '../../../shared/two-factor-input';
import { CodeField } from './code-input';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';
import { secretOf, twoFactorApi, type TwoFactorSetup } from './two-factor-api';
import { useCodeForm } from './use-code-form';

type Step = { name: 'password' } | { name: 'scan'; setup: TwoFactorSetup } | { name: 'codes'; codes: string[] };

/**
 * Turning two-factor sign-in on: the password again, then the QR code and its key as text, a code
 * to prove the app has it, then the recovery codes (shown once). `onEnabled` runs when the code is
 * accepted (two-factor is on from then), `onDone` when the person has their recovery codes.
 */
export function TwoFactorSetupFlow({
  email,
  onEnabled,
  onDone,
  onCancel,
  idPrefix = 'tf',
}: {
  email: string;
  onEnabled?: () => void | Promise<void>;
  onDone: () => void;
  onCancel?: () => void;
  idPrefix?: string;
}) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const passwordForm = useCodeForm(twoFactorPasswordInput, { password: '' });
  const codeForm = useCodeForm(totpCodeInput, { code: '' });

  const submitPassword = passwordForm.onSubmit(async ({ password }) => {
    const setup = await twoFactorApi.enable(password);
    passwordForm.form.reset();
    setStep({ name: 'scan', setup });
  });

  const submitCode = codeForm.onSubmit(async ({ code }) => {
    if (step.name !== 'scan') return;
    await twoFactorApi.verifyTotp(code);
    codeForm.form.reset();
    setStep({ name: 'codes', codes: step.setup.backupCodes });
    await onEnabled?.();
  });

  if (step.name === 'password') {
    return (
      <form onSubmit={submitPassword} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">
          Confirm it is you: enter your password. You need an authenticator app on your phone (Google Authenticator,
          Microsoft Authenticator, 1Password, ...).
        </p>
        <FormField id={`${idPrefix}-password`} label="Password">
          <PasswordInput
            id={`${idPrefix}-password`}
            autoComplete="current-password"
            {...passwordForm.form.register('password')}
          />
        </FormField>
        {passwordForm.error && <Alert tone="error">{passwordForm.error}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={passwordForm.busy}>
            {passwordForm.busy ? 'Checking...' : 'Continue'}
          </Button>
          {onCancel && (
            <Button variant="outline" onClick={onCancel} disabled={passwordForm.busy}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    );
  }

  if (step.name === 'scan') {
    return (
      <form onSubmit={submitCode} noValidate className="flex flex-col gap-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
          <li>Scan this QR code with your authenticator app.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <QrCode value={step.setup.totpURI} />
          <div className="min-w-0 flex-1">
            <p id={`${idPrefix}-secret-label`} className="text-sm font-medium text-gray-800">
              Can't scan? Type this key
            </p>
            <p
              aria-labelledby={`${idPrefix}-secret-label`}
              data-testid="two-factor-secret"
              className="mt-1 break-all rounded-md border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-900"
            >
              {secretOf(step.setup.totpURI)}
            </p>
          </div>
        </div>
        <CodeField id={`${idPrefix}-code`} field={codeForm.form.register('code')} />
        {codeForm.error && <Alert tone="error">{codeForm.error}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={codeForm.busy}>
            {codeForm.busy ? 'Verifying...' : 'Verify and Turn On'}
          </Button>
          {onCancel && (
            <Button variant="outline" onClick={onCancel} disabled={codeForm.busy}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">Two-factor sign-in is on. From now on, signing in asks for a code from your app.</Alert>
      <h3 className="text-sm font-semibold text-gray-900">Save your recovery codes</h3>
      <RecoveryCodes codes={step.codes} email={email} />
      <Button className="self-start" onClick={onDone}>
        I Saved My Recovery Codes
      </Button>
    </div>
  );
}
