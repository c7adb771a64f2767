import { BUILD_OUT_DAYS } from './compliance-template';
import { percentComplete } from './dashboard';
import { plural } from './format';
import type { TaskCounts } from './compliance';

// The compliance constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. compliance.ts re-exports them beside its schemas (one source for both sides).

export const taskPriorities = ['High', 'Medium', 'Low'] as const;
export type TaskPriority = (typeof taskPriorities)[number];
/** The statuses staff set on a task. */
export const taskStatuses = ['Awaiting Completion', 'Completed'] as const;
/** Every status a task can have: a document request is Submitted between the client's upload and staff's review. */
export const taskStates = ['Awaiting Completion', 'Submitted', 'Completed'] as const;
export type TaskStatus = (typeof taskStates)[number];

/** Tasks on one page of the compliance list (the original product's limit of 45); further pages come with Show more. */
export const TASKS_PER_VIEW = 45;
/** The largest page of tasks a request may ask for. */
export const MAX_TASKS_PER_REQUEST = 100;
/** A reminder is sent when a task falls due within this many days, and again once it is overdue. */
export const REMINDER_DUE_SOON_DAYS = 3;

export const ONLY_CONTACT_SUPPORT = 'You can complete only the Contact Support task yourself.';
export const TASK_NOT_FOUND = 'Task not found.';
export const TASK_NAME_REQUIRED = 'Please enter a task name.';

/**
 * Progress as every screen words it (timeline, dashboard, compliance): 'N/M tasks completed' over
 * all the client's tasks. M is 45 while there are none (as in the original product).
 */
export function taskProgress(counts: Pick<TaskCounts, 'completed' | 'total'> | undefined) {
  const completed = counts?.completed ?? 0;
  const total = counts?.total || BUILD_OUT_DAYS;
  const percent = percentComplete(completed, total);
  return {
    completed,
    total,
    percent,
    text: `${completed}/${total} ${plural(total, 'task')} completed`,
    sentence: `${completed} of ${total} ${plural(total, 'task')} completed`,
  };
}

/** Only a task waiting on the client can be overdue: Completed is done, Submitted waits on staff's review. */
export const isOverdue = (t: { status: TaskStatus; dueDate: string | Date | null }, now = new Date()) =>
  t.status === 'Awaiting Completion' &&
  t.dueDate !== null &&
  (typeof t.dueDate === 'string' ? Date.parse(t.dueDate) : t.dueDate.getTime()) < now.getTime();
