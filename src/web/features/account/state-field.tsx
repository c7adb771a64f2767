import { usStates } from '../../../shared/us-states';
import { describedBy, FormField, selectClass } from '../../components/ui/form-field';

const FEE_NOTE = 'Secretary of State formation fees above $500 are invoiced as an additional charge.';

/** credit_profile: the US state (or DC) where the business will be located. */
export function StateField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const id = 'creditProfile';
  return (
    <FormField id={id} label="State of Formation" hint={FEE_NOTE} error={error}>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy(id, FEE_NOTE, error)}
      >
        <option value="">Select a state</option>
        {usStates.map(([code, name]) => (
          <option key={code} value={name}>
            {name}
          </option>
        ))}
      </select>
    </FormField>
  );
}
