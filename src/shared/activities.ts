import { z } from 'zod';
import { multiLine, singleLine } from './text';

/** Every status a stored activity may have: compliance-derived entries may also be pending or urgent. */
export const activityStatuses = ['Completed', 'In Progress', 'pending', 'urgent'] as const;
export type ActivityStatus = (typeof activityStatuses)[number];
/** What a person may give a regular activity. */
export const regularActivityStatuses = ['Completed', 'In Progress'] as const;
export type RegularActivityStatus = (typeof regularActivityStatuses)[number];
/** The choices a form offers: exactly what can be saved (the original product's words as values, stored labels shown). */
export const regularActivityStatusOptions = [
  { value: 'completed', label: 'Completed' },
  { value: 'in-progress', label: 'In Progress' },
] as const satisfies readonly { value: string; label: RegularActivityStatus }[];

export const ACTIVITY_TITLE_REQUIRED = 'Title is required';
export const ACTIVITY_STATUS_ERROR = "Only 'completed' or 'in-progress' statuses are allowed for regular activities.";
export const ACTIVITY_NOT_FOUND = 'Activity not found.';

/** 'completed' / 'in-progress' (the original product's words) or the stored labels; anything else is refused. */
const statusAliases: Record<string, RegularActivityStatus> = {
  completed: 'Completed',
  'in-progress': 'In Progress',
  'in progress': 'In Progress',
};
const regularStatus = z
  .string(ACTIVITY_STATUS_ERROR)
  .max(40, ACTIVITY_STATUS_ERROR)
  .transform((s, ctx) => {
    const status = statusAliases[s.trim().toLowerCase()];
    if (!status) {
      ctx.addIssue({ code: 'custom', message: ACTIVITY_STATUS_ERROR });
      return z.NEVER;
    }
    return status;
  });

const title = z
  .string(ACTIVITY_TITLE_REQUIRED)
  .trim()
  .min(1, ACTIVITY_TITLE_REQUIRED)
  .max(200, 'The title can be at most 200 characters.')
  .check(singleLine('The title'));
const notes = z
  .string('Notes must be text.')
  .trim()
  .max(4000, 'Notes can be at most 4000 characters.')
  .check(multiLine('Notes'));

export const activityInput = z
  .object({ title, notes: notes.default(''), status: regularStatus.default('In Progress') })
  .strict();
export type ActivityInput = z.input<typeof activityInput>;

/** An edit may change any of the fields; a derived entry keeps its status unless one is given. */
export const activityUpdate = z
  .object({ title: title.optional(), notes: notes.optional(), status: regularStatus.optional() })
  .strict();
export type ActivityUpdate = z.input<typeof activityUpdate>;

export type Activity = { id: number; title: string; notes: string; status: ActivityStatus; createdAt: string };
