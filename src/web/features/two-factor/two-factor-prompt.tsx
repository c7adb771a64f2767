import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { isTotpCode, normalizeTotpCode, TWO_FACTOR_CODE_REQUIRED } from '../../../shared/two-factor';
import { CodeField } from './code-input';
import { twoFactorApi } from './two-factor-api';

/**
 * The second step of signing in (after the password, or after Google): a code from the
 * authenticator app, or one of the recovery codes.
 */
export function TwoFactorPrompt({ onSignedIn, onBack }: { onSignedIn: () => Promise<void>; onBack: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = useRecovery ? code.trim() : normalizeTotpCode(code);
    if (useRecovery ? !value : !isTotpCode(value)) {
      setError(useRecovery ? 'Enter one of your recovery codes.' : TWO_FACTOR_CODE_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (useRecovery ? twoFactorApi.verifyRecoveryCode(value) : twoFactorApi.verifyTotp(value));
      await onSignedIn();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The code could not be checked.');
      setBusy(false);
    }
  }

  const toggle = () => {
    setUseRecovery((r) => !r);
    setCode('');
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {useRecovery ? (
        <FormField
          id="signin-recovery-code"
          label="Recovery code"
          hint="One of the codes you saved when you turned on two-factor sign-in. Each works once."
        >
          <Input
            id="signin-recovery-code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-describedby="signin-recovery-code-hint"
            className="font-mono"
          />
        </FormField>
      ) : (
        <CodeField id="signin-code" value={code} onChange={setCode} />
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Verifying' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button variant="link" className="h-auto p-0" onClick={toggle} disabled={busy}>
          {useRecovery ? 'Use a code from your app' : 'Use a recovery code'}
        </Button>
        <Button variant="link" className="h-auto p-0" onClick={onBack} disabled={busy}>
          Back to Sign In
        </Button>
      </div>
    </form>
  );
}
