import { z } from 'zod';
import { documentSections, documentTypes, type BusinessDocument, type DocumentType } from './documents';
import { pageFields, type Page } from './paging';
import { taskInput, type TaskPriority } from './compliance';
import { multiLine, singleLine } from './text';
export { sectionTitle } from './document-requests-rules';

/**
 * Document requests: a compliance task of kind 'document_request' naming the document
 * staff want and the Business Documents section it files under. The client uploads into the task;
 * it is then Submitted until staff accept it (Completed) or reject it with a reason (back to
 * Awaiting Completion).
 */
export const taskKinds = ['task', 'document_request'] as const;
export type TaskKind = (typeof taskKinds)[number];

/** A task's uploads answered with it (GET one task), newest first; the count says how many there are in all. */
export const MAX_UPLOADS_PER_TASK_VIEW = 20;
/** In the list of tasks, fewer a task: a page of 100 requests stays well under 1 MB. The task's own view has the rest. */
export const MAX_UPLOADS_PER_TASK_IN_LIST = 5;

export const REQUESTED_DOCUMENT_REQUIRED = 'Please enter the document you are requesting.';
export const REJECT_REASON_REQUIRED = 'Please say why the document is rejected.';
export const NOT_A_DOCUMENT_REQUEST =
  'This task is not a document request, so it takes no uploads. Upload documents on the Business Documents page.';
export const REQUEST_ALREADY_COMPLETED = 'This document request is already completed: no more uploads are needed.';
export const REQUEST_STATUS_BY_REVIEW =
  'A document request is completed or sent back with Accept or Reject, not by changing its status.';
export const REQUEST_NOTHING_UPLOADED = 'There is no uploaded document to accept: ask the client to upload it again.';
export const REQUEST_DOCUMENT_KEPT =
  'This document was sent for a document request and stays with it. Delete the request first if it is no longer needed.';
export const REQUEST_NOT_SUBMITTED =
  'Only a submitted document request can be accepted or rejected: the client has not uploaded a document since the last review.';

const section = z.enum(documentTypes, {
  message: `Section must be one of: ${documentSections.map((s) => `${s.title} (${s.type})`).join(', ')}.`,
});

/** POST /compliance-tasks/document-requests (admins): the document wanted, its section, and the task's optional fields. */
export const documentRequestInput = z
  .object({
    requestedDocument: z
      .string(REQUESTED_DOCUMENT_REQUIRED)
      .trim()
      .min(1, REQUESTED_DOCUMENT_REQUIRED)
      .max(200, 'The requested document can be at most 200 characters.')
      .check(singleLine('The requested document')),
    documentType: section,
    description: taskInput.shape.description,
    dueDate: taskInput.shape.dueDate,
    priority: taskInput.shape.priority,
  })
  .strict();
export type DocumentRequestInput = z.input<typeof documentRequestInput>;

/** POST /compliance-tasks/:taskId/reject (admins): why, shown to the client. */
export const rejectInput = z
  .object({
    reason: z
      .string(REJECT_REASON_REQUIRED)
      .trim()
      .min(1, REJECT_REASON_REQUIRED)
      .max(1000, 'The reason can be at most 1000 characters.')
      .check(multiLine('The reason')),
  })
  .strict();
export type RejectInput = z.input<typeof rejectInput>;

export const openRequestStates = ['Awaiting Completion', 'Submitted'] as const;
/** GET /api/document-requests (admins): open requests across clients, oldest first. */
export const documentRequestListQuery = z
  .object({
    ...pageFields(50, 100),
    status: z.enum(openRequestStates, "Status must be 'Awaiting Completion' or 'Submitted'.").optional(),
  })
  .strict();
export type DocumentRequestListQuery = z.output<typeof documentRequestListQuery>;

/** One open request in staff's list across clients. */
export type OpenDocumentRequest = {
  id: number;
  clientId: string;
  clientName: string;
  clientEmail: string;
  requestedDocument: string;
  requestedDocumentType: DocumentType | null;
  status: (typeof openRequestStates)[number];
  priority: TaskPriority;
  dueDate: string | null;
  rejectReason: string;
  submittedAt: string | null;
  createdAt: string;
};
export type OpenDocumentRequestPage = Page<OpenDocumentRequest>;

/** An upload listed with its request (the document's own record in Business Documents). */
// The request's review is what its list shows of a file, not Business Documents' kind and check.
export type RequestUpload = Omit<BusinessDocument, 'kind' | 'verification'>;
