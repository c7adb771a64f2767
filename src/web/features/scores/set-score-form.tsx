import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { FormField, describedBy } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { CAPITAL_SCORE, PAYDEX_SCORE, SCORE_MESSAGES } from '../../../shared/scores-rules';
import { capitalScoreInput, paydexScoreInput } from '../../../shared/scores';
import { putServerError } from '../../lib/server-error';
import { useSetScore, type ScoreKind } from './api';

const forms = {
  capital: {
    label: 'CapitalScore',
    range: CAPITAL_SCORE,
    schema: capitalScoreInput,
    saved: SCORE_MESSAGES.capitalSaved,
    failed: SCORE_MESSAGES.capitalFailed,
  },
  paydex: {
    label: 'PAYDEX score',
    range: PAYDEX_SCORE,
    schema: paydexScoreInput,
    saved: SCORE_MESSAGES.paydexSaved,
    failed: SCORE_MESSAGES.paydexFailed,
  },
} as const;

type Values = { score: string };
type Output = { score: number };

// The box holds the score as typed; the API's schema reads a number (and says so when it is missing).
const resolverFor = (schema: (typeof forms)[ScoreKind]['schema']): Resolver<Values, unknown, Output> => {
  const check = zodResolver(schema);
  return (values, context, options) =>
    check(
      { score: values.score.trim() === '' ? undefined : Number(values.score) } as Output,
      context,
      options as unknown as Parameters<typeof check>[2],
    );
};
const resolvers = { capital: resolverFor(capitalScoreInput), paydex: resolverFor(paydexScoreInput) };

/** Admins: set one of the client's scores (each save is a new history row, and the client is told). */
export function SetScoreForm({
  clientId,
  kind,
  current,
}: {
  clientId: string;
  kind: ScoreKind;
  current: number | null;
}) {
  const id = useId();
  const form = forms[kind];
  // The server checks the same schema; checking here first saves a round trip for a typo.
  const { register, handleSubmit, reset, setError, getValues, control, formState } = useForm<Values, unknown, Output>({
    resolver: resolvers[kind],
    defaultValues: { score: '' },
    shouldFocusError: false,
  });
  const value = useWatch({ control, name: 'score' });
  const error = formState.errors.score?.message;
  const save = useSetScore(clientId, kind);

  const submit = handleSubmit(({ score }) =>
    save.mutate(score, {
      onSuccess: () => {
        toast.success(form.saved);
        reset({ score: '' });
      },
      onError: (err) => {
        toast.error(form.failed, { description: err.message });
        // A refusal that names no field still belongs to the one box.
        if (putServerError({ setError, getValues }, err)) setError('score', { type: 'server', message: err.message });
      },
    }),
  );

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
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-score`, hint, error)}
          disabled={save.isPending}
          {...register('score')}
        />
      </FormField>
      <Button type="submit" disabled={save.isPending || value.trim() === ''} className="self-start">
        {save.isPending ? 'Saving...' : `Save ${form.label}`}
      </Button>
    </form>
  );
}
