import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authUsers,
  businessCompliance,
  businessDocuments,
  notifications,
  recentActivities,
} from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { makePdf } from '../../test/zip';
import { runReminders } from '../reminders/reminder-job';
import { TASK_NOT_FOUND, type ComplianceTask, type TaskPage } from '../../../shared/compliance';
import {
  NOT_A_DOCUMENT_REQUEST,
  REJECT_REASON_REQUIRED,
  REQUEST_ALREADY_COMPLETED,
  REQUEST_DOCUMENT_KEPT,
  REQUEST_NOT_SUBMITTED,
  REQUEST_STATUS_BY_REVIEW,
  REQUESTED_DOCUMENT_REQUIRED,
  type OpenDocumentRequestPage,
} from '../../../shared/document-requests';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const base = (clientId: string) => `/api/clients/${clientId}/compliance-tasks`;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
  await t.db.update(authUsers).set({ name: 'Client Alpha' }).where(eq(authUsers.id, a.id));
  await t.db.update(authUsers).set({ name: 'Client Bravo' }).where(eq(authUsers.id, b.id));
});
afterAll(() => t?.close());

async function upload(
  agent: TestAgent,
  clientId: string,
  taskId: number,
  name = 'articles.pdf',
  bytes = makePdf(name),
) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
  return agent.request('POST', `${base(clientId)}/${taskId}/upload`, { body: form });
}
async function request(
  clientId: string,
  body: Record<string, unknown> = { requestedDocument: 'Articles of Organization', documentType: 'Standard_Corporate' },
) {
  return admin.agent.request('POST', `${base(clientId)}/document-requests`, { json: body });
}
const json = async <T>(res: Response) => (await res.json()) as T;
const audit = (clientId: string) =>
  t.db
    .select({ actor: auditLog.actorId, action: auditLog.action, type: auditLog.entityType, id: auditLog.entityId })
    .from(auditLog)
    .where(eq(auditLog.clientId, clientId))
    .orderBy(asc(auditLog.id));
const activities = (clientId: string) =>
  t.db
    .select({ notes: recentActivities.notes, status: recentActivities.status })
    .from(recentActivities)
    .where(eq(recentActivities.userId, clientId))
    .orderBy(asc(recentActivities.id));
const notes = (userId: string) =>
  t.db
    .select({
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));

describe('document requests', () => {
  it('request, upload, reject with a reason, upload again, accept: states, notices, audit and activities at each step', async () => {
    // Staff ask.
    const created = await request(a.id, {
      requestedDocument: '  Articles of Organization ',
      documentType: 'Standard_Corporate',
      priority: 'High',
      dueDate: '2020-01-01',
    });
    expect(created.status).toBe(201);
    const { task } = await json<{ task: ComplianceTask }>(created);
    expect(task).toMatchObject({
      kind: 'document_request',
      name: 'Articles of Organization',
      requestedDocument: 'Articles of Organization',
      requestedDocumentType: 'Standard_Corporate',
      status: 'Awaiting Completion',
      priority: 'High',
      overdue: true,
      uploads: [],
      uploadCount: 0,
      rejectReason: '',
      submittedAt: null,
    });
    expect(await notes(a.id)).toEqual([
      expect.objectContaining({
        kind: 'task_assigned',
        title: 'Document requested: Articles of Organization',
        link: `/compliance?task=${task.id}`,
      }),
    ]);
    expect(await audit(a.id)).toEqual([
      { actor: admin.id, action: 'create', type: 'business_compliance', id: String(task.id) },
    ]);
    expect(await activities(a.id)).toEqual([
      { notes: expect.stringContaining('Document requested (Standard Corporate)'), status: 'pending' },
    ]);

    // The client uploads: a Business Document in the section, the task Submitted (not overdue), staff told.
    const first = await upload(a.agent, a.id, task.id, 'articles-v1.pdf');
    expect(first.status).toBe(201);
    const submitted = (await json<{ task: ComplianceTask }>(first)).task;
    expect(submitted).toMatchObject({
      status: 'Submitted',
      overdue: false,
      uploadCount: 1,
      submittedAt: expect.any(String),
    });
    expect(submitted.uploads.map((u) => u.documentName)).toEqual(['articles-v1.pdf']);
    const docs = await t.db.select().from(businessDocuments).where(eq(businessDocuments.userId, a.id));
    expect(docs).toEqual([
      expect.objectContaining({
        documentName: 'articles-v1.pdf',
        documentType: 'Standard_Corporate',
        requestTaskId: task.id,
        uploadedBy: a.id,
      }),
    ]);
    const section = await json<{ items: { documentName: string }[] }>(
      await a.agent.get(`/api/clients/${a.id}/documents?type=Standard_Corporate`),
    );
    expect(section.items.map((d) => d.documentName)).toEqual(['articles-v1.pdf']);
    // Downloadable through Business Documents' own route.
    const dl = await a.agent.get(`/api/clients/${a.id}/documents/${submitted.uploads[0].id}/download`);
    expect(dl.status).toBe(200);
    expect((await notes(admin.id)).at(-1)).toMatchObject({
      kind: 'task_changed',
      title: 'Client Alpha submitted Articles of Organization',
      link: `/compliance?client=${a.id}&task=${task.id}`,
    });
    expect((await audit(a.id)).at(-1)).toEqual({
      actor: a.id,
      action: 'update',
      type: 'business_compliance',
      id: String(task.id),
    });
    expect((await activities(a.id)).at(-1)).toEqual({
      notes: expect.stringContaining('Document submitted: articles-v1.pdf'),
      status: 'In Progress',
    });
    const counts = (await json<{ counts: { completed: number; overdue: number } }>(await a.agent.get(base(a.id))))
      .counts;
    expect(counts).toMatchObject({ completed: 0, overdue: 0 });

    // Staff's open list shows it; reject needs a reason.
    const open = await json<OpenDocumentRequestPage>(await admin.agent.get('/api/document-requests?status=Submitted'));
    expect(open.items).toEqual([
      expect.objectContaining({
        id: task.id,
        clientId: a.id,
        clientName: 'Client Alpha',
        status: 'Submitted',
        requestedDocument: 'Articles of Organization',
      }),
    ]);
    const noReason = await admin.agent.request('POST', `${base(a.id)}/${task.id}/reject`, { json: { reason: '   ' } });
    expect(noReason.status).toBe(400);
    expect((await json<{ error: string }>(noReason)).error).toBe(REJECT_REASON_REQUIRED);
    const rejected = await admin.agent.request('POST', `${base(a.id)}/${task.id}/reject`, {
      json: { reason: 'The state seal is missing.' },
    });
    expect(rejected.status).toBe(200);
    expect((await json<{ task: ComplianceTask }>(rejected)).task).toMatchObject({
      status: 'Awaiting Completion',
      rejectReason: 'The state seal is missing.',
      uploadCount: 1,
    });
    expect((await notes(a.id)).at(-1)).toMatchObject({
      kind: 'task_changed',
      title: 'Document rejected: Articles of Organization',
      body: expect.stringContaining('Rejected: The state seal is missing.'),
    });
    expect((await audit(a.id)).at(-1)).toEqual({
      actor: admin.id,
      action: 'update',
      type: 'business_compliance',
      id: String(task.id),
    });
    expect((await activities(a.id)).at(-1)).toEqual({
      notes: 'Document rejected: The state seal is missing.',
      status: 'urgent',
    });
    // Only a submitted request is reviewed.
    const again = await admin.agent.request('POST', `${base(a.id)}/${task.id}/accept`);
    expect(again.status).toBe(409);
    expect((await json<{ error: string }>(again)).error).toBe(REQUEST_NOT_SUBMITTED);

    // The client sees the reason, uploads again; both uploads stay listed, newest first.
    const seen = (await json<{ task: ComplianceTask }>(await a.agent.get(`${base(a.id)}/${task.id}`))).task;
    expect(seen.rejectReason).toBe('The state seal is missing.');
    const second = await upload(a.agent, a.id, task.id, 'articles-v2.pdf');
    expect(second.status).toBe(201);
    const resubmitted = (await json<{ task: ComplianceTask }>(second)).task;
    expect(resubmitted).toMatchObject({ status: 'Submitted', uploadCount: 2 });
    expect(resubmitted.uploads.map((u) => u.documentName)).toEqual(['articles-v2.pdf', 'articles-v1.pdf']);
    // The list shows the request as its own view does: the same uploads, fields and dates.
    const inList = (await json<TaskPage>(await a.agent.get(base(a.id)))).items.find((x) => x.id === task.id);
    const viewed = (await json<{ task: ComplianceTask }>(await a.agent.get(`${base(a.id)}/${task.id}`))).task;
    expect(inList).toEqual(viewed);
    expect((await notes(admin.id)).filter((n) => n.title.includes('submitted Articles'))).toHaveLength(2);

    // Accepted: Completed, the reason cleared, the client told; no more uploads.
    const accepted = await admin.agent.request('POST', `${base(a.id)}/${task.id}/accept`);
    expect(accepted.status).toBe(200);
    expect((await json<{ task: ComplianceTask }>(accepted)).task).toMatchObject({
      status: 'Completed',
      rejectReason: '',
      uploadCount: 2,
    });
    expect((await notes(a.id)).at(-1)).toMatchObject({
      kind: 'task_changed',
      title: 'Document accepted: Articles of Organization',
    });
    expect((await audit(a.id)).map((e) => [e.actor, e.action])).toEqual([
      [admin.id, 'create'],
      [a.id, 'update'],
      [admin.id, 'update'],
      [a.id, 'update'],
      [admin.id, 'update'],
    ]);
    expect((await activities(a.id)).map((x) => x.status)).toEqual([
      'pending',
      'In Progress',
      'urgent',
      'In Progress',
      'Completed',
    ]);
    const done = await upload(a.agent, a.id, task.id, 'late.pdf');
    expect(done.status).toBe(409);
    expect((await json<{ error: string }>(done)).error).toBe(REQUEST_ALREADY_COMPLETED);
    const listed = await json<OpenDocumentRequestPage>(await admin.agent.get('/api/document-requests'));
    expect(listed.items.map((r) => r.id)).not.toContain(task.id);
    const finalCounts = (await json<{ counts: { completed: number } }>(await a.agent.get(base(a.id)))).counts;
    expect(finalCounts.completed).toBe(1);
    expect(await t.db.$count(businessDocuments, eq(businessDocuments.userId, a.id))).toBe(2);
  });

  it('another client cannot upload into the slot, a plain task has none, and bad input is refused with a sentence', async () => {
    const { task } = await json<{ task: ComplianceTask }>(
      await request(a.id, { requestedDocument: 'EIN letter', documentType: 'Advanced Corporate' }),
    );
    expect((await upload(b.agent, a.id, task.id)).status).toBe(404);
    const idor = await upload(b.agent, b.id, task.id);
    expect(idor.status).toBe(404);
    expect((await json<{ error: string }>(idor)).error).toBe(TASK_NOT_FOUND);
    expect((await admin.agent.request('POST', `${base(b.id)}/${task.id}/accept`)).status).toBe(404);
    expect(await t.db.$count(businessDocuments, eq(businessDocuments.requestTaskId, task.id))).toBe(0);

    const [plain] = await t.db
      .insert(businessCompliance)
      .values({ userId: a.id, taskName: 'File annual report' })
      .returning();
    const noSlot = await upload(a.agent, a.id, plain.id);
    expect(noSlot.status).toBe(409);
    expect((await json<{ error: string }>(noSlot)).error).toBe(NOT_A_DOCUMENT_REQUEST);
    expect(
      (await admin.agent.request('POST', `${base(a.id)}/${plain.id}/reject`, { json: { reason: 'x' } })).status,
    ).toBe(409);

    // Clients neither ask nor review; admins only.
    expect(
      (
        await a.agent.request('POST', `${base(a.id)}/document-requests`, {
          json: { requestedDocument: 'X', documentType: 'Standard_Corporate' },
        })
      ).status,
    ).toBe(403);
    expect((await a.agent.request('POST', `${base(a.id)}/${task.id}/accept`)).status).toBe(403);
    expect((await a.agent.get('/api/document-requests')).status).toBe(403);

    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ documentType: 'Standard_Corporate' }, REQUESTED_DOCUMENT_REQUIRED],
      [{ requestedDocument: ' ', documentType: 'Standard_Corporate' }, REQUESTED_DOCUMENT_REQUIRED],
      [
        { requestedDocument: 'x'.repeat(201), documentType: 'Standard_Corporate' },
        'The requested document can be at most 200 characters.',
      ],
      [{ requestedDocument: 'Tax return' }, /^Section must be one of/],
      [{ requestedDocument: 'Tax return', documentType: 'Tax Returns' }, /^Section must be one of/],
      [
        { requestedDocument: 'Tax return', documentType: 'Standard_Corporate', dueDate: 'soon' },
        'Please enter a valid due date.',
      ],
      [{ requestedDocument: 'Tax return', documentType: 'Standard_Corporate', kind: 'task' }, 'Unexpected field: kind'],
    ];
    for (const [body, message] of cases) {
      const res = await request(a.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ error: string }>(res)).error).toMatch(message);
    }
    const long = await admin.agent.request('POST', `${base(a.id)}/${task.id}/reject`, {
      json: { reason: 'x'.repeat(1001) },
    });
    expect(long.status).toBe(400);
    expect((await admin.agent.get('/api/document-requests?status=Completed')).status).toBe(400);
    expect((await admin.agent.get('/api/document-requests?pageSize=101')).status).toBe(400);
  });

  it('lists open requests across clients oldest first, paged; a submitted request is neither overdue nor reminded', async () => {
    const now = Date.now();
    await t.db.delete(businessCompliance).where(inArray(businessCompliance.userId, [a.id, b.id]));
    const rows = await t.db
      .insert(businessCompliance)
      .values([
        {
          userId: b.id,
          taskName: 'Bank statement',
          kind: 'document_request',
          requestedDocument: 'Bank statement',
          requestedDocumentType: 'Bank_Statements',
          createdAt: new Date(now - 3 * DAY),
          taskDueDate: new Date(now - DAY),
          taskStatus: 'Submitted',
        },
        {
          userId: a.id,
          taskName: 'Press kit',
          kind: 'document_request',
          requestedDocument: 'Press kit',
          requestedDocumentType: 'Press Releases',
          createdAt: new Date(now - 2 * DAY),
          taskDueDate: new Date(now - DAY),
        },
        {
          userId: a.id,
          taskName: 'Done',
          kind: 'document_request',
          requestedDocument: 'Done',
          requestedDocumentType: 'Press Releases',
          createdAt: new Date(now - 4 * DAY),
          taskStatus: 'Completed',
        },
        { userId: a.id, taskName: 'Plain', createdAt: new Date(now - 5 * DAY) },
      ])
      .returning();
    const all = await json<OpenDocumentRequestPage>(await admin.agent.get('/api/document-requests'));
    expect(all.items.map((r) => [r.requestedDocument, r.clientName, r.status])).toEqual([
      ['Bank statement', 'Client Bravo', 'Submitted'],
      ['Press kit', 'Client Alpha', 'Awaiting Completion'],
    ]);
    expect(all.total).toBe(2);
    const paged = await json<OpenDocumentRequestPage>(
      await admin.agent.get('/api/document-requests?pageSize=1&page=2'),
    );
    expect(paged).toMatchObject({
      total: 2,
      page: 2,
      pageSize: 1,
      items: [expect.objectContaining({ requestedDocument: 'Press kit' })],
    });
    const waiting = await json<OpenDocumentRequestPage>(
      await admin.agent.get('/api/document-requests?status=Awaiting%20Completion'),
    );
    expect(waiting.items.map((r) => r.requestedDocument)).toEqual(['Press kit']);

    // B's submitted request is past its date but waits on staff: not overdue, no reminder.
    const bList = await json<{ items: ComplianceTask[]; counts: { overdue: number } }>(
      await b.agent.get(`${base(b.id)}?overdue=true`),
    );
    expect(bList.items).toEqual([]);
    expect(bList.counts.overdue).toBe(0);
    await runReminders({ db: t.db, mailer: t.mailer, config: t.config });
    const reminders = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'reminder_sent')));
    expect(reminders.map((r) => r.userId)).toEqual([a.id]);
    expect(rows).toHaveLength(4);
  });

  it('moves only by upload and review: an edit keeps the status, its document stays with the request, and a like-named request is no special task', async () => {
    const { task } = await json<{ task: ComplianceTask }>(
      await request(b.id, { requestedDocument: 'Contact Support', documentType: 'Bank_Statements' }),
    );
    expect((await upload(b.agent, b.id, task.id, 'statement.pdf')).status).toBe(201);
    // Named like the task clients may complete themselves, it is still a request.
    expect((await b.agent.request('POST', `${base(b.id)}/${task.id}/complete`)).status).toBe(409);
    // Staff edit the priority and the name: allowed, still Submitted, the request renamed too.
    const edited = await admin.agent.request('PATCH', `${base(b.id)}/${task.id}`, {
      json: { priority: 'High', name: 'Bank statement, March' },
    });
    expect(edited.status).toBe(200);
    expect((await json<{ task: ComplianceTask }>(edited)).task).toMatchObject({
      status: 'Submitted',
      priority: 'High',
      name: 'Bank statement, March',
      requestedDocument: 'Bank statement, March',
    });
    // A status change by edit, or the complete button (the client's Contact Support one included), is refused.
    for (const status of ['Awaiting Completion', 'Completed']) {
      const res = await admin.agent.request('PATCH', `${base(b.id)}/${task.id}`, { json: { status } });
      expect(res.status).toBe(409);
      expect((await json<{ error: string }>(res)).error).toBe(REQUEST_STATUS_BY_REVIEW);
    }
    expect((await admin.agent.request('POST', `${base(b.id)}/${task.id}/complete`)).status).toBe(409);
    // The uploaded document cannot be deleted from Business Documents while the request holds it.
    const [doc] = await t.db
      .select({ id: businessDocuments.id })
      .from(businessDocuments)
      .where(eq(businessDocuments.requestTaskId, task.id));
    const del = await b.agent.request('DELETE', `/api/clients/${b.id}/documents/${doc.id}`);
    expect(del.status).toBe(409);
    expect((await json<{ error: string }>(del)).error).toBe(REQUEST_DOCUMENT_KEPT);
    const [after] = await t.db
      .select({ status: businessCompliance.taskStatus })
      .from(businessCompliance)
      .where(eq(businessCompliance.id, task.id));
    expect(after.status).toBe('Submitted');
    // Once the request is deleted, its document is an ordinary one again.
    expect((await admin.agent.request('DELETE', `${base(b.id)}/${task.id}`)).status).toBe(200);
    expect((await b.agent.request('DELETE', `/api/clients/${b.id}/documents/${doc.id}`)).status).toBe(200);
  });
});
