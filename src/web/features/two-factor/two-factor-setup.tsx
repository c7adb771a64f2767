import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/input';
import { isTotpCode, normalizeTotpCode, TWO_FACTOR_CODE_REQUIRED } from '../../../shared/two-factor';
import { CodeField } from './code-input';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';
import { secretOf, twoFactorApi, type TwoFactorSetup } from './two-factor-api';

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
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Enter your password.');
    void run(async () => {
      const setup = await twoFactorApi.enable(password);
      setPassword('');
      setStep({ name: 'scan', setup });
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (step.name !== 'scan') return;
    if (!isTotpCode(code)) return setError(TWO_FACTOR_CODE_REQUIRED);
    void run(async () => {
      await twoFactorApi.verifyTotp(normalizeTotpCode(code));
      setCode('');
      setStep({ name: 'codes', codes: step.setup.backupCodes });
      await onEnabled?.();
    });
  };

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
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking...' : 'Continue'}
          </Button>
          {onCancel && (
            <Button variant="outline" onClick={onCancel} disabled={busy}>
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
        <CodeField id={`${idPrefix}-code`} value={code} onChange={setCode} />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Verifying...' : 'Verify and Turn On'}
          </Button>
          {onCancel && (
            <Button variant="outline" onClick={onCancel} disabled={busy}>
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
