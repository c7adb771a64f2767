import { useState } from 'react';
import { Input } from '../../components/ui/input';
import { AGREEMENT_MESSAGE, AGREEMENT_TEXT } from '../../../shared/profile';
import { describedBy, FormField } from '../../components/ui/form-field';

export const agreementMatches = (v: string) => v.trim().toUpperCase() === AGREEMENT_TEXT;

/** 'I AGREE' (any case). The message shows after leaving the field with other text and clears on typing. */
export function AgreementField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [error, setError] = useState(false);
  const id = 'agreement';
  const hint =
    'By typing I AGREE you confirm the information above is correct and authorise us to use it to set up your business.';
  return (
    <FormField
      id={id}
      label={`Type "${AGREEMENT_TEXT}" to confirm`}
      hint={hint}
      error={error ? AGREEMENT_MESSAGE : undefined}
      className="sm:col-span-2"
    >
      <Input
        id={id}
        value={value}
        autoComplete="off"
        placeholder={AGREEMENT_TEXT}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error}
        onChange={(e) => {
          setError(false);
          onChange(e.target.value);
        }}
        onBlur={() => setError(value.trim() !== '' && !agreementMatches(value))}
      />
    </FormField>
  );
}
