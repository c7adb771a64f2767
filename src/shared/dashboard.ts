import { BUILD_OUT_DAYS } from './compliance-template';

export type NamedTaskStatus = { id: number; name: string; completed: boolean; dueDate: string | null };

/** GET /api/clients/:clientId/build-out: the timeline banner and the dashboard's progress. */
export type BuildOut = {
  startedAt: string | null;
  /** Day of the build-out, 1 on the day it started, capped at 45. */
  totalDays: number;
  /** The client's task counts over all their tasks (TaskCounts in ./compliance; taskProgress words them). */
  completed: number;
  total: number;
  /** One entry per task, ordered by due date (at most 100): the banner's dots. */
  tasks: { id: number; name: string; completed: boolean }[];
  /** The three tasks the dashboard names (missing ones are left out). */
  namedTasks: NamedTaskStatus[];
};

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Day N of the build-out: 1 on the start day, never more than 45. */
export function buildOutDay(startedAt: Date | null, now: Date): number {
  if (!startedAt) return 0;
  const elapsed = Math.floor((now.getTime() - startedAt.getTime()) / DAY_MS);
  return Math.min(BUILD_OUT_DAYS, Math.max(1, elapsed + 1));
}

/** Percent of tasks completed, rounded; 0 with no tasks. */
export const percentComplete = (completed: number, total: number) =>
  total > 0 ? Math.round((completed / total) * 100) : 0;

export const SEND_NOTIFICATION_FAILED = 'Failed to send notification email';
