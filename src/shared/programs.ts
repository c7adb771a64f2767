import { z } from 'zod';
import { multiLine } from './text';
import { programIds } from './programs-rules';

export * from './programs-rules';

export const programRequestInput = z
  .object({
    programId: z.enum(programIds, 'Please select a program.'),
    note: z
      .string()
      .trim()
      .max(2000, 'The note can be at most 2000 characters.')
      .check(multiLine('The note'))
      .default(''),
  })
  .strict();
export type ProgramRequestInput = z.input<typeof programRequestInput>;
