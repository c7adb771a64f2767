import { useState } from 'react';
import { Eye, EyeOff, Pencil, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import type { SecretProfileField } from '../../../shared/profile';
import { revealSecret } from './api';
import { describedBy, FormField } from '../../components/ui/form-field';

/**
 * SSN, DOB or EIN: a stored value shows masked, with Reveal (its own audited request; the clear value
 * stays in the field until hidden) and Change (enter a new value). `value` undefined keeps the stored one.
 */
export function SecretField(props: {
  clientId: string;
  field: SecretProfileField;
  id: string;
  label: string;
  hint?: string;
  placeholder?: string;
  masked: string;
  stored: boolean;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  error?: string;
}) {
  const { clientId, field, id, label, hint, masked, stored, value, onChange, error } = props;
  const [revealed, setRevealed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealError, setRevealError] = useState<string | null>(null);
  const editing = !stored || value !== undefined;
  const shownError = error ?? revealError ?? undefined;

  async function reveal() {
    setBusy(true);
    setRevealError(null);
    try {
      setRevealed(await revealSecret(clientId, field));
    } catch (e) {
      setRevealError(e instanceof Error ? e.message : 'Could not reveal the value');
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormField id={id} label={label} hint={hint} error={shownError}>
      <div className="flex flex-wrap gap-2 [&>input]:min-w-40 [&>input]:flex-1">
        {editing ? (
          <Input
            id={id}
            value={value ?? ''}
            placeholder={props.placeholder}
            autoComplete="off"
            aria-describedby={describedBy(id, hint, shownError)}
            aria-invalid={Boolean(error)}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <Input
            id={id}
            readOnly
            value={revealed ?? masked}
            aria-describedby={describedBy(id, hint, shownError)}
            className="font-mono"
          />
        )}
        {stored && !editing && (
          <>
            {revealed === null ? (
              <Button variant="outline" onClick={reveal} disabled={busy} aria-label={`Reveal ${label}`}>
                <Eye /> {busy ? 'Revealing...' : 'Reveal'}
              </Button>
            ) : (
              <Button variant="outline" onClick={() => setRevealed(null)} aria-label={`Hide ${label}`}>
                <EyeOff /> Hide
              </Button>
            )}
            <Button
              variant="outline"
              onClick={() => {
                setRevealed(null);
                onChange('');
              }}
              aria-label={`Change ${label}`}
            >
              <Pencil /> Change
            </Button>
          </>
        )}
        {stored && editing && (
          <Button variant="outline" onClick={() => onChange(undefined)} aria-label={`Keep the stored ${label}`}>
            <X /> Cancel
          </Button>
        )}
      </div>
    </FormField>
  );
}
