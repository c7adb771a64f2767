import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { recoveryCodeInput, totpCodeInput } from '../../../shared/two-factor-input';
import { CodeField } from './code-input';
import { twoFactorApi } from './two-factor-api';
import { useCodeForm } from './use-code-form';

type Props = { onSignedIn: () => Promise<void>; onBack: () => void };

/**
 * The second step of signing in (after the password, or after Google): a code from the
 * authenticator app, or one of the recovery codes.
 */
export function TwoFactorPrompt(props: Props) {
  const [useRecovery, setUseRecovery] = useState(false);
  // A new form for each kind of code: switching empties the box and forgets the last refusal.
  return (
    <CodeForm
      key={useRecovery ? 'recovery' : 'app'}
      useRecovery={useRecovery}
      onToggle={() => setUseRecovery((r) => !r)}
      {...props}
    />
  );
}

function CodeForm({
  useRecovery,
  onToggle,
  onSignedIn,
  onBack,
}: Props & { useRecovery: boolean; onToggle: () => void }) {
  const schema = useRecovery ? recoveryCodeInput : totpCodeInput;
  const { form, error, busy, onSubmit } = useCodeForm(schema, { code: '' }, 'The code could not be checked.');
  const submit = onSubmit(async ({ code }) => {
    await (useRecovery ? twoFactorApi.verifyRecoveryCode(code) : twoFactorApi.verifyTotp(code));
    await onSignedIn();
  });

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
            aria-describedby="signin-recovery-code-hint"
            className="font-mono"
            {...form.register('code')}
          />
        </FormField>
      ) : (
        <CodeField id="signin-code" field={form.register('code')} />
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Verifying' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button variant="link" className="h-auto p-0" onClick={onToggle} disabled={busy}>
          {useRecovery ? 'Use a code from your app' : 'Use a recovery code'}
        </Button>
        <Button variant="link" className="h-auto p-0" onClick={onBack} disabled={busy}>
          Back to Sign In
        </Button>
      </div>
    </form>
  );
}
