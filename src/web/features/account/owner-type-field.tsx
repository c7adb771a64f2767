import { useState } from 'react';
import { Input } from '../../components/ui/input';
import { MULTIPLE_OWNERS_HINT, normalizeOwnerCount, ownersForType } from '../../../shared/profile';
import { describedBy, FormField } from '../../components/ui/form-field';

type OwnerType = 'sole' | 'multiple';

/** Sole or multiple owners; the count input shows only for multiple. */
export function OwnerTypeField({
  ownerType,
  numberOfOwners,
  onChange,
  error,
}: {
  ownerType: OwnerType;
  numberOfOwners: number;
  onChange: (next: { ownerType: OwnerType; numberOfOwners: number }) => void;
  error?: string;
}) {
  // What the person is typing; normalised (non-numeric or below 1 becomes 1) as they type.
  const [draft, setDraft] = useState<string | null>(null);
  const choose = (type: OwnerType) => {
    setDraft(null);
    onChange({ ownerType: type, numberOfOwners: ownersForType(type, numberOfOwners) });
  };
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="text-sm font-medium text-gray-800">Owner Type</legend>
      <div className="flex flex-wrap gap-4">
        {(
          [
            ['sole', 'Sole owner'],
            ['multiple', 'Multiple owners'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="ownerType"
              value={value}
              checked={ownerType === value}
              onChange={() => choose(value)}
              className="size-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </div>
      {ownerType === 'multiple' && (
        <FormField
          id="numberOfOwners"
          label="Number of Owners"
          hint={MULTIPLE_OWNERS_HINT}
          error={error}
          className="max-w-xs"
        >
          <Input
            id="numberOfOwners"
            inputMode="numeric"
            value={draft ?? String(numberOfOwners)}
            aria-describedby={describedBy('numberOfOwners', true, error)}
            aria-invalid={Boolean(error)}
            onChange={(e) => {
              setDraft(e.target.value);
              if (e.target.value.trim() !== '')
                onChange({ ownerType, numberOfOwners: normalizeOwnerCount(e.target.value) });
            }}
            onBlur={() => {
              if (draft !== null) onChange({ ownerType, numberOfOwners: normalizeOwnerCount(draft) });
              setDraft(null);
            }}
          />
        </FormField>
      )}
    </fieldset>
  );
}
