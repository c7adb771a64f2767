import { describe, expect, it } from 'vitest';
import {
  capitalScoreInput,
  paydexColour,
  paydexRisk,
  paydexScoreInput,
  PAYDEX_REFERENCE,
  scoreChangedText,
  tierFor,
  TIERS,
} from './scores';

describe('CapitalScore tiers', () => {
  it.each([
    [499, 'Foundational'],
    [500, 'Foundational'],
    [624, 'Foundational'],
    [625, 'Emerging'],
    [749, 'Emerging'],
    [750, 'Established'],
    [874, 'Established'],
    [875, 'Prime'],
    [1000, 'Prime'],
  ])('%i is %s', (score, name) => {
    expect(tierFor(score).name).toBe(name);
  });

  it('covers 500-1000 with four tiers, no gap or overlap, each with bullets and funding potential', () => {
    expect(TIERS.map((t) => [t.min, t.max])).toEqual([
      [500, 624],
      [625, 749],
      [750, 874],
      [875, 1000],
    ]);
    for (const t of TIERS) {
      expect(t.description.length).toBeGreaterThan(0);
      expect(t.fundingPotential).not.toBe('');
    }
  });
});

describe('PAYDEX colour and risk band', () => {
  it.each([
    [0, 'red', 'High risk'],
    [1, 'red', 'High risk'],
    [49, 'red', 'High risk'],
    [50, 'yellow', 'Medium risk'],
    [79, 'yellow', 'Medium risk'],
    [80, 'green', 'Low risk'],
    [100, 'green', 'Low risk'],
  ])('%i is %s, %s', (score, colour, risk) => {
    expect(paydexColour(score)).toBe(colour);
    expect(paydexRisk(score)).toBe(risk);
  });

  it('has the 10-row reference table from 100 down to 1', () => {
    expect(PAYDEX_REFERENCE).toHaveLength(10);
    expect(PAYDEX_REFERENCE[0].score).toBe('100');
    expect(PAYDEX_REFERENCE.at(-1)?.score).toBe('1-19');
  });
});

describe('score inputs', () => {
  it('accepts the edges and refuses what lies outside, never clamping', () => {
    expect(capitalScoreInput.safeParse({ score: 500 }).success).toBe(true);
    expect(capitalScoreInput.safeParse({ score: 1000 }).success).toBe(true);
    for (const score of [499, 1001, -1, 650.5, '650', Number.NaN, Infinity])
      expect(capitalScoreInput.safeParse({ score }).success, String(score)).toBe(false);
    expect(paydexScoreInput.safeParse({ score: 0 }).success).toBe(true);
    expect(paydexScoreInput.safeParse({ score: 100 }).success).toBe(true);
    for (const score of [-1, 101, '80', null])
      expect(paydexScoreInput.safeParse({ score }).success, String(score)).toBe(false);
  });

  it('words the notification of a change', () => {
    expect(scoreChangedText('CapitalScore', 610, 655)).toBe('Your CapitalScore changed from 610 to 655');
    expect(scoreChangedText('PAYDEX score', null, 45)).toBe('Your PAYDEX score is now 45');
  });
});
