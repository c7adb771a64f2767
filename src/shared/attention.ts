import { z } from 'zod';
import { ATTENTION_REASONS } from './attention-rules';
import { pageFields } from './paging';
export * from './attention-rules';

const staffId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Staff member must be 1-100 letters, digits, - or _')
  .optional();

/** GET /api/attention/counts: an administrator may narrow it to one staff member's clients. */
export const attentionCountsQuery = z.object({ staffId }).strict();

/** GET /api/attention: a page of the queue, longest waiting first, of one reason or all. */
export const attentionQuery = z
  .object({
    ...pageFields(50, 100),
    reason: z.enum(ATTENTION_REASONS, { message: `Reason must be one of ${ATTENTION_REASONS.join(', ')}` }).optional(),
    staffId,
  })
  .strict();
export type AttentionQuery = z.output<typeof attentionQuery>;
