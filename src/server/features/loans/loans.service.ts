import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers, creditLoans } from '../../db/schema';
import type { Loan, LoanInput } from '../../../shared/loans';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';

// The directory is one shared list (docs/architecture.md, "Access"): every signed-in user reads every offer; an offer
// is changed or deleted only by its author or an admin.

/** Who asks: their id and whether they are an admin. */
export type Asker = { id: string; isAdmin: boolean };

type Row = typeof creditLoans.$inferSelect;
type Author = { id: string; name: string; role: 'client' | 'admin' } | null;

const ENTITY = 'credit_loan' as const;

const canEdit = (asker: Asker, authorId: string) => asker.isAdmin || asker.id === authorId;

function authorView(author: NonNullable<Author>, asker: Asker): Loan['author'] {
  const isAdmin = author.role === 'admin';
  const isYou = author.id === asker.id;
  return { name: asker.isAdmin || isAdmin || isYou ? author.name : null, isAdmin, isYou };
}

function toView(row: Row, author: Author, asker: Asker): Loan {
  return {
    id: row.id,
    title: row.title,
    aprRange: row.aprRange,
    loanAmount: row.loanAmount,
    termLength: row.termLength,
    applyUrl: row.applyUrl,
    createdAt: row.createdAt.toISOString(),
    author: author && authorView(author, asker),
    canEdit: canEdit(asker, row.userId),
  };
}

// The author joins in, so a page of offers is one query whatever its size.
const withAuthor = (db: Db) =>
  db
    .select({ loan: creditLoans, authorId: authUsers.id, authorName: authUsers.name, authorRole: authUsers.role })
    .from(creditLoans)
    .leftJoin(authUsers, eq(authUsers.id, creditLoans.userId));

const authorOf = (r: { authorId: string | null; authorName: string | null; authorRole: 'client' | 'admin' | null }): Author =>
  r.authorId ? { id: r.authorId, name: r.authorName ?? '', role: r.authorRole ?? 'client' } : null;

/** Every offer, newest first, a page at a time, each with its author and whether the asker may edit it. */
export async function listLoans(db: Db, asker: Asker, q: PageQuery): Promise<Page<Loan>> {
  const { limit, offset } = pageWindow(q);
  const rows = withAuthor(db).orderBy(desc(creditLoans.createdAt), desc(creditLoans.id)).limit(limit).offset(offset);
  return toPage(q, rows.then((r) => r.map((row) => toView(row.loan, authorOf(row), asker))), db.$count(creditLoans));
}

async function findLoan(db: Db, loanId: string) {
  const [row] = await withAuthor(db).where(eq(creditLoans.id, loanId));
  return row ? { loan: row.loan, author: authorOf(row) } : null;
}

export type LoanAccess = { status: 'ok'; loan: Row; author: Author } | { status: 'not-found' } | { status: 'not-yours' };

/** Whether the offer exists and the asker may change it (author or admin). */
export async function loanAccess(db: Db, asker: Asker, loanId: string): Promise<LoanAccess> {
  const found = await findLoan(db, loanId);
  if (!found) return { status: 'not-found' };
  if (!canEdit(asker, found.loan.userId)) return { status: 'not-yours' };
  return { status: 'ok', ...found };
}

export async function addLoan(db: Db, asker: Asker, input: LoanInput): Promise<Loan> {
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, creditLoans.userId, asker.id, LIMITS.loanOffers, 'loan offers');
    const [row] = await tx
      .insert(creditLoans)
      .values({ id: crypto.randomUUID(), userId: asker.id, ...input })
      .returning();
    const [me] = await tx.select({ id: authUsers.id, name: authUsers.name, role: authUsers.role }).from(authUsers).where(eq(authUsers.id, asker.id));
    return toView(row, me ?? null, asker);
  });
}

/**
 * An admin's change to a client's offer is audited with that client as the subject (the log
 * answers "who else touched my data"); an author's own change, or one to staff's offer, is not.
 */
const auditFor = (asker: Asker, author: Author) =>
  asker.isAdmin && author && author.role !== 'admin' && author.id !== asker.id ? { clientId: author.id, actorId: asker.id, isAdmin: true } : null;

/** null when the offer is gone (deleted meanwhile). The caller checked loanAccess; the author is matched again so the check holds. */
export async function updateLoan(db: Db, asker: Asker, loan: Row, author: Author, input: LoanInput): Promise<Loan | null> {
  const { id: loanId, userId: authorId } = loan;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(creditLoans)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(creditLoans.id, loanId), eq(creditLoans.userId, authorId)))
      .returning();
    if (!row) return null;
    const scope = auditFor(asker, author);
    if (scope) await recordAudit(tx, scope, { action: 'update', entityType: ENTITY, entityId: loanId });
    return toView(row, author, asker);
  });
}

export async function deleteLoan(db: Db, asker: Asker, loan: Row, author: Author): Promise<boolean> {
  const { id: loanId, userId: authorId } = loan;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(creditLoans)
      .where(and(eq(creditLoans.id, loanId), eq(creditLoans.userId, authorId)))
      .returning({ id: creditLoans.id });
    if (!rows.length) return false;
    const scope = auditFor(asker, author);
    if (scope) await recordAudit(tx, scope, { action: 'delete', entityType: ENTITY, entityId: loanId });
    return true;
  });
}
