import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormField, describedBy } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { CAPITAL_SCORE, PAYDEX_SCORE, SCORE_MESSAGES, capitalScoreInput, paydexScoreInput } from '../../../shared/scores';
import { useSetScore, type ScoreKind } from './api';

const forms = {
  capital: { label: 'CapitalScore', range: CAPITAL_SCORE, schema: capitalScoreInput, saved: SCORE_MESSAGES.capitalSaved, failed: SCORE_MESSAGES.capitalFailed },
  paydex: { label: 'PAYDEX score', range: PAYDEX_SCORE, schema: paydexScoreInput, saved: SCORE_MESSAGES.paydexSaved, failed: SCORE_MESSAGES.paydexFailed },
} as const;

/** Admins: set one of the client's scores (each save is a new history row, and the client is told). */
export function SetScoreForm({ clientId, kind, current }: { clientId: string; kind: ScoreKind; current: number | null }) {
  const id = useId();
  const form = forms[kind];
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSetScore(clientId, kind);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server checks the same schema; checking here first saves a round trip for a typo.
    const parsed = form.schema.safeParse({ score: value.trim() === '' ? undefined : Number(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.score, {
      onSuccess: () => {
        toast.success(form.saved);
        setValue('');
      },
      onError: (err) => {
        toast.error(form.failed, { description: err.message });
        setError(err.message);
      },
    });
  };

  const hint = `${form.range.min} to ${form.range.max}${current === null ? '' : `; now ${current}`}`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label={`Set ${form.label}`}>
      <FormField id={`${id}-score`} label={`New ${form.label}`} hint={hint} error={error}>
        <Input
          id={`${id}-score`}
          type="number"
          inputMode="numeric"
          min={form.range.min}
          max={form.range.max}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-score`, hint, error)}
          disabled={save.isPending}
        />
      </FormField>
      <Button type="submit" disabled={save.isPending || value.trim() === ''} className="self-start">
        {save.isPending ? 'Saving...' : `Save ${form.label}`}
      </Button>
    </form>
  );
}
