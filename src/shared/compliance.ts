import { z } from 'zod';
import { BUILD_OUT_DAYS } from './compliance-template';
import { percentComplete } from './dashboard';
import { pageFields, type Page } from './paging';
import { isIsoDate } from './fields';
import type { RequestUpload, TaskKind } from './document-requests';
import { plural } from './format';
import { multiLine, singleLine } from './text';

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

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A due date: a calendar date (YYYY-MM-DD, the end of that day in UTC) or an ISO date-time with zone. */
const dueDate = z
  .union([
    z.null(),
    z.literal('').transform(() => null),
    z
      .string('Please enter a valid due date.')
      .max(40, 'Please enter a valid due date.')
      .refine(
        (s) => isIsoDate(s) || (isoDateTime.test(s) && isIsoDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s))),
        'Please enter a valid due date.',
      ),
  ])
  .optional();

/** The due date as the server stores it. */
export const toDueDate = (s: string | null | undefined): Date | null | undefined =>
  s === undefined ? undefined : s === null ? null : isIsoDate(s) ? new Date(`${s}T23:59:59.999Z`) : new Date(s);

const fields = {
  name: z
    .string(TASK_NAME_REQUIRED)
    .trim()
    .min(1, TASK_NAME_REQUIRED)
    .max(200, 'The task name can be at most 200 characters.')
    .check(singleLine('The task name')),
  description: z
    .string('The description must be text.')
    .trim()
    .max(4000, 'The description can be at most 4000 characters.')
    .check(multiLine('The description')),
  dueDate,
  priority: z.enum(taskPriorities, 'Priority must be High, Medium or Low.'),
  status: z.enum(taskStatuses, "Status must be 'Awaiting Completion' or 'Completed'."),
  isBusinessLicense: z.boolean('Business license must be true or false.'),
  isTaxForm: z.boolean('Tax form must be true or false.'),
  isCompliance: z.boolean('Compliance must be true or false.'),
};

/** POST /compliance-tasks (admins): a new task for the client. */
export const taskInput = z
  .object({
    ...fields,
    description: fields.description.default(''),
    priority: fields.priority.default('Medium'),
    status: fields.status.default('Awaiting Completion'),
    isBusinessLicense: fields.isBusinessLicense.default(false),
    isTaxForm: fields.isTaxForm.default(false),
    isCompliance: fields.isCompliance.default(false),
  })
  .strict();
export type TaskInput = z.input<typeof taskInput>;

/** PATCH /compliance-tasks/:taskId (admins): any subset of the fields. */
export const taskUpdate = z
  .object({
    name: fields.name.optional(),
    description: fields.description.optional(),
    dueDate,
    priority: fields.priority.optional(),
    status: fields.status.optional(),
    isBusinessLicense: fields.isBusinessLicense.optional(),
    isTaxForm: fields.isTaxForm.optional(),
    isCompliance: fields.isCompliance.optional(),
  })
  .strict();
export type TaskUpdate = z.input<typeof taskUpdate>;

/**
 * GET /compliance-tasks: a page (45 by default, at most 100) of the client's tasks by due date,
 * optionally only those with a status, a priority, or (not) overdue.
 */
export const taskListQuery = z
  .object({
    ...pageFields(TASKS_PER_VIEW, MAX_TASKS_PER_REQUEST),
    status: z.enum(taskStates, "Status must be 'Awaiting Completion', 'Submitted' or 'Completed'.").optional(),
    priority: z.enum(taskPriorities, 'Priority must be High, Medium or Low.').optional(),
    overdue: z
      .enum(['true', 'false'], 'Overdue must be true or false.')
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();
export type TaskListQuery = z.output<typeof taskListQuery>;
/** The list's filters as the page keeps them (query text; absent means any). */
export type TaskFilters = { status?: TaskStatus; priority?: TaskPriority; overdue?: 'true' | 'false' };

/**
 * The one count of a client's tasks: over all their tasks, whatever page or filter a screen shows.
 * completed: status Completed; overdue: awaiting completion and due before now.
 */
export type TaskCounts = { total: number; completed: number; overdue: number };

/** What GET /compliance-tasks answers: a page of the (filtered) tasks and the client's counts. */
export type TaskPage = Page<ComplianceTask> & { counts: TaskCounts };

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

export type ComplianceTask = {
  id: number;
  name: string;
  description: string;
  /** ISO date-time, or null when the task has no due date. */
  dueDate: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  isBusinessLicense: boolean;
  isTaxForm: boolean;
  isCompliance: boolean;
  createdAt: string;
  /** Awaiting Completion and due before now (a Submitted request waits on staff, not the client). */
  overdue: boolean;
  /** 'document_request': staff asked for a document, and the task has an upload slot. */
  kind: TaskKind;
  /** The document asked for ('' for a plain task). */
  requestedDocument: string;
  /** The Business Documents type (section) the upload files under; null for a plain task. */
  requestedDocumentType: string | null;
  /** Why staff rejected the last upload ('' when none, or once accepted). */
  rejectReason: string;
  /** When the client last uploaded into the request. */
  submittedAt: string | null;
  /** The request's uploads, newest first (at most MAX_UPLOADS_PER_TASK_VIEW, or _IN_LIST in a list), and how many there are. */
  uploads: RequestUpload[];
  uploadCount: number;
};

/** Only a task waiting on the client can be overdue: Completed is done, Submitted waits on staff's review. */
export const isOverdue = (t: { status: TaskStatus; dueDate: string | Date | null }, now = new Date()) =>
  t.status === 'Awaiting Completion' &&
  t.dueDate !== null &&
  (typeof t.dueDate === 'string' ? Date.parse(t.dueDate) : t.dueDate.getTime()) < now.getTime();
