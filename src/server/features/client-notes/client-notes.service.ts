import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers, clientNotes } from '../../db/schema';
import type { Asker, Scope } from '../../middleware/access';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { NOTE_AUTHOR_ONLY, NOTE_NOT_FOUND, NOTES_FULL, type ClientNote } from '../../../shared/client-notes';
import { pageOf, pageWindow, totalOver } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.service';

// The routes' access('staff') has already decided that the asker works the client; every query
// here still names the client, so a note of another client's is simply not there (404).
const columns = {
  id: clientNotes.id,
  body: clientNotes.body,
  authorId: clientNotes.authorId,
  authorName: authUsers.name,
  createdAt: clientNotes.createdAt,
  updatedAt: clientNotes.updatedAt,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null } & { id: string; body: string };

/** The author, or any administrator, may change a note; another staff member only reads it. */
const mayChange = (asker: Asker, authorId: string | null) => asker.role === 'admin' || authorId === asker.id;

const toNote =
  (asker: Asker) =>
  (r: Row): ClientNote => ({
    id: r.id,
    body: r.body,
    author: r.authorId ? { id: r.authorId, name: r.authorName || 'Staff member' } : null,
    createdAt: r.createdAt!.toISOString(),
    updatedAt: r.updatedAt!.toISOString(),
    mayChange: mayChange(asker, r.authorId),
  });

const ofClient = (clientId: string, id?: string) =>
  and(eq(clientNotes.clientId, clientId), id === undefined ? undefined : eq(clientNotes.id, id));

/** A client's notes, newest first, each with its author's name: the page and its total in one statement. */
export async function listNotes(db: Db, asker: Asker, clientId: string, q: PageQuery): Promise<Page<ClientNote>> {
  const rows = await db
    .select({ ...columns, total: totalOver() })
    .from(clientNotes)
    .leftJoin(authUsers, eq(authUsers.id, clientNotes.authorId))
    .where(ofClient(clientId))
    .orderBy(desc(clientNotes.createdAt), desc(clientNotes.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return pageOf(q, rows, () => db.$count(clientNotes, ofClient(clientId)), toNote(asker));
}

/** One note of the client's, with its author (null: not this client's). */
async function findNote(db: Db, asker: Asker, clientId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(clientNotes)
    .leftJoin(authUsers, eq(authUsers.id, clientNotes.authorId))
    .where(ofClient(clientId, id));
  return row ? toNote(asker)(row) : null;
}

export async function addNote(db: Db, scope: Scope, asker: Asker, body: string): Promise<ClientNote> {
  const id = await db.transaction(async (tx) => {
    await enforceRecordLimit(tx, clientNotes.clientId, scope.clientId, LIMITS.clientNotes, 'notes', NOTES_FULL);
    const [row] = await tx
      .insert(clientNotes)
      .values({ id: crypto.randomUUID(), clientId: scope.clientId, authorId: asker.id, body })
      .returning({ id: clientNotes.id });
    await recordAudit(tx, scope, { action: 'create', entityType: 'client_note', entityId: row.id });
    return row.id;
  });
  return (await findNote(db, asker, scope.clientId, id))!;
}

/** The note, locked for the change, if the asker may change it: 404 when it is not the client's, 403 when not theirs. */
async function changeable(tx: Db, asker: Asker, clientId: string, id: string) {
  const [row] = await tx
    .select({ authorId: clientNotes.authorId })
    .from(clientNotes)
    .where(ofClient(clientId, id))
    .for('update');
  if (!row) throw new NotFoundError(NOTE_NOT_FOUND);
  if (!mayChange(asker, row.authorId)) throw new ForbiddenError(NOTE_AUTHOR_ONLY);
}

export async function updateNote(db: Db, scope: Scope, asker: Asker, id: string, body: string): Promise<ClientNote> {
  await db.transaction(async (tx) => {
    await changeable(tx, asker, scope.clientId, id);
    await tx
      .update(clientNotes)
      .set({ body, updatedAt: sql`clock_timestamp()` })
      .where(ofClient(scope.clientId, id));
    await recordAudit(tx, scope, { action: 'update', entityType: 'client_note', entityId: id });
  });
  return (await findNote(db, asker, scope.clientId, id))!;
}

export async function deleteNote(db: Db, scope: Scope, asker: Asker, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await changeable(tx, asker, scope.clientId, id);
    await tx.delete(clientNotes).where(ofClient(scope.clientId, id));
    await recordAudit(tx, scope, { action: 'delete', entityType: 'client_note', entityId: id });
  });
}
