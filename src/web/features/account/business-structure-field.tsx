import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { businessStructureByValue, businessStructures } from '../../../shared/business-structures';
import { describedBy, FormField, selectClass } from '../../components/ui/form-field';

/** The six business structures; the chosen one's description, pros and cons below the select. */
export function BusinessStructureField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const selected = businessStructureByValue(value);
  const id = 'businessStructure';
  return (
    <FormField id={id} label="Business Structure" error={error} className="sm:col-span-2">
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy(id, selected, error)}
      >
        <option value="">Select a business structure</option>
        {businessStructures.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      {selected && (
        <div id={`${id}-hint`} className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
          <p>{selected.description}</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <div>
              <p className="flex items-center gap-1.5 font-medium text-green-800">
                <ThumbsUp className="size-4" aria-hidden="true" /> Pros
              </p>
              <ul className="mt-1 list-disc pl-5">
                {selected.pros.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
            <div>
              <p className="flex items-center gap-1.5 font-medium text-amber-800">
                <ThumbsDown className="size-4" aria-hidden="true" /> Cons
              </p>
              <ul className="mt-1 list-disc pl-5">
                {selected.cons.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      )}
    </FormField>
  );
}
