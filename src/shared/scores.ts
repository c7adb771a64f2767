import { z } from 'zod';
import { CAPITAL_SCORE, PAYDEX_SCORE } from './scores-rules';

// CapitalScore and PAYDEX: the inputs an admin saves (the rest is in scores-rules.ts).
export * from './scores-rules';

const scoreField = (label: string, min: number, max: number) =>
  z
    .number(`${label} must be a number.`)
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be between ${min} and ${max}.`)
    .max(max, `${label} must be between ${min} and ${max}.`);

/** An admin's save of a client's CapitalScore: out of range is refused, never clamped silently. */
export const capitalScoreInput = z
  .object({ score: scoreField('CapitalScore', CAPITAL_SCORE.min, CAPITAL_SCORE.max) })
  .strict();
export const paydexScoreInput = z
  .object({ score: scoreField('PAYDEX score', PAYDEX_SCORE.min, PAYDEX_SCORE.max) })
  .strict();
