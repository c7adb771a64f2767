import { z } from 'zod';
import { pageFields, type Page } from './paging';
import { isIsoDate } from './fields';
import type { RequestUpload, TaskKind } from './document-requests';
import { multiLine, singleLine } from './text';
import {
  MAX_TASKS_PER_REQUEST,
  TASKS_PER_VIEW,
  TASK_NAME_REQUIRED,
  taskPriorities,
  taskStatuses,
  taskStates,
  type TaskPriority,
  type TaskStatus,
} from './compliance-rules';
export {
  type TaskPriority,
  type TaskStatus,
  REMINDER_DUE_SOON_DAYS,
  ONLY_CONTACT_SUPPORT,
  TASK_NOT_FOUND,
  taskProgress,
  isOverdue,
} from './compliance-rules';

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
