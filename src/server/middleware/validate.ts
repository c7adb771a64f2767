import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { hasNul } from './no-nul';

/** zod validation whose rejection is a 400 with the first problem in words, never a 500. */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  // The schema rides along on the middleware so the bad-input test can find every validated route.
  Object.assign(
    zValidator(target, schema, (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = issue?.path.join('.');
        const message =
          issue?.code === 'unrecognized_keys'
            ? `Unexpected field: ${issue.keys.join(', ')}`
            : (issue?.message ?? 'Invalid input');
        return c.json({ error: message, field: field || undefined }, 400);
      }
      // refuseNul() sees the raw request; this catches what only decoding reveals (form fields).
      if (hasNul(result.data)) return c.json({ error: 'Text may not contain NUL characters.' }, 400);
    }),
    { validates: { target, schema } as { target: keyof ValidationTargets; schema: ZodType } },
  );
